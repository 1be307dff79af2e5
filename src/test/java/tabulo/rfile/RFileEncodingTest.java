package tabulo.rfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Random;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.file.rfile.KeyShortener;
import org.apache.accumulo.core.file.rfile.bcfile.Utils;
import org.apache.hadoop.io.WritableUtils;
import org.junit.jupiter.api.Test;

/** The pieces Tabulo's writer reproduces, each against the Accumulo or Hadoop code it reproduces. */
class RFileEncodingTest {

  private static long[] interestingLongs(Random rnd) {
    long[] v = new long[20_000];
    int i = 0;
    for (int shift = 0; shift < 64; shift++) {
      for (long d = -2; d <= 2; d++) {
        v[i++] = (1L << shift) + d;
        v[i++] = -(1L << shift) + d;
      }
    }
    for (long d = -300; d <= 300; d++) {
      v[i++] = d;
    }
    v[i++] = Long.MAX_VALUE;
    v[i++] = Long.MIN_VALUE;
    while (i < v.length) {
      v[i++] = rnd.nextLong() >> rnd.nextInt(64);
    }
    return v;
  }

  @Test
  void varintsAreHadoopsAndBCFiles() throws IOException {
    for (long v : interestingLongs(new Random(1))) {
      ByteArrayOutputStream hadoop = new ByteArrayOutputStream();
      WritableUtils.writeVLong(new DataOutputStream(hadoop), v);
      BlockBuffer b = new BlockBuffer(1);
      b.putVLong(v);
      assertArrayEquals(hadoop.toByteArray(), Arrays.copyOf(b.array(), b.size()), "Hadoop varint of " + v);

      ByteArrayOutputStream bcfile = new ByteArrayOutputStream();
      Utils.writeVLong(new DataOutputStream(bcfile), v);
      b.reset();
      b.putBCFileVLong(v);
      assertArrayEquals(bcfile.toByteArray(), Arrays.copyOf(b.array(), b.size()), "BCFile varint of " + v);
    }
  }

  @Test
  void shortenedIndexKeysAreKeyShortenersOwn() {
    Random rnd = new Random(2);
    for (int i = 0; i < 200_000; i++) {
      byte[] a = randomBytes(rnd);
      byte[] b = rnd.nextInt(4) == 0 ? extend(rnd, a) : randomBytes(rnd);
      int c = Arrays.compareUnsigned(a, b);
      if (c == 0) {
        continue;
      }
      byte[] prev = c < 0 ? a : b;
      byte[] cur = c < 0 ? b : a;
      ByteSequence expected = KeyShortener.shorten(new ArrayByteSequence(prev), new ArrayByteSequence(cur));
      byte[] padded = Arrays.copyOf(prev, prev.length + 3); // the writer's arrays run past the field
      Arrays.fill(padded, prev.length, padded.length, (byte) 0x77);
      byte[] actual = IndexKeys.between(padded, prev.length, cur, 0, cur.length);
      if (expected == null) {
        assertNull(actual);
      } else {
        assertArrayEquals(expected.toArray(), actual, Arrays.toString(prev) + " " + Arrays.toString(cur));
      }
    }
  }

  private static byte[] randomBytes(Random rnd) {
    byte[] b = new byte[rnd.nextInt(6)];
    for (int i = 0; i < b.length; i++) {
      int k = rnd.nextInt(5);
      b[i] = (byte) (k == 0 ? 0 : k == 1 ? 0xff : k == 2 ? 0xfe : k == 3 ? 1 : rnd.nextInt(256));
    }
    return b;
  }

  private static byte[] extend(Random rnd, byte[] a) {
    byte[] b = Arrays.copyOf(a, a.length + 1 + rnd.nextInt(2));
    if (rnd.nextBoolean()) {
      b[a.length] = 0;
    }
    return b;
  }

  @Test
  void keySizeStatsAreRollingStatsExactly() throws Exception {
    Class<?> c = Class.forName("org.apache.accumulo.core.file.rfile.RollingStats");
    Constructor<?> make = c.getDeclaredConstructor(int.class);
    make.setAccessible(true);
    Method add = c.getDeclaredMethod("addValue", long.class);
    Method mean = c.getDeclaredMethod("getMean");
    Method sd = c.getDeclaredMethod("getStandardDeviation");
    add.setAccessible(true);
    mean.setAccessible(true);
    sd.setAccessible(true);
    Random rnd = new Random(3);
    for (int run = 0; run < 20; run++) {
      Object rolling = make.newInstance(KeySizeStats.WINDOW);
      KeySizeStats ours = new KeySizeStats();
      int n = 3000 + rnd.nextInt(20_000);
      int readEvery = 1 + rnd.nextInt(run % 3 == 0 ? 5 : 3000);
      for (int i = 0; i < n; i++) {
        int size = rnd.nextInt(10) == 0 ? rnd.nextInt(5000) : 20 + rnd.nextInt(run % 2 == 0 ? 3 : 40);
        add.invoke(rolling, (long) size);
        ours.add(size);
        if (rnd.nextInt(readEvery) == 0) {
          assertEquals((double) mean.invoke(rolling), ours.mean(), "mean after " + (i + 1));
          assertEquals((double) sd.invoke(rolling), ours.standardDeviation(), "deviation after " + (i + 1));
        }
      }
    }
  }
}
