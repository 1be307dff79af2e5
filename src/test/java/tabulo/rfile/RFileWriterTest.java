package tabulo.rfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.rfile.RFileFixtures.bytes;
import static tabulo.rfile.RFileFixtures.expected;
import static tabulo.rfile.RFileFixtures.indexLevels;
import static tabulo.rfile.RFileFixtures.open;
import static tabulo.rfile.RFileFixtures.randomEntries;
import static tabulo.rfile.RFileFixtures.read;
import static tabulo.rfile.RFileFixtures.writeAccumulo;
import static tabulo.rfile.RFileFixtures.writeTabulo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.file.FileSKVIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.rfile.RFileFixtures.Entry;

/**
 * Tabulo's RFile writer against Accumulo's: the same bytes for the same entries, and Accumulo's reader
 * gives back exactly what was written, from the start and from random seeks.
 */
class RFileWriterTest {
  private static final long K = 1024;
  private static final long BLOCK = RFileWriter.DEFAULT_BLOCK_SIZE;
  private static final long INDEX_BLOCK = RFileWriter.DEFAULT_INDEX_BLOCK_SIZE;

  @TempDir
  Path dir;

  private int files;

  @Test
  void defaultBlockSizesAreAccumulos() {
    var accumulo = org.apache.accumulo.core.conf.DefaultConfiguration.getInstance();
    assertEquals(accumulo.getAsBytes(org.apache.accumulo.core.conf.Property.TABLE_FILE_COMPRESSED_BLOCK_SIZE),
        RFileWriter.DEFAULT_BLOCK_SIZE);
    assertEquals(accumulo.getAsBytes(org.apache.accumulo.core.conf.Property.TABLE_FILE_COMPRESSED_BLOCK_SIZE_INDEX),
        RFileWriter.DEFAULT_INDEX_BLOCK_SIZE);
  }

  private Path file(String name) {
    return dir.resolve(name + "-" + files++ + ".rf");
  }

  /** Writes with both writers, checks the bytes are equal and Accumulo reads back all entries in order. */
  private Path writeBothAndCompare(List<Entry> entries, long blockSize, long indexBlockSize) throws IOException {
    Path ours = writeTabulo(file("tabulo"), entries, blockSize, indexBlockSize);
    Path theirs = writeAccumulo(file("accumulo"), entries, blockSize, indexBlockSize);
    byte[] a = Files.readAllBytes(ours);
    byte[] b = Files.readAllBytes(theirs);
    assertEquals(b.length, a.length, "file length");
    assertEquals(-1, java.util.Arrays.mismatch(a, b), "first byte that differs from Accumulo's file");
    assertEntriesEqual(entries, read(ours, new Range(), Integer.MAX_VALUE));
    return ours;
  }

  private static void assertEntriesEqual(List<Entry> expected, List<Entry> actual) {
    assertEquals(expected.size(), actual.size(), "entries");
    for (int i = 0; i < expected.size(); i++) {
      Key e = expected.get(i).key();
      Key a = actual.get(i).key();
      assertEquals(e, a, "key " + i);
      assertEquals(e.isDeleted(), a.isDeleted(), "delete flag of key " + i);
      assertEquals(e.getTimestamp(), a.getTimestamp(), "timestamp of key " + i);
      assertArrayEquals(expected.get(i).value().get(), actual.get(i).value().get(), "value " + i);
    }
  }

  @Test
  void randomEntriesAreReadBackExactlyAndMatchAccumulosBytes() throws IOException {
    long[][] sizes = {{BLOCK, INDEX_BLOCK}, {1 * K, 1 * K}, {64, 256}, {1, 100}};
    for (int seed = 1; seed <= 3; seed++) {
      List<Entry> entries = randomEntries(new Random(seed), 6000, false);
      for (long[] s : sizes) {
        writeBothAndCompare(entries, s[0], s[1]);
      }
    }
  }

  @Test
  void defaultBlockSizesGiveSeveralIndexLevelsForABigFile() throws IOException {
    // long rows that share a long prefix: index keys cannot be shortened much, so level 0 outgrows 128 KB
    String prefix = "r".repeat(600);
    List<Entry> entries = new ArrayList<>();
    Random rnd = new Random(7);
    for (int i = 0; i < 40_000; i++) {
      byte[] v = new byte[1000];
      rnd.nextBytes(v);
      entries.add(new Entry(new Key(bytes(prefix + String.format("%08d", i)), bytes("f"), bytes("q"), bytes(""), i),
          new Value(v)));
    }
    Path ours = writeBothAndCompare(entries, BLOCK, INDEX_BLOCK);
    TreeMap<Integer, Long> levels = indexLevels(ours);
    assertTrue(levels.size() >= 2, "index levels: " + levels);
    randomSeeks(ours, entries, new Random(8), 200);
  }

