package tabulo.embedded;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableInfo;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * The child process of {@link ManyTabletsTest}, run with a small heap: a table with
 * {@value #SPLITS} split points goes through create, put, scan, info, flush, compact, close and reopen,
 * each checked against a sorted map of what was written. Prints {@code OK} when all agree; any
 * difference (or running out of memory) ends it with an exception.
 */
public final class ManyTabletsChild {
  static final int SPLITS = 10_000;

  /** Split point i: tablet i holds rows up to and including it. */
  static String split(int i) {
    return String.format("r%05d", i);
  }

  public static void main(String[] args) throws Exception {
    Path db = Path.of(args[0]);
    EngineOptions options = EngineOptions.defaults().memtableBytes(1 << 20);
    List<String> splits = new ArrayList<>();
    for (int i = 0; i < SPLITS; i++) {
      splits.add(split(i));
    }
    TreeMap<String, String> oracle = new TreeMap<>(); // "row column" -> value
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, options)) {
      store.create("h", TableSettings.defaults().splits(splits));
      // a few cells in a few tablets: the first, the last, one on a split point and one just after it
      put(store, oracle, Map.of("a", "1", "r00100", "2", "r00100x", "3", "r05000y", "4", "r05000z", "5", "zz", "6"));
      check(store, oracle, 6, 0, "after put");
      store.flush("h");
      check(store, oracle, 6, 5, "after flush");
      // more writes over 200 tablets, a delete, then a compaction: a file per tablet with data
      Map<String, String> more = new TreeMap<>();
      for (int i = 0; i < 200; i++) {
        more.put(split(i * 37) + "m", "v" + i);
      }
      put(store, oracle, more);
      delete(store, oracle, "r00100x");
      store.compact("h");
      check(store, oracle, oracle.size(), tabletsWithData(oracle), "after compact");
    }
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, options)) {
      check(store, oracle, oracle.size(), -1, "after reopen");
      put(store, oracle, Map.of("r09999", "6"));
      check(store, oracle, oracle.size(), -1, "after a put on reopen");
    }
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, options)) {
      check(store, oracle, oracle.size(), -1, "after replaying the log");
    }
    System.out.println("OK");
  }

  /** How many tablets hold cells of the oracle: after a compaction, each has one file. */
  private static int tabletsWithData(TreeMap<String, String> oracle) {
    return (int) oracle.keySet().stream().map(k -> tabletOf(k.substring(0, k.indexOf(' ')))).distinct().count();
  }

  private static int tabletOf(String row) {
    int lo = 0;
    int hi = SPLITS;
    while (lo < hi) { // the first split at or after the row
      int mid = (lo + hi) >>> 1;
      if (split(mid).compareTo(row) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static void put(EmbeddedStore store, TreeMap<String, String> oracle, Map<String, String> cells) {
    try (TableWriter w = store.writer("h")) {
      cells.forEach((row, value) -> {
        Mutation m = new Mutation(row);
        m.put("", "c", value);
        w.addMutation(m);
        oracle.put(row + " c", value);
      });
    }
  }

  private static void delete(EmbeddedStore store, TreeMap<String, String> oracle, String row) {
    try (TableWriter w = store.writer("h")) {
      Mutation m = new Mutation(row);
      m.putDelete("", "c");
      w.addMutation(m);
      oracle.remove(row + " c");
    }
  }

  /** Whole scans, a range scan and info agree with the oracle; {@code files} unchecked when negative. */
  private static void check(EmbeddedStore store, TreeMap<String, String> oracle, long entries, int files,
      String when) {
    expect(oracle, scan(store, ScanSpec.all()), when + ", ordered scan");
    expect(oracle, new TreeMap<>(scan(store, ScanSpec.all().unordered(2))), when + ", unordered scan");
    Range r = new Range("r00050", "r05000z"); // rows r00050 to r05000z, both included
    TreeMap<String, String> inRange = new TreeMap<>(oracle.subMap("r00050", true, "r05000z\uffff", true));
    expect(inRange, scan(store, ScanSpec.all().range(r)), when + ", range scan");
    TableInfo info = store.info("h");
    if (info.tablets() != SPLITS + 1 || info.entries() != entries || (files >= 0 && info.files() != files)) {
      throw new AssertionError(when + ": info " + info + ", expected " + (SPLITS + 1) + " tablets, " + entries
          + " entries, " + files + " files");
    }
  }

  private static TreeMap<String, String> scan(EmbeddedStore store, ScanSpec spec) {
    TreeMap<String, String> seen = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll("h", spec)) {
      seen.put(e.getKey().getRow() + " " + e.getKey().getColumnQualifier(), e.getValue().toString());
    }
    return seen;
  }

  private static void expect(Map<String, String> expected, Map<String, String> seen, String what) {
    if (!expected.equals(seen)) {
      throw new AssertionError(what + ": expected " + expected.size() + " cells, saw " + seen.size()
          + (expected.size() < 20 ? ": expected " + expected + ", saw " + seen : ""));
    }
  }
}
