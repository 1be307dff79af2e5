package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Random sequences of puts, deletes, flushes, compactions, reopenings and scans (ranges, columns,
 * authorizations, ordered and parallel) on a table of several tablets, checked after every scan against
 * an in-memory oracle: the newest write of each cell wins, a delete removes the cell.
 */
class EmbeddedStoreRandomTest {
  private static final String[] FAMILIES = {"", "f", "g"};
  private static final String[] QUALIFIERS = {"a", "b", "c"};
  private static final String[] VISIBILITIES = {"", "A", "B", "A&B", "A|B"};
  private static final Set<String> ALL_AUTHS = Set.of("A", "B");

  /** A cell's coordinates without timestamp: the oracle's key. */
  record Cell(String row, String family, String qualifier, String visibility) implements Comparable<Cell> {
    @Override
    public int compareTo(Cell o) {
      int c = compareBytes(row, o.row);
      c = c != 0 ? c : compareBytes(family, o.family);
      c = c != 0 ? c : compareBytes(qualifier, o.qualifier);
      return c != 0 ? c : compareBytes(visibility, o.visibility);
    }
  }

  static int compareBytes(String a, String b) {
    return java.util.Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** Hand-written visibility semantics for the few expressions used here. */
  static boolean visible(String vis, Set<String> auths) {
    return switch (vis) {
      case "" -> true;
      case "A", "B" -> auths.contains(vis);
      case "A&B" -> auths.contains("A") && auths.contains("B");
      case "A|B" -> auths.contains("A") || auths.contains("B");
      default -> throw new IllegalArgumentException(vis);
    };
  }

  @TempDir
  Path dir;

  private final TreeMap<Cell, String> oracle = new TreeMap<>();

  @Test
  void randomOperationsMatchOracle() {
    for (long seed = 1; seed <= 3; seed++) {
      oracle.clear();
      runSequence(new Random(seed), dir.resolve("db" + seed), 1500);
    }
  }

  private static EngineOptions smallOptions() {
    // tiny memtables and buffers so flushes and merges happen often
    return EngineOptions.defaults().memtableBytes(64 << 10).writerBufferBytes(4 << 10).maxFilesPerTablet(4);
  }

  private void runSequence(Random rnd, Path db, int steps) {
    EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, smallOptions());
    store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("A", "B"));
    store.create("t", TableSettings.defaults().splits(List.of("d", "k", "q")));
    TableWriter writer = store.writer("t");
    int value = 0;
    for (int step = 0; step < steps; step++) {
      int op = rnd.nextInt(100);
      if (op < 55) {
        Mutation m = new Mutation(randomRow(rnd));
        int n = 1 + rnd.nextInt(3);
        Set<Cell> inMutation = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
          Cell c = new Cell(new String(m.getRow(), StandardCharsets.UTF_8), pick(rnd, FAMILIES),
              pick(rnd, QUALIFIERS), pick(rnd, VISIBILITIES));
          if (!inMutation.add(c)) {
            continue; // within one mutation Accumulo gives every update the same timestamp
          }
          if (rnd.nextInt(5) == 0) {
            m.putDelete(c.family(), c.qualifier(), new ColumnVisibility(c.visibility()));
            oracle.remove(c);
          } else {
            String v = Integer.toString(value++);
            m.put(c.family(), c.qualifier(), new ColumnVisibility(c.visibility()), v);
            oracle.put(c, v);
          }
        }
        writer.addMutation(m);
      } else if (op < 60) {
        writer.flush();
      } else if (op < 63) {
        writer.flush();
        store.flush("t");
      } else if (op < 65) {
        writer.flush();
        store.compact("t");
      } else if (op < 67) {
        writer.close();
        store.close();
        store = EmbeddedStore.open(db, EmbeddedStore.ROOT, smallOptions());
        writer = store.writer("t");
      } else {
        writer.flush();
        checkRandomScan(rnd, store);
      }
    }
    writer.close();
    checkScan(store, ScanSpec.all(), null, null, null, ALL_AUTHS);
    store.close();
    // everything survives a clean reopen
    try (EmbeddedStore again = EmbeddedStore.open(db, EmbeddedStore.ROOT, smallOptions())) {
      checkScan(again, ScanSpec.all(), null, null, null, ALL_AUTHS);
    }
  }

  private void checkRandomScan(Random rnd, EmbeddedStore store) {
    ScanSpec spec = ScanSpec.all();
    String lo = null;
    String hi = null;
    if (rnd.nextBoolean()) {
      lo = randomRow(rnd);
      hi = randomRow(rnd);
      if (compareBytes(lo, hi) > 0) {
        String t = lo;
        lo = hi;
        hi = t;
      }
      spec.range(new Range(lo, true, hi, true));
    }
    String family = null;
    String qualifier = null;
    int cols = rnd.nextInt(3);
    if (cols == 1) {
      family = pick(rnd, FAMILIES);
      spec.fetch(family);
    } else if (cols == 2) {
      family = pick(rnd, FAMILIES);
      qualifier = pick(rnd, QUALIFIERS);
      spec.fetch(family, qualifier);
    }
    Set<String> auths = switch (rnd.nextInt(4)) {
      case 0 -> Set.of();
      case 1 -> Set.of("A");
      case 2 -> Set.of("B");
      default -> ALL_AUTHS;
    };
    spec.auths(new Authorizations(auths.toArray(new String[0])));
    if (rnd.nextInt(3) == 0) {
      spec.unordered(3);
    }
    checkScan(store, spec, new String[] {lo, hi}, family, qualifier, auths);
  }

  private void checkScan(EmbeddedStore store, ScanSpec spec, String[] rows, String family, String qualifier,
      Set<String> auths) {
    List<String> expected = new ArrayList<>();
    for (Map.Entry<Cell, String> e : oracle.entrySet()) {
      Cell c = e.getKey();
      boolean inRows = rows == null || rows[0] == null
          || (compareBytes(c.row(), rows[0]) >= 0 && compareBytes(c.row(), rows[1]) <= 0);
      boolean inCols = (family == null || c.family().equals(family))
          && (qualifier == null || c.qualifier().equals(qualifier));
      if (inRows && inCols && visible(c.visibility(), auths)) {
        expected.add(line(c, e.getValue()));
      }
    }
    List<String> actual = new ArrayList<>();
    for (Entry<Key, Value> e : store.scanAll("t", spec)) {
      Key k = e.getKey();
      actual.add(line(new Cell(k.getRow().toString(), k.getColumnFamily().toString(),
          k.getColumnQualifier().toString(), k.getColumnVisibility().toString()), e.getValue().toString()));
    }
    if (!spec.ordered()) {
      actual.sort(null);
      expected.sort(null);
    }
    assertEquals(expected, actual);
  }

  private static String line(Cell c, String v) {
    return c.row() + "|" + c.family() + "|" + c.qualifier() + "|" + c.visibility() + "|" + v;
  }

  private static String randomRow(Random rnd) {
    int len = 1 + rnd.nextInt(2);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < len; i++) {
      sb.append((char) ('a' + rnd.nextInt(20)));
    }
    return sb.toString();
  }

  private static String pick(Random rnd, String[] options) {
    return options[rnd.nextInt(options.length)];
  }
}
