package tabulo.math;

/**
 * Values as 8-byte big-endian two's-complement longs. Decoding to double is exact up to 2^53 in
 * magnitude; encoding accepts only integral doubles in the long range (anything else would silently
 * change the value).
 */
public final class LongCodec implements ValueCodec {
  public static final LongCodec INSTANCE = new LongCodec();

  /** 2^63: doubles in [-2^63, 2^63) convert to long exactly when integral. */
  private static final double TWO_63 = 0x1p63;

  private LongCodec() {}

  @Override
  public String name() {
    return "long";
  }

  @Override
  public double decode(byte[] b, int off, int len) {
    if (len != 8) {
      throw new ValueFormatException(b, off, len, "an 8-byte long");
    }
    return BigEndian.getLong(b, off);
  }

  @Override
  public byte[] encode(double v) {
    if (v != Math.rint(v) || v < -TWO_63 || v >= TWO_63) {
      throw new IllegalArgumentException("LongCodec cannot store " + v + ": not an integer in the long range");
    }
    return BigEndian.bytes((long) v);
  }
}
