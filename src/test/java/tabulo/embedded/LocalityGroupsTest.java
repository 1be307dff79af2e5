package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;
import java.util.Set;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Locality groups in the embedded engine: a scan that fetches one family reads (loads from disk) only that
 * family's group, measured in bytes of blocks loaded beside the same cells in a table without groups; the
 * groups hold through flushes, bulk loads, compactions and reopening, and every scan returns exactly the
 * cells written.
 */
class LocalityGroupsTest {
  @TempDir
  Path dir;

  private static final int ROWS = 2000;
  private static final int BIG = 1000; // bytes of each A value: A is what a scan of B must not read

  @Test
  void aScanOfOneFamilyReadsOnlyItsGroup() {
    Path db = dir.resolve("db");
    List<String> a = new ArrayList<>();
    List<String> b = new ArrayList<>();
    List<String> c = new ArrayList<>();
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      store.create("grouped", TableSettings.defaults().localityGroup("ga", Set.of("A"))
          .localityGroup("gb", Set.of("B")));
      store.create("plain", TableSettings.defaults());
      for (String t : List.of("grouped", "plain")) {
        try (TableWriter w = store.writer(t)) { // through the memtable: a minor compaction writes the file
          for (int i = 0; i < ROWS; i++) {
            Mutation m = new Mutation(String.format("r%05d", i));
            m.put("A", "x", "a".repeat(BIG - 4) + String.format("%04d", i % 10_000));
            m.put("B", "y", "b" + i);
            w.addMutation(m);
          }
        }
        store.flush(t);
        try (SortedLoader l = store.bulkLoad(t)) { // a bulk-loaded file: C beside A and B in the same rows
          for (int i = 0; i < ROWS; i += 2) {
            l.append(new Key(String.format("r%05d", i), "C", "z", 1), new Value("c" + i));
          }
        }
      }
      for (int i = 0; i < ROWS; i++) {
        String r = String.format("r%05d", i);
        a.add(r + "|A|x|" + "a".repeat(BIG - 4) + String.format("%04d", i % 10_000));
        b.add(r + "|B|y|b" + i);
        if (i % 2 == 0) {
          c.add(r + "|C|z|c" + i);
        }
      }
      check(store, a, b, c);
      store.compact("grouped"); // one file per tablet, mixing all three families
      store.compact("plain");
      check(store, a, b, c);
    }
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) { // the groups are in the manifest
      check(store, a, b, c);
    }
  }

  private static void check(EmbeddedStore store, List<String> a, List<String> b, List<String> c) {
    long aBytes = (long) ROWS * BIG;
    for (String t : List.of("grouped", "plain")) {
      assertEquals(a, scan(store, t, "A"), t + ": family A");
      assertEquals(c, scan(store, t, "C"), t + ": family C");
    }
    long grouped = bytesLoadedScanning(store, "grouped", "B", b);
    long plain = bytesLoadedScanning(store, "plain", "B", b);
    assertTrue(plain >= aBytes, "without groups a scan of B reads A's blocks too: " + plain + " bytes");
    assertTrue(grouped < aBytes / 20, "with groups a scan of B reads only B's group (and C's, in the default"
        + " group): " + grouped + " bytes, A holds " + aBytes);
  }

  /** Bytes of blocks a scan of {@code family} loads, checking it returns {@code expected}. */
  static long bytesLoadedScanning(EmbeddedStore store, String table, String family, List<String> expected) {
    long before = WholeBlockReads.bytesLoaded();
    assertEquals(expected, scan(store, table, family), table + ": family " + family);
    return WholeBlockReads.bytesLoaded() - before;
  }

  /** The cells of {@code family}, as row|family|qualifier|value. */
  static List<String> scan(EmbeddedStore store, String table, String family) {
    List<String> out = new ArrayList<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all().fetch(family))) {
      Key k = e.getKey();
      out.add(k.getRow() + "|" + k.getColumnFamily() + "|" + k.getColumnQualifier() + "|" + e.getValue());
    }
    return out;
  }
}
