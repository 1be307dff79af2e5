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
