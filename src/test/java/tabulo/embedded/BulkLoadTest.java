package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/** Sorted entries loaded straight into files: invisible until close, then all there, durable, and older than later writes. */
class BulkLoadTest {
  @TempDir
  Path dir;

  @Test
  void loadSpansTabletsAppearsOnCloseSurvivesReopenAndLaterWritesWin() {
    Path db = dir.resolve("db");
    List<String> expected = new ArrayList<>();
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("g", "p")));
      long ts = System.currentTimeMillis() + 60_000; // newer than the clock: later writes must still win
      try (SortedLoader loader = store.bulkLoad("t")) {
        for (char r = 'a'; r <= 'z'; r++) {
          for (int c = 0; c < 3; c++) {
            loader.append(new Key(r + "", "", "c" + c, ts), new Value(r + "" + c));
            expected.add(r + "|c" + c + "|" + r + c);
          }
          if (r == 'm') {
            assertEquals(0, store.scanAll("t", ScanSpec.all()).size(), "nothing is visible before close");
          }
        }
      }
      assertEquals(expected, lines(store));
      assertEquals(3, store.info("t").files(), "one file per tablet");
      try (TableWriter w = store.writer("t")) {
        Mutation m = new Mutation("q");
        m.put("", "c1", "new");
        w.addMutation(m);
      }
      expected.set(expected.indexOf("q|c1|q1"), "q|c1|new");
      assertEquals(expected, lines(store));
      SortedLoader bad = store.bulkLoad("t");
      bad.append(new Key("b", "", "x"), new Value("1"));
      assertThrows(IllegalArgumentException.class, () -> bad.append(new Key("a", "", "x"), new Value("1")));
    }
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      assertEquals(expected, lines(store));
      store.compact("t");
      assertEquals(expected, lines(store));
      assertTrue(store.info("t").files() <= 3);
    }
  }

  private static List<String> lines(EmbeddedStore store) {
    List<String> out = new ArrayList<>();
    for (Entry<Key, Value> e : store.scanAll("t", ScanSpec.all())) {
      out.add(e.getKey().getRow() + "|" + e.getKey().getColumnQualifier() + "|" + e.getValue());
    }
    return out;
  }
}
