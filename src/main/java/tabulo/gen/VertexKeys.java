package tabulo.gen;

import java.nio.charset.StandardCharsets;

/**
 * Vertex ids as table keys: decimal digits zero-padded to a fixed width, so that the byte order of keys
 * (Accumulo's) is the numeric order of vertices and a table's rows come out in matrix order. The width
 * for a graph of scale s is the number of digits of 2^s - 1 ({@link #width}): vertex 5 of a SCALE 10
 * graph is {@code "0005"}. (Graphulo wrote plain decimal strings, which sort "10" before "2".)
 */
public final class VertexKeys {
  private VertexKeys() {}

  /** The digits needed for every vertex of a 2^scale-vertex graph: those of 2^scale - 1, at least 1. */
  public static int width(int scale) {
    if (scale < 0 || scale > 63) {
      throw new IllegalArgumentException("scale must be in 0..63: " + scale);
    }
    long max = scale == 63 ? Long.MAX_VALUE : (1L << scale) - 1;
    return Long.toString(max).length();
  }

  /** {@code v} in decimal, left-padded with zeros to {@code width} digits. */
  public static byte[] key(long v, int width) {
    if (v < 0) {
      throw new IllegalArgumentException("negative vertex " + v);
    }
    byte[] out = new byte[width];
    long x = v;
    for (int i = width - 1; i >= 0; i--) {
      out[i] = (byte) ('0' + x % 10);
      x /= 10;
    }
    if (x != 0) {
      throw new IllegalArgumentException("vertex " + v + " needs more than " + width + " digits");
    }
    return out;
  }

  /** The vertex of a key: decimal digits only (leading zeros allowed), below 2^63. */
  public static long parse(byte[] b, int off, int len) {
    if (len == 0) {
      throw new IllegalArgumentException("empty vertex key");
    }
    long v = 0;
    for (int i = off; i < off + len; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        throw new IllegalArgumentException("vertex key '" + new String(b, off, len, StandardCharsets.UTF_8)
            + "' is not decimal digits");
      }
      if (v > (Long.MAX_VALUE - d) / 10) {
        throw new IllegalArgumentException("vertex key '" + new String(b, off, len, StandardCharsets.UTF_8)
            + "' is beyond the long range");
      }
      v = v * 10 + d;
    }
    return v;
  }

  public static long parse(byte[] b) {
    return parse(b, 0, b.length);
  }
}
