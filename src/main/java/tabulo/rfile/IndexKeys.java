package tabulo.rfile;

import java.util.Arrays;

/**
 * Keys as the index and the locality group metadata store them (Key's Writable form), and the short
 * keys Accumulo's KeyShortener places in the index between two blocks.
 */
final class IndexKeys {
  static final byte[] EMPTY = {};

  private IndexKeys() {}

  /**
   * Key.write: the offsets of family, qualifier and visibility and the total length (Hadoop varints),
   * the four fields, the timestamp (Hadoop varint) and the delete flag.
   */
  static void write(BlockBuffer out, byte[] row, int rowOff, int rowLen, byte[] cf, int cfOff, int cfLen,
      byte[] cq, int cqOff, int cqLen, byte[] cv, int cvOff, int cvLen, long timestamp, boolean deleted) {
    out.putVLong(rowLen);
    out.putVLong(rowLen + cfLen);
    out.putVLong(rowLen + cfLen + cqLen);
    out.putVLong(rowLen + cfLen + cqLen + cvLen);
    out.put(row, rowOff, rowLen);
    out.put(cf, cfOff, cfLen);
    out.put(cq, cqOff, cqLen);
    out.put(cv, cvOff, cvLen);
    out.putVLong(timestamp);
    out.putBoolean(deleted);
  }

  /**
   * KeyShortener.shorten of two byte strings, prev &lt; current: a string S with prev &lt; S &lt; current,
   * short where possible (prev cut after the first differing byte, raised by one; or prev's prefix up to
   * that byte and the run of 0xff after it, then 0xff; or prev then 0x00); null when prev + 0x00 is
   * current itself.
   */
  static byte[] between(byte[] prev, int prevLen, byte[] cur, int curOff, int curLen) {
    int minLen = Math.min(prevLen, curLen);
    for (int i = 0; i < minLen; i++) {
      int diff = (cur[curOff + i] & 0xff) - (prev[i] & 0xff);
      if (diff == 1) {
        int newLen = i + 1;
        while (newLen < prevLen && prev[newLen] == (byte) 0xff) {
          newLen++;
        }
        byte[] s = Arrays.copyOf(prev, newLen + 1);
        s[newLen] = newLen < prevLen ? (byte) 0xff : 0;
        return s;
      } else if (diff > 1) {
        byte[] s = Arrays.copyOf(prev, i + 1);
        s[i] = (byte) ((s[i] & 0xff) + 1);
        return s;
      }
    }
    byte[] s = Arrays.copyOf(prev, prevLen + 1);
    s[prevLen] = 0; // prev followed by 0x00 (prev's array may be longer than prevLen)
    if (curLen == s.length && Arrays.equals(s, 0, s.length, cur, curOff, curOff + curLen)) {
      return null;
    }
    return s;
  }
}
