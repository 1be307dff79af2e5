package tabulo.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** The eight-bytes-at-once test of {@link TsvWriter} against the byte-by-byte rule it shortcuts. */
class TsvWriterPlainTest {
  /** The rule: printable ASCII but the backslash and the colon. */
  private static boolean plain(int c) {
    return c >= 0x20 && c < 0x7f && c != '\\' && c != ':';
  }

  private static boolean allPlainByteByByte(long w) {
    for (int k = 0; k < 8; k++) {
      if (!plain((int) (w >>> (8 * k)) & 0xff)) {
        return false;
      }
    }
    return true;
  }

  @Test
  void everyByteValueAtEveryPositionAmongPlainOnes() {
    Random random = new Random(3);
    for (int round = 0; round < 200; round++) {
      long base = 0;
      for (int k = 0; k < 8; k++) {
        int c;
        do {
          c = 0x20 + random.nextInt(0x60);
        } while (!plain(c));
        base |= (long) c << (8 * k);
      }
      assertEquals(true, TsvWriter.allPlain(base));
      for (int k = 0; k < 8; k++) {
        for (int c = 0; c < 256; c++) {
          long w = (base & ~(0xffL << (8 * k))) | ((long) c << (8 * k));
          assertEquals(allPlainByteByByte(w), TsvWriter.allPlain(w), Long.toHexString(w));
        }
      }
    }
  }

  @Test
  void randomWords() {
    Random random = new Random(4);
    for (int i = 0; i < 1_000_000; i++) {
      long w = random.nextLong();
      if (random.nextBoolean()) {
        w &= 0x7f7f7f7f7f7f7f7fL; // mostly ASCII
      }
      assertEquals(allPlainByteByByte(w), TsvWriter.allPlain(w), Long.toHexString(w));
    }
  }
}
