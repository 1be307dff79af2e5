package tabulo.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The dictionary against a HashMap of ByteBuffers numbering the same keys first seen first. */
class KeyDictionaryTest {
  @Test
  void numbersLikeAMapFirstSeenFirst() {
    Random rnd = new Random(7);
    KeyDictionary d = new KeyDictionary(); // small: it grows many times
    Map<ByteBuffer, Integer> oracle = new HashMap<>();
    List<byte[]> absent = new ArrayList<>();
    for (int i = 0; i < 200_000; i++) {
      byte[] k = key(rnd);
      Integer expected = oracle.computeIfAbsent(ByteBuffer.wrap(k), x -> oracle.size());
      assertEquals(expected, d.add(k.clone()), "key " + i);
      absent.add(key(rnd));
    }
    assertEquals(oracle.size(), d.size());
    oracle.forEach((k, n) -> {
      assertEquals(n, d.find(k.array().clone()));
      assertArrayEquals(k.array(), d.key(n));
    });
    for (byte[] k : absent) {
      assertEquals(oracle.getOrDefault(ByteBuffer.wrap(k), -1), d.find(k));
    }
  }

  /** Batches of keys packed one after another (empty keys, long and short, new and seen) number as one by one. */
  @Test
  void aBatchNumbersAsOneByOne() {
    Random rnd = new Random(8);
    KeyDictionary batched = new KeyDictionary(); // small: it grows inside batches
    KeyDictionary single = new KeyDictionary();
    for (int round = 0; round < 2_000; round++) {
      int count = rnd.nextInt(40);
      byte[] flat = new byte[12 * count];
      int[] ends = new int[count + rnd.nextInt(3)]; // longer than count: only count are read
      List<byte[]> keys = new ArrayList<>();
      for (int k = 0, at = 0; k < count; k++) {
        byte[] key = key(rnd);
        System.arraycopy(key, 0, flat, at, key.length);
        at += key.length;
        ends[k] = at;
        keys.add(key);
      }
      int[] numbers = new int[ends.length];
      batched.addAll(flat, ends, count, numbers);
      for (int k = 0; k < count; k++) {
        assertEquals(single.add(keys.get(k)), numbers[k], "round " + round + ", key " + k);
      }
    }
    assertEquals(single.size(), batched.size());
    for (int n = 0; n < single.size(); n++) {
      assertArrayEquals(single.key(n), batched.key(n));
    }
  }

  @Test
  void keysThatDifferOnlyInLengthOrTrailingZerosDiffer() {
    KeyDictionary d = new KeyDictionary(1);
    byte[][] keys = {{}, {0}, {0, 0}, {'a'}, {'a', 0}, {0, 'a'}, {1, 2, 3, 4, 5, 6, 7}, {1, 2, 3, 4, 5, 6, 7, 0},
        {1, 2, 3, 4, 5, 6, 7, 8}, {(byte) 0xff}, {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
            (byte) 0xff, (byte) 0xff}};
    for (int i = 0; i < keys.length; i++) {
      assertEquals(i, d.add(keys[i]));
    }
    for (int i = 0; i < keys.length; i++) {
      assertEquals(i, d.find(keys[i].clone()));
      assertEquals(i, d.add(keys[i].clone()));
    }
    assertEquals(keys.length, d.size());
  }

  /** Short keys (packed in their tags) and long ones (hashed), drawn from few bytes so that they repeat. */
  private static byte[] key(Random rnd) {
    byte[] k = new byte[rnd.nextInt(12)];
    for (int i = 0; i < k.length; i++) {
      k[i] = (byte) (rnd.nextInt(4) == 0 ? 0 : '0' + rnd.nextInt(3));
    }
    return k;
  }
}
