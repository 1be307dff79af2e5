package tabulo.math;

/**
 * A codec's encodings of the values one thread wrote last, direct-mapped on the value's bits: a kernel
 * writing millions of cells of few distinct values (a count of common neighbours, a Jaccard index
 * c / (d(u) + d(v) - c)) formats each distinct value once; formatting a double as decimal text
 * dominated writing a Jaccard row. Not thread-safe: one per
 * worker. The arrays it returns are shared between cells and must not be changed.
 */
public final class EncodeCache {
  private static final int SLOTS = 1 << 14;
  private final ValueCodec codec;
  private final long[] bits = new long[SLOTS];
  private final byte[][] encoded = new byte[SLOTS][];

  public EncodeCache(ValueCodec codec) {
    this.codec = codec;
  }

  /** {@code codec.encode(v)}, from the cache when v was encoded recently. */
  public byte[] encode(double v) {
    long b = Double.doubleToRawLongBits(v);
    int slot = (int) ((b * 0x9E3779B97F4A7C15L) >>> 50); // Fibonacci hashing: the top 14 bits
    byte[] e = encoded[slot];
    if (e != null && bits[slot] == b) {
      return e;
    }
    e = codec.encode(v);
    bits[slot] = b;
    encoded[slot] = e;
    return e;
  }
}