  @Test
  void indexEntriesPastTenMegabytesAreBufferedAsAccumuloDoes() throws IOException {
    // one entry per block and 120-byte index keys: more than 10 MB of level 0 entries, and small index blocks
    String prefix = "p".repeat(110);
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      entries.add(new Entry(new Key(bytes(prefix + String.format("%08d", i)), bytes(""), bytes("q"), bytes(""), 5),
          new Value(bytes("v"))));
    }
    Path ours = writeBothAndCompare(entries, 1, 4 * K);
    TreeMap<Integer, Long> levels = indexLevels(ours);
    assertTrue(levels.size() >= 3, "index levels: " + levels);
    randomSeeks(ours, entries, new Random(9), 200);
  }

  @Test
  void randomSeeksMatchTheSortedEntries() throws IOException {
    List<Entry> entries = randomEntries(new Random(11), 20_000, false);
    Path ours = writeTabulo(file("seeks"), entries, 2 * K, 1 * K);
    assertTrue(indexLevels(ours).size() >= 2, "several index levels");
    randomSeeks(ours, entries, new Random(12), 500);
  }

  /** Ranges from existing and new keys, inclusive and exclusive, some unbounded on one side. */
  private static void randomSeeks(Path file, List<Entry> sorted, Random rnd, int seeks) throws IOException {
    for (int i = 0; i < seeks; i++) {
      Key start = randomSeekKey(rnd, sorted);
      Key end = randomSeekKey(rnd, sorted);
      if (start != null && end != null && start.compareTo(end) > 0) {
        Key t = start;
        start = end;
        end = t;
      }
      boolean startInclusive = rnd.nextBoolean();
      boolean endInclusive = rnd.nextBoolean();
      if (start != null && end != null && start.equals(end)) {
        startInclusive = endInclusive = true;
      }
      Range range = new Range(start, startInclusive, end, endInclusive);
      int limit = rnd.nextInt(4) == 0 ? Integer.MAX_VALUE : 1 + rnd.nextInt(50);
      assertEntriesEqual(expected(sorted, range, limit), read(file, range, limit));
    }
  }

  private static Key randomSeekKey(Random rnd, List<Entry> sorted) {
    int kind = rnd.nextInt(10);
    if (kind == 0) {
      return null;
    }
    Key k = sorted.get(rnd.nextInt(sorted.size())).key();
    if (kind < 6) {
      return new Key(k); // an existing key
    }
    if (kind < 8) {
      // a key just after or before an existing one (a row suffix, an older timestamp)
      byte[] row = k.getRowData().toArray();
      byte[] longer = java.util.Arrays.copyOf(row, row.length + 1);
      return rnd.nextBoolean() ? new Key(longer) : new Key(k.getRowData().toArray(),
          k.getColumnFamilyData().toArray(), k.getColumnQualifierData().toArray(), k.getColumnVisibilityData().toArray(),
          k.getTimestamp() == Long.MIN_VALUE ? k.getTimestamp() : k.getTimestamp() - 1);
    }
    byte[] row = new byte[rnd.nextInt(20)];
    rnd.nextBytes(row);
    return new Key(row); // most likely not in the file
  }

  @Test
  void blocksEndAsAccumulosAroundGiantKeys() throws IOException {
    // short keys, then long rows sharing most of their bytes (index keys cannot be shortened below the
    // average: blocks run 10% over size, and some index keys count as giant), then short keys again
    List<Entry> entries = new ArrayList<>();
    Random rnd = new Random(31);
    String longPrefix = "h".repeat(19_000);
    for (int i = 0; i < 3000; i++) {
      entries.add(new Entry(new Key(String.format("a%06d", i), "f", "q", 1), new Value(new byte[8])));
    }
    for (int i = 0; i < 400; i++) {
      byte[] v = new byte[rnd.nextInt(3) == 0 ? 30_000 : 50];
      entries.add(new Entry(new Key(longPrefix + String.format("%06d", i), "f", "q", 1), new Value(v)));
    }
    for (int i = 0; i < 3000; i++) {
      entries.add(new Entry(new Key(String.format("m%06d", i), "f", "q" + "z".repeat(i % 50), 1),
          new Value(new byte[8])));
    }
    for (long[] s : new long[][] {{BLOCK, INDEX_BLOCK}, {8 * K, 2 * K}}) {
      Path ours = writeBothAndCompare(entries, s[0], s[1]);
      randomSeeks(ours, entries, new Random(32), 100);
    }
  }

  @Test
  void emptyFile() throws IOException {
    Path ours = writeBothAndCompare(List.of(), BLOCK, INDEX_BLOCK);
    try (FileSKVIterator r = open(ours)) {
      assertNull(r.getFirstKey());
      r.seek(new Range(), List.of(), false);
      assertFalse(r.hasTop());
    }
  }

  @Test
  void singleEntry() throws IOException {
    Key k = new Key(bytes("row"), bytes("fam"), bytes("qual"), bytes("A&B"), -5);
    k.setDeleted(true);
    Path ours = writeBothAndCompare(List.of(new Entry(k, new Value(new byte[0]))), BLOCK,
        INDEX_BLOCK);
    try (FileSKVIterator r = open(ours)) {
      assertEquals(k, r.getFirstKey());
      assertEquals(k, r.getLastKey());
    }
  }

  @Test
  void columnFamiliesAreCountedUntilAccumuloStops() throws IOException {
    for (int families : new int[] {1, 1001, 1002, 1500}) {
      List<Entry> entries = new ArrayList<>();
      for (int i = 0; i < families; i++) {
        for (int j = 0; j < 1 + i % 3; j++) {
          entries.add(new Entry(new Key(bytes(String.format("r%05d", i)), bytes("cf" + (i * 7919 % families)),
              bytes("q" + j), bytes(""), 0), new Value(bytes("v"))));
        }
      }
      Path ours = writeBothAndCompare(entries, 4 * K, 4 * K);
      try (FileSKVIterator r = open(ours)) {
        Map<String, ArrayList<ByteSequence>> groups = ((org.apache.accumulo.core.file.rfile.RFile.Reader) r)
            .getLocalityGroupCF();
        ArrayList<ByteSequence> known = groups.values().iterator().next();
        if (families <= 1001) {
          assertEquals(families, known.size(), "families listed");
          assertTrue(known.contains(new ArrayByteSequence("cf0")));
        } else {
          assertTrue(known.isEmpty(), "too many families to list"); // the file says -1: unknown
        }
      }
    }
  }

  @Test
  void outOfOrderAppendNamesBothKeys() throws IOException {
    Key later = new Key("b", "f", "q", 5);
    for (Key earlier : new Key[] {new Key("a", "f", "q", 5), new Key("b", "f", "q", 6), deleted(new Key("b", "f", "q", 5))}) {
      try (RFileWriter w = new RFileWriter(new ByteArrayOutputStream())) {
        w.append(later, new Value("1"));
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> w.append(earlier, new Value("2")));
        assertTrue(e.getMessage().contains(earlier.toString()) && e.getMessage().contains(later.toString()),
            e.getMessage());
        w.append(later, new Value("3")); // an equal key may follow
      }
    }
    // like Accumulo's, the writer starts from new Key(): the one key sorting before it is refused
    try (RFileWriter w = new RFileWriter(new ByteArrayOutputStream())) {
      assertThrows(IllegalArgumentException.class, () -> w.append(deleted(new Key()), new Value("1")));
    }
  }

  private static Key deleted(Key k) {
    k.setDeleted(true);
    return k;
  }

  @Test
  void matchesTheClientWriterTheBulkLoaderUsedAndItsScanner() throws IOException {
    List<Entry> entries = randomEntries(new Random(21), 5000, true);
    Path ours = writeTabulo(file("tabulo"), entries, BLOCK, INDEX_BLOCK);
    Path theirs = file("client");
    try (org.apache.accumulo.core.client.rfile.RFileWriter w = RFile.newWriter().to(theirs.toString()).withFileSystem(RFileFixtures.FS)
        .withTableProperties(Map.of("table.file.compress.type", "none")).build()) {
      for (Entry e : entries) {
        w.append(e.key(), e.value());
      }
    }
    assertArrayEquals(Files.readAllBytes(theirs), Files.readAllBytes(ours));

    // the client scanner (no deletes, no labels: it would hide them) over a file without either
    List<Entry> plain = new ArrayList<>();
    for (Entry e : entries) {
      if (!e.key().isDeleted() && e.key().getColumnVisibilityData().length() == 0
          && (plain.isEmpty() || !plain.get(plain.size() - 1).key().equals(e.key()))) {
        plain.add(e);
      }
    }
    Path plainFile = writeTabulo(file("plain"), plain, 4 * K, 4 * K);
    List<Entry> scanned = new ArrayList<>();
    try (Scanner s = RFile.newScanner().from(plainFile.toString()).withFileSystem(RFileFixtures.FS).build()) {
      s.forEach((k, v) -> scanned.add(new Entry(k, v)));
    }
    assertEntriesEqual(plain, scanned);
  }

  @Test
  void reportsWhatTheFileHolds() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RFileWriter w = new RFileWriter(out)) {
      w.append(new Key("a", "f", "q", 5), new Value("1"));
      w.append(new Key("b", "f", "q", 5), new Value("1"));
      assertFalse(w.hasDeletes() || w.hasVisibilities() || w.hasVersions());
      w.append(new Key("b", "f", "q", "L", 4), new Value("1"));
      w.append(new Key("b", "f", "q", "L", 3), new Value("1"));
      w.append(deleted(new Key("c", "f", "q", 3)), new Value("1"));
      assertTrue(w.hasDeletes() && w.hasVisibilities() && w.hasVersions());
      assertEquals(5, w.entries());
    }
    assertTrue(out.size() > 0);
  }
}
