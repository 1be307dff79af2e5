package tabulo.ingest;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Strict UTF-8 validation (Unicode table 3-7): rejects overlong forms, surrogates and code points
 * above U+10FFFF, so any sequence accepted here decodes and re-encodes to the same bytes.
 */
final class Utf8 {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  private Utf8() {}

  /** Length of the well-formed sequence starting at {@code b[i]} (bytes before {@code end}), or 0. */
  static int sequenceLength(byte[] b, int i, int end) {
    int lead = b[i] & 0xff;
    if (lead < 0x80) {
      return 1;
    }
    if (lead < 0xc2 || lead > 0xf4) {
      return 0; // continuation byte, overlong 2-byte lead, or beyond U+10FFFF
    }
    int length = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    if (i + length > end) {
      return 0;
    }
    // The second byte's allowed range depends on the lead byte; later ones are plain continuations.
    int second = b[i + 1] & 0xff;
    int min = 0x80;
    int max = 0xbf;
    switch (lead) {
      case 0xe0 -> min = 0xa0; // overlong
      case 0xed -> max = 0x9f; // surrogates
      case 0xf0 -> min = 0x90; // overlong
      case 0xf4 -> max = 0x8f; // beyond U+10FFFF
      default -> { }
    }
    if (second < min || second > max) {
      return 0;
    }
    for (int k = 2; k < length; k++) {
      if ((b[i + k] & 0xc0) != 0x80) {
        return 0;
      }
    }
    return length;
  }

  /** Index of the first byte in {@code b[from, to)} that does not start a well-formed sequence, or -1. */
  static int firstMalformed(byte[] b, int from, int to) {
    int i = from;
    while (i < to) {
      if (i + 8 <= to && ((long) LONG.get(b, i) & HIGH_BITS) == 0) {
        i += 8; // eight ASCII bytes at once
        continue;
      }
      int lead = b[i];
      if (lead >= 0) {
        i++;
        continue;
      }
      // Two-byte sequences (Latin, Cyrillic, Greek...) checked here: a lead byte C2..DF and a continuation.
      if (lead >= (byte) 0xc2 && lead <= (byte) 0xdf && i + 1 < to && (b[i + 1] & 0xc0) == 0x80) {
        i += 2;
        continue;
      }
      int n = sequenceLength(b, i, to);
      if (n == 0) {
        return i;
      }
      i += n;
    }
    return -1;
  }

  /** The code point of the well-formed sequence of {@code length} bytes at {@code b[i]}. */
  static int decode(byte[] b, int i, int length) {
    return switch (length) {
      case 1 -> b[i];
      case 2 -> (b[i] & 0x1f) << 6 | (b[i + 1] & 0x3f);
      case 3 -> (b[i] & 0x0f) << 12 | (b[i + 1] & 0x3f) << 6 | (b[i + 2] & 0x3f);
      default -> (b[i] & 0x07) << 18 | (b[i + 1] & 0x3f) << 12 | (b[i + 2] & 0x3f) << 6 | (b[i + 3] & 0x3f);
    };
  }
}
