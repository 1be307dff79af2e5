package tabulo.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;

/**
 * Rows given in key order, each row's cells in any column order (with repeats): the table holds each
 * row's cells sorted, the first given of equal keys, as a sorted map that keeps the first value would.
 */
class RowOrderedLoaderTest {
  @TempDir
  Path dir;

  @Test
  void rowsInOrderAndCellsInAnyOrderComeBackSorted() {
    Random random = new Random(11);
    TreeMap<String, String> expected = new TreeMap<>();
    try (EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("r3")));
      store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("a"));
      try (RowOrderedLoader loader = new RowOrderedLoader(store, "t")) {
        for (int r = 0; r < 60; r++) {
          String row = String.format("r%02d", r);
          int cells = random.nextInt(6);
          boolean inOrder = random.nextBoolean(); // rows whose cells come in order, as most do
          for (int c = 0; c < cells; c++) {
            String family = random.nextInt(4) == 0 ? "f" : "";
            String qualifier = inOrder ? "q" + c : "q" + random.nextInt(4);
            String label = random.nextInt(3) == 0 ? "a" : "";
            String value = Integer.toString(random.nextInt(1000));
            expected.putIfAbsent(row + "\t" + family + "\t" + qualifier + "\t" + label, value);
            loader.put(bytes(row), bytes(family), bytes(qualifier), bytes(label), bytes(value));
          }
        }
      }
      List<String> want = new ArrayList<>();
      expected.forEach((cell, value) -> want.add(cell + "=" + value));
      List<String> scanned = new ArrayList<>();
      try (Scan s = store.scan("t", ScanSpec.all().auths(new Authorizations("a")))) {
        for (Entry<Key, Value> e : s) {
          Key k = e.getKey();
          scanned.add(k.getRow() + "\t" + k.getColumnFamily() + "\t" + k.getColumnQualifier() + "\t"
              + k.getColumnVisibility() + "=" + e.getValue());
        }
      }
      assertEquals(want, scanned);
    }
  }

  @Test
  void aRowBeforeThePreviousOneIsRefused() {
    try (EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults());
      RowOrderedLoader loader = new RowOrderedLoader(store, "t");
      loader.put(bytes("b"), new byte[0], bytes("q"), new byte[0], bytes("1"));
      assertThrows(IllegalStateException.class,
          () -> loader.put(bytes("a"), new byte[0], bytes("q"), new byte[0], bytes("1")));
      loader.abort();
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
