package tabulo.math;

/** Values as 8-byte big-endian IEEE 754 doubles: exact for every double (NaN stored canonically). */
public final class DoubleCodec implements ValueCodec {
  public static final DoubleCodec INSTANCE = new DoubleCodec();

  private DoubleCodec() {}

  @Override
  public String name() {
    return "double";
  }

  @Override
  public double decode(byte[] b, int off, int len) {
    if (len != 8) {
      throw new ValueFormatException(b, off, len, "an 8-byte double");
    }
    return Double.longBitsToDouble(BigEndian.getLong(b, off));
  }

  @Override
  public byte[] encode(double v) {
    return BigEndian.bytes(Double.doubleToLongBits(v));
  }
}
