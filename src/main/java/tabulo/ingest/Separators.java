package tabulo.ingest;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The tabs of one TSV line and whether it holds a backslash, found in one pass eight bytes a step: a line
 * without a backslash needs no unescaping, so its fields can be used where they are. Reused: {@link #scan}
 * overwrites the last result.
 */
final class Separators {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long TABS = 0x0909090909090909L;
  private static final long BACKSLASHES = 0x5c5c5c5c5c5c5c5cL;
  private static final long LOW_BITS = 0x7f7f7f7f7f7f7f7fL;

  /** Tabs in the line. */
  int count;
  /** Positions of the first three tabs (-1 when there are fewer). */
  int first;
  int second;
  int third;
  /** Whether the line holds a backslash (an escape, or a lone one the unescaper reports). */
  boolean backslash;

  /** Scans {@code b[from, to)}; returns this. */
  Separators scan(byte[] b, int from, int to) {
    count = 0;
    first = -1;
    second = -1;
    third = -1;
    long backslashes = 0;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long word = (long) LONG.get(b, i);
      backslashes |= zeroBytes(word ^ BACKSLASHES);
      for (long tabs = zeroBytes(word ^ TABS); tabs != 0; tabs &= tabs - 1) {
        tab(i + (Long.numberOfTrailingZeros(tabs) >>> 3));
      }
    }
    backslash = backslashes != 0;
    for (; i < to; i++) {
      if (b[i] == '\t') {
        tab(i);
      } else if (b[i] == '\\') {
        backslash = true;
      }
    }
    return this;
  }

  private void tab(int at) {
    switch (count++) {
      case 0 -> first = at;
      case 1 -> second = at;
      case 2 -> third = at;
      default -> { }
    }
  }

  /** The high bit of each byte of {@code x} that is zero, and no other bit: exact, with no borrow between bytes. */
  private static long zeroBytes(long x) {
    long y = (x & LOW_BITS) + LOW_BITS; // high bit set where the low seven bits are not all zero
    return ~(y | x | LOW_BITS);
  }
}
