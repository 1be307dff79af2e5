package tabulo.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The eight-bytes-at-a-time scans of the TSV reader (newline search, UTF-8 validation) against the plain
 * byte-by-byte loops, on random slices of bytes drawn to hit their edge cases: newlines next to bytes one
 * above or below them, high bytes that borrow, and sequences cut at the slice's end.
 */
class ByteScansTest {
  private static final byte[] ALPHABET = {'\n', '\t', 0x0b, 0x09, (byte) 0x8a, (byte) 0x80, (byte) 0xff, 0x00, 'a',
      (byte) 0xd0, (byte) 0xba, (byte) 0xe2, (byte) 0x82, (byte) 0xac, (byte) 0xf0, (byte) 0x9f, (byte) 0xed,
      (byte) 0xa0, (byte) 0xc0, (byte) 0xc1, (byte) 0xc2, (byte) 0xdf, (byte) 0x5c};

  @Test
  void newlineSearchFindsTheFirstNewlineAsALoopWould() {
    Random random = new Random(11);
    for (int round = 0; round < 20000; round++) {
      byte[] b = bytes(random);
      int from = random.nextInt(b.length + 1);
      int to = from + random.nextInt(b.length - from + 1);
      int want = -1;
      for (int i = from; i < to; i++) {
        if (b[i] == '\n') {
          want = i;
          break;
        }
      }
      assertEquals(want, TsvReader.indexOfNewline(b, from, to), "round " + round);
    }
  }

  @Test
  void utf8ValidationFindsTheFirstMalformedByteAsALoopWould() {
    Random random = new Random(12);
    for (int round = 0; round < 20000; round++) {
      byte[] b = bytes(random);
      int from = random.nextInt(b.length + 1);
      int to = from + random.nextInt(b.length - from + 1);
      int want = -1;
      for (int i = from; i < to; ) {
        int n = Utf8.sequenceLength(b, i, to);
        if (n == 0) {
          want = i;
          break;
        }
        i += n;
      }
      assertEquals(want, Utf8.firstMalformed(b, from, to), "round " + round);
    }
  }

  @Test
  void separatorScanFindsTheTabsAndBackslashesAsALoopWould() {
    Random random = new Random(13);
    Separators scan = new Separators();
    for (int round = 0; round < 20000; round++) {
      byte[] b = bytes(random);
      for (int i = 0; i < b.length; i++) {
        if (random.nextInt(30) == 0) {
          b[i] = random.nextBoolean() ? (byte) '\\' : (byte) 0x5d; // a backslash, or one above it
        }
      }
      int from = random.nextInt(b.length + 1);
      int to = from + random.nextInt(b.length - from + 1);
      int[] tabs = {-1, -1, -1};
      int count = 0;
      boolean backslash = false;
      for (int i = from; i < to; i++) {
        if (b[i] == '\t') {
          if (count < 3) {
            tabs[count] = i;
          }
          count++;
        }
        backslash |= b[i] == '\\';
      }
      scan.scan(b, from, to);
      String at = "round " + round;
      assertEquals(count, scan.count, at);
      assertEquals(tabs[0], scan.first, at);
      assertEquals(tabs[1], scan.second, at);
      assertEquals(tabs[2], scan.third, at);
      assertEquals(backslash, scan.backslash, at);
    }
  }

  /** Mostly ASCII (long runs, so the wide steps are taken), with rarer bytes of the alphabet. */
  private static byte[] bytes(Random random) {
    byte[] b = new byte[random.nextInt(70)];
    int rare = 1 + random.nextInt(40);
    for (int i = 0; i < b.length; i++) {
      b[i] = random.nextInt(rare) == 0 ? ALPHABET[random.nextInt(ALPHABET.length)] : (byte) (0x20 + random.nextInt(95));
    }
    return b;
  }
}
