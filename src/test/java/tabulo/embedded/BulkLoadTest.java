package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeSet;

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

  /**
   * Each entry lands in the tablet holding its row, whichever tablet the entry before went to: rows in order
   * over many tablets (one file per tablet touched, as counted from the split points by brute force), then
   * a run that leaves a tablet and comes back to an earlier one (a file of its own).
   */
  @Test
  void entriesLandInTheTabletsHoldingTheirRows() {
    Random rnd = new Random(7);
    TreeSet<String> splits = new TreeSet<>();
    while (splits.size() < 40) {
      splits.add(Integer.toString(rnd.nextInt(1000), 36));
    }
    TreeSet<String> rows = new TreeSet<>(splits); // split points themselves, at a tablet's end
    while (rows.size() < 3000) {
      rows.add(Integer.toString(rnd.nextInt(1_000_000), 36));
    }
    List<String> expected = new ArrayList<>();
    TreeSet<Integer> touched = new TreeSet<>();
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(splits));
      try (SortedLoader loader = store.bulkLoad("t")) {
        for (String r : rows) {
          loader.append(new Key(r, "", "q", 1), new Value("v"));
          expected.add(r + "|q|v");
          touched.add(splits.headSet(r).size()); // the tablet: split points before the row
        }
      }
      assertEquals(expected, lines(store));
      assertEquals(touched.size(), store.info("t").files(), "one file per tablet touched");
      String late = splits.last() + "z";
      String early = splits.first(); // at the end of the first tablet
      try (SortedLoader loader = store.bulkLoad("t")) {
        loader.append(new Key(late, "", "r", 2), new Value("w"));
        loader.append(new Key(early, "", "r", 2), new Value("w"));
      }
      expected.add(late + "|r|w");
      expected.add(early + "|r|w");
      expected.sort(Comparator.comparing((String e) -> e.substring(0, e.indexOf('|'))).thenComparing(e -> e));
      assertEquals(expected, lines(store));
      assertEquals(touched.size() + 2, store.info("t").files(), "back in an earlier tablet: another file");
    }
  }

  /**
   * Files of a load are fsynced on another thread while the next are written; when close returns, every
   * one has been (as many fsyncs at least as files, besides the manifest's), and all are there.
   */
  @Test
  void everyFileIsSyncedWhenTheLoadCloses() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      long before = AtomicFile.FSYNCS.get();
      List<String> expected = new ArrayList<>();
      try (SortedLoader loader = store.atomicLoad("t")) {
        for (int run = 0; run < 5; run++) {
          if (run > 0) {
            loader.nextRun();
          }
          for (String r : List.of("a", "z")) { // a file in each tablet per run
            loader.append(new Key(r + run, "", "q", 1), new Value("v" + run));
          }
        }
      }
      for (String r : List.of("a", "z")) {
        for (int run = 0; run < 5; run++) {
          expected.add(r + run + "|q|v" + run);
        }
      }
      assertTrue(AtomicFile.FSYNCS.get() - before >= 10, "fsyncs: " + (AtomicFile.FSYNCS.get() - before));
      assertEquals(10, store.info("t").files());
      assertEquals(expected, lines(store));
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
