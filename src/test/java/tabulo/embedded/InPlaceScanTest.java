package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map.Entry;
import java.util.Random;
import java.util.Set;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.user.VersioningIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.iterators.ColumnSpecFilter;
import tabulo.rfile.CellFields;
import tabulo.storage.Cells;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Scans that hand out cells read in place ({@link Scan#forEachCell}: Tabulo's RFile reader, the merge and
 * {@link NewestVisibleCells}) against the same scans iterated through the iterator stack (Accumulo's
 * delete, visibility and versioning iterators over Accumulo's RFile reader) as the oracle: random cells
 * (unicode and binary rows, locality groups, deletes, many versions with equal and distinct timestamps,
 * visibilities) in several files and a memtable, several tablets, random ranges (starting inside a column's
 * versions, exclusive ends) and authorizations; also tables and scans the in-place path leaves to the stack.
 */
class InPlaceScanTest {
  private static final String[] FAMILIES = {"", "f", "g", "h\u00e9"};
  private static final String[] VISIBILITIES = {"", "", "A", "B", "A&B", "A|B", "(A|B)&C"};

  @TempDir
  Path dir;

  /**
   * Comparisons run on the database opened read-only: nothing compacts in the background between the two
   * scans compared (a compaction could reorder cells with equal keys, or, under a versioning iterator that
   * keeps two, keep other ones).
   */
  private EmbeddedStore open() {
    return EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
  }

  private EmbeddedStore openReadOnly() {
    return EmbeddedStore.openReadOnly(dir.resolve("db"), EmbeddedStore.ROOT);
  }

  private static byte[] randomRow(Random rnd) {
    return switch (rnd.nextInt(4)) {
      case 0 -> ("\u043a\u043b\u044e\u0447-" + rnd.nextInt(60)).getBytes(StandardCharsets.UTF_8);
      case 1 -> new byte[] {(byte) rnd.nextInt(256), (byte) rnd.nextInt(256)};
      case 2 -> ("row" + rnd.nextInt(40)).getBytes(StandardCharsets.UTF_8);
      default -> ("p" + "x".repeat(rnd.nextInt(20)) + rnd.nextInt(5)).getBytes(StandardCharsets.UTF_8);
    };
  }

  /** Random writes with explicit timestamps (equal ones, deletes among them), flushed into several files. */
  private static void fill(EmbeddedStore store, String table, Random rnd) {
    TableWriter w = store.writer(table);
    for (int batch = 0; batch < 6; batch++) {
      for (int i = 0; i < 400; i++) {
        Mutation m = new Mutation(randomRow(rnd));
        String family = FAMILIES[rnd.nextInt(FAMILIES.length)];
        String qualifier = "q" + rnd.nextInt(4);
        ColumnVisibility cv = new ColumnVisibility(VISIBILITIES[rnd.nextInt(VISIBILITIES.length)]);
        long ts = rnd.nextInt(6);
        if (rnd.nextInt(6) == 0) {
          m.putDelete(new Text(family), new Text(qualifier), cv, ts);
        } else {
          m.put(new Text(family), new Text(qualifier), cv, ts, new Value(("v" + rnd.nextInt(1000)).getBytes()));
        }
        w.addMutation(m);
      }
      w.flush();
      if (batch < 5) {
        store.flush(table); // the last batch stays in the memtable
      }
    }
    w.close();
  }

  private static String show(Key k, byte[] value, int offset, int length) {
    return Arrays.toString(k.getRowData().toArray()) + " " + k.getColumnFamily() + ":" + k.getColumnQualifier()
        + " [" + k.getColumnVisibility() + "] " + k.getTimestamp() + (k.isDeleted() ? " del" : "") + " = "
        + new String(value, offset, length, StandardCharsets.UTF_8);
  }

  private static List<String> throughStack(EmbeddedStore store, String table, ScanSpec spec) {
    List<String> out = new ArrayList<>();
    try (Scan scan = store.scan(table, spec)) {
      for (Entry<Key, Value> e : scan) {
        out.add(show(e.getKey(), e.getValue().get(), 0, e.getValue().getSize()));
      }
    }
    return out;
  }

  private static List<String> inPlace(EmbeddedStore store, String table, ScanSpec spec) {
    List<String> out = new ArrayList<>();
    try (Scan scan = store.scan(table, spec)) {
      long n = scan.forEachCell(c -> {
        Key k = new Key(Arrays.copyOf(c.row(), c.rowLength()), Arrays.copyOf(c.family(), c.familyLength()),
            Arrays.copyOf(c.qualifier(), c.qualifierLength()), Arrays.copyOf(c.visibility(), c.visibilityLength()),
            c.timestamp(), c.deleted());
        out.add(show(k, c.value(), c.valueOffset(), c.valueLength()));
        return true;
      });
      assertEquals(out.size(), n, "cells counted");
    }
    List<String> pulled = new ArrayList<>(); // the same scan through Scan.cells, pulled one at a time
    try (Scan scan = store.scan(table, spec)) {
      Cells cells = scan.cells();
      for (CellFields c = cells.next(); c != null; c = cells.next()) {
        Key k = new Key(Arrays.copyOf(c.row(), c.rowLength()), Arrays.copyOf(c.family(), c.familyLength()),
            Arrays.copyOf(c.qualifier(), c.qualifierLength()), Arrays.copyOf(c.visibility(), c.visibilityLength()),
            c.timestamp(), c.deleted());
        pulled.add(show(k, c.value(), c.valueOffset(), c.valueLength()));
      }
      assertNull(cells.next(), "still at the end");
    }
    assertSameCells(out, pulled, "pulled through cells()");
    return out;
  }

  /** A range from a random key: sometimes a bare row, sometimes inside a column's versions, either end open. */
  private static Range randomRange(Random rnd, List<Key> cells) {
    byte[] a = randomRow(rnd);
    byte[] b = randomRow(rnd);
    if (Arrays.compareUnsigned(a, b) > 0) {
      byte[] t = a;
      a = b;
      b = t;
    }
    Key start = switch (rnd.nextInt(5)) {
      case 0 -> null;
      case 4 -> cells.get(rnd.nextInt(cells.size())); // a cell the scan shows: an exclusive start drops it
      case 1 -> new Key(a);
      case 2 -> new Key(a, FAMILIES[rnd.nextInt(FAMILIES.length)].getBytes(StandardCharsets.UTF_8),
          ("q" + rnd.nextInt(4)).getBytes(StandardCharsets.UTF_8),
          VISIBILITIES[rnd.nextInt(VISIBILITIES.length)].getBytes(StandardCharsets.UTF_8), rnd.nextInt(6));
      default -> new Key(a).followingKey(PartialKey.ROW);
    };
    Key end = rnd.nextInt(4) == 0 ? null : new Key(b, FAMILIES[rnd.nextInt(FAMILIES.length)].getBytes(
        StandardCharsets.UTF_8), new byte[0], new byte[0], rnd.nextInt(6));
    if (start != null && end != null && start.compareTo(end) > 0) {
      end = null;
    }
    return new Range(start, rnd.nextBoolean(), end, rnd.nextBoolean());
  }

  private static Authorizations randomAuths(Random rnd) {
    return switch (rnd.nextInt(4)) {
      case 0 -> new Authorizations();
      case 1 -> new Authorizations("A");
      case 2 -> new Authorizations("A", "B");
      default -> new Authorizations("A", "B", "C");
    };
  }

  /** Equal lists, or a failure naming the first difference (the lists are long). */
  private static void assertSameCells(List<String> expected, List<String> actual, String what) {
    int i = 0;
    while (i < expected.size() && i < actual.size() && expected.get(i).equals(actual.get(i))) {
      i++;
    }
    if (i < expected.size() || i < actual.size()) {
      assertEquals(i < expected.size() ? expected.get(i) : "(end)", i < actual.size() ? actual.get(i) : "(end)",
          what + ": cell " + i + " of " + expected.size() + " expected, " + actual.size() + " read in place");
    }
  }

  private void compareRandomScans(EmbeddedStore store, String table, Random rnd, int scans) {
    List<Key> cells = new ArrayList<>();
    try (Scan scan = store.scan(table, ScanSpec.all())) {
      for (Entry<Key, Value> e : scan) {
        cells.add(new Key(e.getKey()));
      }
    }
    assertSameCells(throughStack(store, table, ScanSpec.all()), inPlace(store, table, ScanSpec.all()), "everything");
    for (int i = 0; i < scans; i++) {
      ScanSpec spec = ScanSpec.all().auths(randomAuths(rnd));
      int ranges = rnd.nextInt(3);
      for (int r = 0; r < ranges; r++) {
        spec.range(randomRange(rnd, cells));
      }
      String what = table + ", scan " + i + ": " + spec.ranges() + " " + spec.auths();
      List<String> expected = throughStack(store, table, spec);
      ScanSpec again = ScanSpec.all().auths(spec.auths());
      if (ranges > 0) {
        again.ranges(spec.ranges());
      }
      assertSameCells(expected, inPlace(store, table, again), what);
    }
  }

  @Test
  void plainScansReadInPlaceGiveWhatTheIteratorStackGives() {
    try (EmbeddedStore store = open()) {
      store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("A", "B", "C"));
      store.create("t", TableSettings.defaults().splits(List.of("p", "row2"))
          .localityGroup("fg", Set.of("f", "g")).localityGroup("e", Set.of("h\u00e9")));
    }
    for (int seed = 1; seed <= 2; seed++) {
      Random rnd = new Random(seed);
      try (EmbeddedStore store = open()) {
        fill(store, "t", rnd); // the last batch stays in the log: a memtable when read
      }
      try (EmbeddedStore store = openReadOnly()) {
        long before = EmbeddedScan.piecesReadInPlace();
        compareRandomScans(store, "t", rnd, 150);
        assertTrue(EmbeddedScan.piecesReadInPlace() > before + 150, "the plain scans were read in place");
      }
    }
    try (EmbeddedStore store = open()) {
      store.compact("t"); // one file per tablet, deletes dropped
    }
    try (EmbeddedStore store = openReadOnly()) {
      compareRandomScans(store, "t", new Random(3), 50);
    }
  }

  @Test
  void scansTheInPlacePathLeavesToTheStackGiveTheSameCells() {
    try (EmbeddedStore store = open()) {
      store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("A", "B", "C"));
      store.create("all", TableSettings.defaults().keepAllVersions());
      IteratorSetting two = new IteratorSetting(20, "vers", VersioningIterator.class);
      VersioningIterator.setMaxVersions(two, 2);
      store.create("two", TableSettings.defaults().keepAllVersions().iterator(two,
          EnumSet.allOf(IteratorScope.class)));
      store.create("plain", TableSettings.defaults());
      for (String t : List.of("all", "two", "plain")) {
        fill(store, t, new Random(5));
      }
    }
    try (EmbeddedStore store = openReadOnly()) {
      long before = EmbeddedScan.piecesReadInPlace();
      compareRandomScans(store, "all", new Random(6), 40);
      compareRandomScans(store, "two", new Random(7), 40);
      assertEquals(before, EmbeddedScan.piecesReadInPlace(), "every version, or two: the iterator stack");
      // a scan iterator or fetched columns: the stack, the same cells
      IteratorSetting cols = new IteratorSetting(1000, "cols", ColumnSpecFilter.class);
      ColumnSpecFilter.setSpec(cols, "f:q1,g:q2,");
      assertSameCells(throughStack(store, "plain", ScanSpec.all().iterator(cols)),
          inPlace(store, "plain", ScanSpec.all().iterator(cols)), "a scan iterator");
      assertSameCells(throughStack(store, "plain", ScanSpec.all().fetch("f")), inPlace(store, "plain",
          ScanSpec.all().fetch("f")), "a fetched family");
      assertEquals(before, EmbeddedScan.piecesReadInPlace(), "iterators and columns: the stack");
    }
  }

  /** Sorted files this process has open (Linux: /proc/self/fd). */
  private static long openSortedFiles() throws java.io.IOException {
    try (java.util.stream.Stream<Path> fds = java.nio.file.Files.list(Path.of("/proc/self/fd"))) {
      return fds.filter(fd -> {
        try {
          return java.nio.file.Files.readSymbolicLink(fd).toString().endsWith(".rf");
        } catch (java.io.IOException | UnsupportedOperationException e) {
          return false; // closed meanwhile
        }
      }).count();
    }
  }

  @Test
  void filesReadInPlaceAreOpenOnlyWhileAScanUsesThem() throws java.io.IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(Path.of("/proc/self/fd")));
    try (EmbeddedStore store = open()) {
      store.create("t", TableSettings.defaults().splits(List.of("p", "row2")));
      fill(store, "t", new Random(4));
    }
    try (EmbeddedStore store = openReadOnly()) {
      long before = openSortedFiles();
      long pieces = EmbeddedScan.piecesReadInPlace();
      try (Scan scan = store.scan("t", ScanSpec.all())) {
        long[] during = {-1};
        scan.forEachCell(c -> {
          if (during[0] < 0) {
            try {
              during[0] = openSortedFiles();
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          }
          return true;
        });
        assertTrue(during[0] > before, "the first tablet's files are open while it is read: " + during[0]);
      }
      assertTrue(EmbeddedScan.piecesReadInPlace() > pieces, "read in place");
      for (int i = 0; i < 3; i++) {
        inPlace(store, "t", ScanSpec.all());
      }
      assertEquals(before, openSortedFiles(), "no sorted file left open by scans that ended");
    }
  }

  @Test
  void aSinkThatStopsEndsTheScan() {
    try (EmbeddedStore store = open()) {
      store.create("t", TableSettings.defaults().splits(List.of("p")));
      fill(store, "t", new Random(9));
    }
    try (EmbeddedStore store = openReadOnly()) {
      int[] seen = {0};
      try (Scan scan = store.scan("t", ScanSpec.all())) {
        assertEquals(10, scan.forEachCell(c -> ++seen[0] < 10));
      }
      assertEquals(10, seen[0]);
    }
  }
}
