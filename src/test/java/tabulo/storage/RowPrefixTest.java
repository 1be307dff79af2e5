package tabulo.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** {@link RowPrefixSort#prefix} (one load for 8 bytes or more) against the byte-by-byte definition. */
class RowPrefixTest {
  private static long byteByByte(byte[] row, int off, int len) {
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < len ? row[off + i] & 0xff : 0);
    }
    return p;
  }

  @Test
  void everyOffsetAndLength() {
    Random random = new Random(6);
    for (int round = 0; round < 200; round++) {
      byte[] row = new byte[random.nextInt(24)];
      random.nextBytes(row);
      for (int off = 0; off <= row.length; off++) {
        for (int len = 0; off + len <= row.length; len++) {
          assertEquals(byteByByte(row, off, len), RowPrefixSort.prefix(row, off, len), off + "+" + len);
        }
      }
    }
  }
}
