package tabulo.python;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Lists of keys (or string values) crossing between Java and Python in one piece: UTF-8 joined by NUL
 * bytes, which Python splits with one call, instead of one bridge call per string. A list holding a NUL
 * goes as a String array instead (slower, but exact).
 */
public final class KeyList {
  private static final byte SEPARATOR = 0;

  private KeyList() {}

  /** The {@code count} UTF-8 keys joined in {@code joined}, split at NUL bytes. */
  public static byte[][] split(byte[] joined, int count) {
    byte[][] keys = new byte[count][];
    int start = 0;
    for (int i = 0; i < count; i++) {
      int end = indexOf(joined, start);
      if (i == count - 1 ? end >= 0 : end < 0) {
        throw new IllegalArgumentException("a key list of " + count + " keys holds " + (end < 0 ? "fewer" : "more"));
      }
      end = end < 0 ? joined.length : end;
      keys[i] = Arrays.copyOfRange(joined, start, end);
      start = end + 1;
    }
    return keys;
  }

  /** The keys as UTF-8. */
  public static byte[][] utf8(String[] keys) {
    byte[][] out = new byte[keys.length][];
    for (int i = 0; i < keys.length; i++) {
      out[i] = keys[i].getBytes(StandardCharsets.UTF_8);
    }
    return out;
  }

  /** The keys as UTF-8 joined by NUL, or null when a key holds a NUL (send them as an array then). */
  public static byte[] join(String[] keys) {
    ByteBuffer out = new ByteBuffer();
    for (int i = 0; i < keys.length; i++) {
      if (keys[i].indexOf('\0') >= 0) {
        return null;
      }
      if (i > 0) {
        out.add(SEPARATOR);
      }
      out.add(keys[i].getBytes(StandardCharsets.UTF_8));
    }
    return out.toArray();
  }

  private static int indexOf(byte[] b, int from) {
    for (int i = from; i < b.length; i++) {
      if (b[i] == SEPARATOR) {
        return i;
      }
    }
    return -1;
  }

  /** A growing byte array. */
  private static final class ByteBuffer {
    private byte[] data = new byte[1 << 12];
    private int size;

    void add(byte b) {
      grow(1);
      data[size++] = b;
    }

    void add(byte[] b) {
      grow(b.length);
      System.arraycopy(b, 0, data, size, b.length);
      size += b.length;
    }

    private void grow(int more) {
      if ((long) size + more > data.length) {
        long want = Math.max((long) size + more, 2L * data.length);
        if (want > Integer.MAX_VALUE - 8) {
          throw new IllegalStateException("a key list cannot exceed 2 GiB: query fewer entries at a time");
        }
        data = Arrays.copyOf(data, (int) want);
      }
    }

    byte[] toArray() {
      return Arrays.copyOf(data, size);
    }
  }
}
