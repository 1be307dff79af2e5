package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.Test;

/** The merge of random sorted sources against sorting all their entries, with seeks and deep copies. */
class MergingIteratorTest {
  private record Entry(Key key, int source, String value) {}

  @Test
  void mergesLikeSortingEverythingWithEarlierSourcesFirstOnTies() throws IOException {
    Random random = new Random(3);
    for (int round = 0; round < 300; round++) {
      int n = 1 + random.nextInt(9);
      List<TreeMap<Key, Value>> maps = new ArrayList<>();
      List<Entry> all = new ArrayList<>();
      for (int s = 0; s < n; s++) {
        TreeMap<Key, Value> m = new TreeMap<>();
        int entries = random.nextInt(60);
        for (int i = 0; i < entries; i++) {
          Key k = new Key(row(random), "f" + random.nextInt(3), "q" + random.nextInt(3), "", random.nextInt(3));
          k.setDeleted(random.nextInt(8) == 0);
          if (!m.containsKey(k)) {
            String v = s + ":" + i;
            m.put(k, new Value(v));
            all.add(new Entry(k, s, v));
          }
        }
        maps.add(m);
      }
      all.sort(Comparator.comparing(Entry::key).thenComparingInt(Entry::source));
      List<SortedKeyValueIterator<Key, Value>> sources = new ArrayList<>();
      for (TreeMap<Key, Value> m : maps) {
        sources.add(new SortedMapIterator(m));
      }
      SortedKeyValueIterator<Key, Value> merged = new MergingIterator(sources);
      if (round % 2 == 1) {
        merged = merged.deepCopy(null);
      }
      Key a = new Key(row(random));
      Key b = new Key(row(random));
      Range range = random.nextInt(4) == 0 || a.equals(b) ? new Range()
          : new Range(a.compareTo(b) < 0 ? a : b, random.nextBoolean(), a.compareTo(b) < 0 ? b : a, random.nextBoolean());
      Set<ByteSequence> families = random.nextBoolean() ? Set.of() : Set.of(new ArrayByteSequence("f1"));
      boolean inclusive = random.nextBoolean();
      merged.seek(range, families, inclusive);
      List<String> got = new ArrayList<>();
      while (merged.hasTop()) {
        got.add(merged.getTopKey() + (merged.getTopKey().isDeleted() ? " del" : "") + " " + merged.getTopValue());
        merged.next();
      }
      List<String> want = new ArrayList<>();
      for (Entry e : all) {
        if (range.contains(e.key())) { // families are a hint to sources, which may ignore them, as these do
          want.add(e.key() + (e.key().isDeleted() ? " del" : "") + " " + e.value());
        }
      }
      assertEquals(want, got, "round " + round);
    }
  }

  /**
   * Rows that often share their first 8 bytes and differ after (by bytes above 0x7f too), or are short, or
   * are another row followed by zero bytes (which zero-padded prefixes do not tell apart).
   */
  private static String row(Random random) {
    return switch (random.nextInt(5)) {
      case 0 -> "shared_prefix_" + random.nextInt(20);
      case 3 -> "shared_p" + "\u0000".repeat(random.nextInt(3)) + (random.nextBoolean() ? "é" : "") + random.nextInt(3);
      case 1 -> "r" + random.nextInt(30);
      default -> Integer.toString(random.nextInt(5));
    };
  }
}
