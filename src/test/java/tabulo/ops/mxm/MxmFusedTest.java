package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.Matrices;
import tabulo.ops.Session;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * Row-by-row's fused options against the triple loop filtered afterwards: the strictly upper positional
 * mask (column key after the row key, unsigned bytes), the fused keep (a value comparison), both at once,
 * over split tables; and the error for an outer product asked to fuse them.
 */
public class MxmFusedTest {
  @TempDir
  Path dir;

  private static boolean after(String column, String row) {
    return Arrays.compareUnsigned(column.getBytes(StandardCharsets.UTF_8), row.getBytes(StandardCharsets.UTF_8)) > 0;
  }

  /** The product's cells with {@code upper}: only columns after the row; with {@code min}: values >= min. */
  private static Map<String, Map<String, Double>> filtered(Map<String, Map<String, Double>> c, boolean upper,
      Double min) {
    Map<String, Map<String, Double>> out = new TreeMap<>();
    c.forEach((r, cols) -> cols.forEach((k, v) -> {
      if ((!upper || after(k, r)) && (min == null || v >= min)) {
        out.computeIfAbsent(r, x -> new TreeMap<>()).put(k, v);
      }
    }));
    return out;
  }

  @Test
  void strictlyUpperAndKeepMatchTheFilteredProduct() {
    EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    try (Store s0 = store) {
      Random rnd = new Random(4);
      for (int round = 0; round < 4; round++) {
        String a = "A" + round;
        String b = "B" + round;
        Map<String, Map<String, Double>> ma = Matrices.random(store, rnd, a, List.of("carol", "k"));
        Map<String, Map<String, Double>> mb = Matrices.random(store, rnd, b, List.of("eve"));
        Map<String, Map<String, Double>> c = Matrices.oracle(ma, mb, false, Semirings.PLUS_TIMES, KeySpec.all(),
            KeySpec.all(), KeySpec.all());
        try (Session s = Session.open(store)) {
          s.matrix(a).mxm(s.matrix(b), MxmOptions.defaults().strictlyUpper(true)).into("U" + round);
          s.matrix(a).mxm(s.matrix(b), MxmOptions.defaults().keep(BinaryOps.GE, 1)).into("K" + round);
          s.matrix(a).mxm(s.matrix(b), MxmOptions.defaults().strictlyUpper(true).keep(BinaryOps.GE, 1))
              .into("UK" + round);
        }
        assertEquals(true, !filtered(c, true, 1.0).isEmpty() && filtered(c, false, null).size() > 1, "a test worth its name");
        assertEquals(filtered(c, true, null), Matrices.read(store, "U" + round), "strictly upper, round " + round);
        assertEquals(filtered(c, false, 1.0), Matrices.read(store, "K" + round), "keep >= 1, round " + round);
        assertEquals(filtered(c, true, 1.0), Matrices.read(store, "UK" + round), "both, round " + round);
      }
    }
  }

  @Test
  void theOuterProductCannotFuseThem() {
    EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations());
    try (Store s0 = store; Session s = Session.open(store)) {
      Matrices.random(store, new Random(1), "A", List.of());
      TabuloException e = assertThrows(TabuloException.class, () -> s.matrix("A").mxm(s.matrix("A"),
          MxmOptions.defaults().algorithm(MxmOptions.Algorithm.OUTER).strictlyUpper(true)).into("C"));
      assertEquals(true, e.getMessage().contains("row-by-row"), e.getMessage());
    }
  }
}
