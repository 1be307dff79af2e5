package tabulo.math;

/**
 * How a table stores numbers in its values. Kernels decode each value once, compute on doubles, and
 * encode each result once.
 */
public interface ValueCodec {
  /** The name {@link #named} finds it by. */
  String name();

  /** Reads {@code b[off, off+len)}; throws {@link ValueFormatException} if they are not a number. */
  double decode(byte[] b, int off, int len);

  byte[] encode(double v);

  /**
   * Reads a value as {@link #decode} does, except that a number a double holds only rounded is rounded, not
   * refused: for combiners, which run inside scans and compactions, where a refusal would stop them.
   */
  default double decodeRounding(byte[] b, int off, int len) {
    return decode(b, off, len);
  }

  default double decode(byte[] b) {
    return decode(b, 0, b.length);
  }

  /** {@code "decimal"} (the default, D4M's text numbers), {@code "long"} or {@code "double"}. */
  static ValueCodec named(String name) {
    switch (name) {
      case "decimal":
        return DecimalCodec.INSTANCE;
      case "long":
        return LongCodec.INSTANCE;
      case "double":
        return DoubleCodec.INSTANCE;
      default:
        throw new IllegalArgumentException("unknown value codec '" + name + "'; known: decimal, long, double");
    }
  }
}
