package tabulo.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;

/** Cells put in random order, in several chunks, scan back as a sorted map of the same cells would. */
class SortingLoaderTest {
  @TempDir
  Path dir;

  @Test
  void randomCellsComeBackInKeyOrder() {
    Random random = new Random(7);
    TreeMap<String, String> expected = new TreeMap<>();
    try (EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      try (SortingLoader loader = new SortingLoader(store, "t", 997)) {
        for (int i = 0; i < 5000; i++) {
          // rows sharing long prefixes (as D4M's exploded columns do), short rows, and random ones
          String row = switch (random.nextInt(3)) {
            case 0 -> "dst_host|site" + random.nextInt(300);
            case 1 -> Integer.toString(random.nextInt(50));
            default -> Long.toHexString(random.nextLong());
          };
          String family = random.nextBoolean() ? "" : "f" + random.nextInt(3);
          String qualifier = "q" + random.nextInt(40);
          String cell = row + "\t" + family + "\t" + qualifier;
          if (expected.containsKey(cell)) {
            continue; // one version per cell: the order, not versioning, is under test
          }
          String value = Integer.toString(i);
          expected.put(cell, value);
          loader.put(bytes(row), bytes(family), bytes(qualifier), new byte[0], bytes(value));
        }
      }
      List<String> scanned = new ArrayList<>();
      try (Scan s = store.scan("t", ScanSpec.all())) {
        for (Entry<Key, Value> e : s) {
          Key k = e.getKey();
          scanned.add(k.getRow() + "\t" + k.getColumnFamily() + "\t" + k.getColumnQualifier() + "=" + e.getValue());
        }
      }
      List<String> want = new ArrayList<>();
      expected.forEach((cell, value) -> want.add(cell + "=" + value));
      assertEquals(want, scanned);
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
