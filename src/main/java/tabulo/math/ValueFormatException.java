package tabulo.math;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A stored value that its codec cannot read. It carries the bytes, so that whoever knows where they came
 * from can say so: {@code e.in("DecimalSumCombiner").at("at row 'r' column 'f:q'")} reads
 * "DecimalSumCombiner: value 'x' at row 'r' column 'f:q' is not a decimal number".
 */
public final class ValueFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private static final int SHOWN_BYTES = 64;

  private final byte[] bytes;
  private final String expected;
  private final String source;
  private final String where;

  /** {@code expected} completes "is not ...", e.g. {@code "a decimal number"}. */
  public ValueFormatException(byte[] b, int off, int len, String expected) {
    this(Arrays.copyOfRange(b, off, off + len), expected, null, null);
  }

  private ValueFormatException(byte[] bytes, String expected, String source, String where) {
    super((source == null ? "" : source + ": ") + "value '" + shown(bytes) + "'"
        + (where == null ? "" : " " + where) + " is not " + expected);
    this.bytes = bytes;
    this.expected = expected;
    this.source = source;
    this.where = where;
  }

  /** The same error with a location, e.g. {@code at("at row 'r7' column 'f:q'")}. */
  public ValueFormatException at(String where) {
    return new ValueFormatException(bytes, expected, source, where);
  }

  /** The same error naming who read the value, e.g. {@code in("DecimalSumCombiner")}. */
  public ValueFormatException in(String source) {
    return new ValueFormatException(bytes, expected, source, where);
  }

  /** What the value is not, completing "is not ..." (e.g. "a decimal number"). */
  public String expected() {
    return expected;
  }

  /** A copy of the unreadable bytes. */
  public byte[] bytes() {
    return bytes.clone();
  }

  /** The bytes as UTF-8 text, cut to 64 bytes. */
  private static String shown(byte[] b) {
    String s = new String(b, 0, Math.min(b.length, SHOWN_BYTES), StandardCharsets.UTF_8);
    return b.length > SHOWN_BYTES ? s + "..." : s;
  }
}
