package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tabulo.math.Monoids;

/** Parts folded by content of (key, label), in the order first seen, against a map of strings; reused after clear. */
class PartFoldsTest {
  @Test
  void foldsMatchAMapOfStringsAcrossClears() {
    Random random = new Random(5);
    PartFolds folds = new PartFolds(Monoids.named("plus"));
    for (int round = 0; round < 4; round++) {
      Map<String, Double> expected = new LinkedHashMap<>();
      int keys = 1 + random.nextInt(round == 0 ? 5 : 3000); // a few parts, then enough to grow and rehash
      for (int i = 0; i < 20_000; i++) {
        String key = "k" + random.nextInt(keys);
        String label = random.nextInt(4) == 0 ? "" : "l" + random.nextInt(3);
        double value = random.nextInt(100);
        expected.merge(key + "|" + label, value, Double::sum);
        // fresh arrays every time: parts are found by content, not identity
        folds.add(folds.part(bytes(key), bytes(label)), value);
      }
      List<String> got = new ArrayList<>();
      for (int p = 0; p < folds.size(); p++) {
        got.add(text(folds.key(p)) + "|" + text(folds.label(p)) + "=" + folds.fold(p));
      }
      List<String> want = new ArrayList<>();
      expected.forEach((part, sum) -> want.add(part + "=" + sum));
      assertEquals(want, got, "round " + round);
      folds.clear();
      assertEquals(0, folds.size());
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
