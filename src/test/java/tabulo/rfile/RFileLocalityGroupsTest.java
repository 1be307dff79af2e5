package tabulo.rfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.rfile.RFileFixtures.bytes;
import static tabulo.rfile.RFileFixtures.open;
import static tabulo.rfile.RFileFixtures.randomEntries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;

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
 * Tabulo's RFile writer with locality groups, read by Accumulo's reader: every entry back in key order when
 * no family is asked for, and exactly the entries of the groups that may hold the families asked for (or
 * not excluded) otherwise, named groups and the default one; blocks of the groups interleave in the file.
 * Uncompressed and gz-compressed blocks (Accumulo's reader decompresses with the codec the file names).
 */
class RFileLocalityGroupsTest {
  @TempDir
  Path dir;

  private static final ByteSequence F = seq("f");
  private static final ByteSequence FAMILY = seq("family");
  private static final ByteSequence ZERO = new ArrayByteSequence(new byte[] {0});
  private static final ByteSequence FAMILZ = seq("familz");
  private static final ByteSequence EMPTY = seq("");

  private static ByteSequence seq(String s) {
    return new ArrayByteSequence(bytes(s));
  }

  private static Map<String, Set<ByteSequence>> groups() {
    Map<String, Set<ByteSequence>> g = new LinkedHashMap<>();
    g.put("g1", Set.of(F, FAMILY));
    g.put("g2", Set.of(ZERO));
    g.put("unused", Set.of(seq("nothing-has-this")));
    return g;
  }

  private Path write(List<Entry> entries, long blockSize, long indexBlockSize, String codec, String name)
      throws IOException {
    Path file = dir.resolve(name + ".rf");
    try (RFileWriter w = new RFileWriter(Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE), new RFileWriter.Options().blockSizes(blockSize, indexBlockSize).groups(groups())
        .compression(codec))) {
      for (Entry e : entries) {
        w.append(e.key(), e.value());
      }
    }
    return file;
  }

  private static List<Entry> read(Path file, Set<ByteSequence> families, boolean inclusive) throws IOException {
    List<Entry> out = new ArrayList<>();
    try (FileSKVIterator r = open(file)) {
      r.seek(new Range(), families, inclusive);
      while (r.hasTop()) {
        out.add(new Entry(new Key(r.getTopKey()), new Value(r.getTopValue())));
        r.next();
      }
    }
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

  private static List<Entry> where(List<Entry> entries, Predicate<ByteSequence> family) {
    return entries.stream().filter(e -> family.test(e.key().getColumnFamilyData())).toList();
  }

  @Test
  void eachFamilyIsReadBackFromItsGroupAndAllTogetherInKeyOrder() throws IOException {
    long[][] sizes = {{RFileWriter.DEFAULT_BLOCK_SIZE, RFileWriter.DEFAULT_INDEX_BLOCK_SIZE}, {1024, 1024}, {64, 256}};
    for (int seed = 1; seed <= 2; seed++) {
      List<Entry> entries = randomEntries(new Random(seed), 6000, false);
      for (long[] s : sizes) {
       for (String codec : List.of("none", "gz")) {
        String what = "seed " + seed + ", blocks " + s[0] + "/" + s[1] + ", " + codec;
        Path file = write(entries, s[0], s[1], codec, "groups-" + seed + "-" + s[0] + "-" + codec);
        if (codec.equals("gz")) { // the blocks are compressed: smaller than the same file uncompressed
          long plain = Files.size(dir.resolve("groups-" + seed + "-" + s[0] + "-none.rf"));
          assertTrue(Files.size(file) < plain, what + ": " + Files.size(file) + " bytes, uncompressed " + plain);
        }
        assertSame(entries, read(file, Set.of(), false), what + ", everything");
        // the file reader returns whole groups: those that may hold a family asked for (its iterator above,
        // ColumnFamilySkippingIterator, drops the other families); the others it does not read at all
        Predicate<ByteSequence> g1 = cf -> cf.equals(F) || cf.equals(FAMILY);
        Predicate<ByteSequence> g2 = ZERO::equals;
        assertSame(where(entries, g1), read(file, Set.of(F), true), what + ", family f: group g1");
        assertSame(where(entries, g1.or(g2)), read(file, Set.of(F, ZERO), true), what + ", f and \\0: g1 and g2");
        assertSame(where(entries, g1.or(g2).negate()), read(file, Set.of(FAMILZ, EMPTY), true),
            what + ", familz and the empty family: the default group");
        assertSame(where(entries, g1.negate()), read(file, Set.of(F, FAMILY), false), what + ", all but g1");
       }
      }
    }
  }

  @Test
  void keysOutOfOrderAcrossGroupsAreRefused() throws IOException {
    try (RFileWriter w = new RFileWriter(Files.newOutputStream(dir.resolve("order.rf")), 1024, 1024, groups())) {
      w.append(new Key("r2", "f", "q"), new Value("1")); // group g1
      w.append(new Key("r2", "familz", "q"), new Value("2")); // the default group, after it: fine
      assertThrows(IllegalArgumentException.class, () -> w.append(new Key("r1", "family", "q"), new Value("3")));
      assertThrows(IllegalArgumentException.class, () -> w.append(new Key("r1", "x", "q"), new Value("3")));
      w.append(new Key("r3", "family", "q"), new Value("4"));
    }
  }

  @Test
  void aFamilyInTwoGroupsIsRefused() {
    Map<String, Set<ByteSequence>> g = Map.of("x", Set.of(F), "y", Set.of(F, FAMILY));
    assertThrows(IllegalArgumentException.class,
        () -> new RFileWriter(Files.newOutputStream(dir.resolve("bad.rf")), 1024, 1024, g));
  }
}
