package tabulo.rfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.rfile.RFileFixtures.bytes;
import static tabulo.rfile.RFileFixtures.randomEntries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.rfile.RFileFixtures.Entry;

/**
 * Tabulo's reader of uncompressed RFiles ({@link RFileIndex}, {@link RFileCursor}) against Accumulo's RFile
 * reader as the oracle: random keys (binary and unicode bytes, shared prefixes, long fields, deletes, many
 * versions, repeated keys, large values) in files of Tabulo's writer and of Accumulo's, with small blocks
 * (multi-level indexes) and several locality groups, read whole and from random seek keys.
 */
class RFileCursorTest {
  @TempDir
  Path dir;

  /**
   * A file's bytes in memory, as a host hands them out: each read in an array of its own with junk bytes
   * around it (as the engine's checked reads bring whole chunks), or in the array offered for reuse.
   */
  private static BlockSource inMemory(byte[] file) {
    return new BlockSource() {
      @Override
      public long length() {
        return file.length;
      }

      @Override
      public Block read(long position, int length, byte[] reuse) {
        int junk = 7;
        byte[] b = reuse != null && reuse.length >= length + 2 * junk ? reuse : new byte[length + 2 * junk];
        Arrays.fill(b, (byte) 0xA5);
        System.arraycopy(file, (int) position, b, junk, length);
        return new Block(b, junk);
      }
    };
  }

  private static RFileIndex index(Path file) throws IOException {
    return RFileIndex.open(inMemory(Files.readAllBytes(file)), file.toString());
  }

  private static Map<String, Set<ByteSequence>> groups() {
    Map<String, Set<ByteSequence>> g = new LinkedHashMap<>();
    g.put("g1", Set.of(new ArrayByteSequence("f"), new ArrayByteSequence("family")));
    g.put("g2", Set.of(new ArrayByteSequence(new byte[] {0})));
    g.put("unused", Set.of(new ArrayByteSequence("nothing-has-this")));
    return g;
  }

