package tabulo.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The dictionary against a HashMap numbering the same keys first seen first. */
class LongDictionaryTest {
  @Test
  void numbersLikeAMapFirstSeenFirst() {
    Random rnd = new Random(11);
    LongDictionary d = new LongDictionary(); // small: it grows many times
    Map<Long, Integer> oracle = new HashMap<>();
    for (int i = 0; i < 300_000; i++) {
      long k = key(rnd);
      Integer expected = oracle.computeIfAbsent(k, x -> oracle.size());
      assertEquals(expected, d.add(k), "key " + i);
    }
    assertEquals(oracle.size(), d.size());
    oracle.forEach((k, n) -> {
      assertEquals(n, d.find(k));
      assertEquals(k, d.key(n));
    });
    for (int i = 0; i < 100_000; i++) {
      long k = key(rnd);
      assertEquals(oracle.getOrDefault(k, -1), d.find(k));
    }
  }

  @Test
  void zeroAndNegativeKeysAreKeysLikeAnyOther() {
    LongDictionary d = new LongDictionary(1);
    long[] keys = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 32, 1, (1L << 32) | 1};
    for (int i = 0; i < keys.length; i++) {
      assertEquals(-1, d.find(keys[i]));
      assertEquals(i, d.add(keys[i]));
    }
    for (int i = 0; i < keys.length; i++) {
      assertEquals(i, d.add(keys[i]));
      assertEquals(keys[i], d.key(i));
    }
    assertEquals(keys.length, d.size());
  }

  /** Pairs of small numbers packed as the outer product packs (row, part), so that they repeat; some wide. */
  private static long key(Random rnd) {
    return rnd.nextInt(10) == 0 ? rnd.nextLong() : ((long) rnd.nextInt(500) << 32) | rnd.nextInt(300);
  }
}