  private Path writeWithGroups(List<Entry> entries, long blockSize, long indexBlockSize, String codec, String name)
      throws IOException {
    Path file = dir.resolve(name);
    try (RFileWriter w = new RFileWriter(Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE), new RFileWriter.Options().blockSizes(blockSize, indexBlockSize).groups(groups())
        .compression(codec))) {
      for (Entry e : entries) {
        w.append(e.key(), e.value());
      }
    }
    return file;
  }

  /** Every group's cells from {@code start} on, in key order (a family is in one group: no ties across them). */
  private static List<Entry> readAll(RFileIndex index, Key start) throws IOException {
    List<Entry> out = new ArrayList<>();
    for (RFileIndex.Group g : index.groups()) {
      RFileCursor c = index.cursor(g);
      for (c.seek(start); c.hasTop(); c.next()) {
        Key k = new Key(Arrays.copyOf(c.row(), c.rowLength()), Arrays.copyOf(c.family(), c.familyLength()),
            Arrays.copyOf(c.qualifier(), c.qualifierLength()), Arrays.copyOf(c.visibility(), c.visibilityLength()),
            c.timestamp(), c.deleted());
        out.add(new Entry(k, new Value(Arrays.copyOfRange(c.value(), c.valueOffset(),
            c.valueOffset() + c.valueLength()))));
      }
    }
    out.sort((a, b) -> a.key().compareTo(b.key())); // stable: repeated keys of one group keep their order
    return out;
  }

  private static void assertSame(List<Entry> expected, List<Entry> actual, String what) {
    assertEquals(expected.size(), actual.size(), what + ": entries");
    for (int i = 0; i < expected.size(); i++) {
      Key e = expected.get(i).key();
      Key a = actual.get(i).key();
      assertEquals(e, a, what + ": key " + i);
      assertEquals(e.isDeleted(), a.isDeleted(), what + ": delete flag of key " + i);
      assertEquals(e.getTimestamp(), a.getTimestamp(), what + ": timestamp of key " + i);
      assertArrayEquals(expected.get(i).value().get(), actual.get(i).value().get(), what + ": value " + i);
    }
  }

  /** Seek keys: existing keys, the same with other timestamps or delete flags, bare rows, keys between. */
  private static List<Key> seekKeys(Random rnd, List<Entry> entries) {
    List<Key> keys = new ArrayList<>();
    keys.add(new Key());
    keys.add(new Key(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}));
    for (int i = 0; i < 25; i++) {
      Key k = entries.get(rnd.nextInt(entries.size())).key();
      switch (i % 5) {
        case 0 -> keys.add(new Key(k));
        case 1 -> keys.add(new Key(k.getRowData().toArray(), k.getColumnFamilyData().toArray(),
            k.getColumnQualifierData().toArray(), k.getColumnVisibilityData().toArray(), rnd.nextLong()));
        case 2 -> keys.add(new Key(k.getRowData().toArray()));
        case 3 -> {
          Key d = new Key(k);
          d.setDeleted(!k.isDeleted());
          keys.add(d);
        }
        default -> keys.add(k.followingKey(org.apache.accumulo.core.data.PartialKey.ROW_COLFAM));
      }
    }
    return keys;
  }

  @Test
  void readsWhatAccumulosReaderReadsFromTabulosFilesWithGroupsAndSmallBlocks() throws IOException {
    long[][] sizes = {{RFileWriter.DEFAULT_BLOCK_SIZE, RFileWriter.DEFAULT_INDEX_BLOCK_SIZE}, {1024, 1024}, {64, 256}};
    for (int seed = 1; seed <= 2; seed++) {
      Random rnd = new Random(seed);
      List<Entry> entries = randomEntries(rnd, 5000, false);
      for (long[] s : sizes) {
        String what = "seed " + seed + ", blocks " + s[0] + "/" + s[1];
        Path file = writeWithGroups(entries, s[0], s[1], "none", "g-" + seed + "-" + s[0] + ".rf");
        RFileIndex index = index(file);
        assertNotNull(index, what);
        assertEquals(4, index.groups().size() + 1, what + ": g1, g2 and the default group hold entries");
        assertSame(RFileFixtures.read(file, new Range(), Integer.MAX_VALUE), readAll(index, null), what);
        for (Key start : seekKeys(rnd, entries)) {
          assertSame(RFileFixtures.read(file, new Range(start, true, null, false), Integer.MAX_VALUE),
              readAll(index, start), what + ", from " + start);
        }
      }
    }
  }

  @Test
  void oneCursorSeekedManyTimesReadsWhatAFreshOneReads() throws IOException {
    // forward seeks inside the block at hand go on from where the cursor is; others load a block again
    Random rnd = new Random(11);
    List<Entry> entries = randomEntries(rnd, 4000, false);
    for (long[] s : new long[][] {{RFileWriter.DEFAULT_BLOCK_SIZE, RFileWriter.DEFAULT_INDEX_BLOCK_SIZE},
        {1024, 1024}, {64, 256}}) {
      Path file = writeWithGroups(entries, s[0], s[1], "none", "seeks-" + s[0] + ".rf");
      RFileIndex index = index(file);
      List<Key> keys = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        keys.addAll(seekKeys(rnd, entries));
      }
      List<Key> ascending = new ArrayList<>(keys);
      ascending.sort(null);
      for (List<Key> order : List.of(ascending, keys)) { // in key order (a lookup of rows), then at random
        for (RFileIndex.Group g : index.groups()) {
          RFileCursor reused = index.cursor(g);
          int steps = 0;
          for (Key start : order) {
            RFileCursor fresh = index.cursor(g);
            reused.seek(start);
            fresh.seek(start);
            for (int n = 0; n < 3 && fresh.hasTop(); n++, steps++) {
              assertTrue(reused.hasTop(), "seek " + start + ", cell " + n);
              assertEquals(0, CellKeys.compare(fresh, reused), "seek " + start + ", cell " + n);
              assertEquals(new String(fresh.value(), fresh.valueOffset(), fresh.valueLength(), UTF_8),
                  new String(reused.value(), reused.valueOffset(), reused.valueLength(), UTF_8));
              fresh.next();
              reused.next();
            }
            if (!fresh.hasTop()) {
              assertFalse(reused.hasTop(), "seek " + start + ": the end");
            }
          }
          assertTrue(steps > 100, "cells compared: " + steps);
        }
      }
    }
  }

  @Test
  void readsAccumulosOwnFilesAndMultiLevelIndexes() throws IOException {
    Random rnd = new Random(7);
    List<Entry> entries = randomEntries(rnd, 8000, true);
    Path file = RFileFixtures.writeAccumulo(dir.resolve("accumulo.rf"), entries, 256, 256);
    assertTrue(RFileFixtures.indexLevels(file).size() >= 3, "a multi-level index: " + RFileFixtures.indexLevels(file));
    RFileIndex index = index(file);
    assertNotNull(index);
    assertEquals(1, index.groups().size());
    assertSame(entries, readAll(index, null), "whole");
    for (Key start : seekKeys(rnd, entries)) {
      assertSame(RFileFixtures.read(file, new Range(start, true, null, false), Integer.MAX_VALUE),
          readAll(index, start), "from " + start);
    }
  }

  @Test
  void indexKeysAreThoseOfAccumulosIndex() throws IOException {
    List<Entry> entries = randomEntries(new Random(11), 4000, false);
    Path file = writeWithGroups(entries, 512, 512, "none", "index.rf");
    List<Key> expected = new ArrayList<>();
    try (org.apache.accumulo.core.file.FileSKVIterator r = RFileFixtures.open(file)) {
      org.apache.accumulo.core.file.FileSKVIterator index = ((org.apache.accumulo.core.file.rfile.RFile.Reader) r)
          .getIndex();
      while (index.hasTop()) {
        expected.add(new Key(index.getTopKey()));
        index.next();
      }
    }
    List<Key> actual = new ArrayList<>();
    for (RFileIndex.Group g : index(file).groups()) {
      actual.addAll(Arrays.asList(g.indexKeys()));
    }
    expected.sort(null);
    actual.sort(null);
    assertTrue(actual.size() > 20, "many blocks: " + actual.size());
    assertEquals(expected, actual);
  }

  @Test
  void leavesCompressedFilesToAccumulosReader() throws IOException {
    List<Entry> entries = randomEntries(new Random(3), 500, false);
    assertNull(index(writeWithGroups(entries, 1024, 1024, "gz", "gz.rf")));
    assertNotNull(index(writeWithGroups(entries, 1024, 1024, "none", "none.rf")));
  }

  @Test
  void anEmptyFileHasNoCells() throws IOException {
    Path file = RFileFixtures.writeTabulo(dir.resolve("empty.rf"), List.of(), 1024, 1024);
    assertEquals(List.of(), readAll(index(file), null));
  }

  @Test
  void aDamagedBlockIsAnErrorNamingTheFileNotAWrongCell() throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      entries.add(new Entry(new Key(String.format("row%05d", i)), new Value(bytes("v" + i))));
    }
    Path file = RFileFixtures.writeTabulo(dir.resolve("cut.rf"), entries, 1 << 20, 1 << 20);
    RFileIndex index = index(file);
    byte[] bytes = Files.readAllBytes(file);
    // the one data block, cut short: what a source hands out when the file lies about a block's size
    RFileIndex.Group g = index.groups().get(0);
    int blockLength = g.sizes()[0];
    byte[] truncated = Arrays.copyOf(bytes, bytes.length);
    for (int i = (int) g.offsets()[0] + blockLength / 2; i < g.offsets()[0] + blockLength; i++) {
      truncated[i] = (byte) 0xff; // lengths and flags past any end
    }
    RFileIndex damaged = RFileIndex.open(inMemory(truncated), "cut.rf");
    IOException e = assertThrows(IOException.class, () -> readAll(damaged, null));
    assertTrue(e.getMessage().contains("cut.rf is damaged"), e.getMessage());
  }
}
