package tabulo.math;

import java.nio.charset.StandardCharsets;

/**
 * Values as decimal text, D4M's convention for numeric cells (the default codec).
 *
 * <p>Reading accepts ASCII, no surrounding spaces:
 * {@code [+-]? (digits [. digits?]? | . digits) ([eE] [+-]? digits)?}, so {@code "7"}, {@code "+4"},
 * {@code "-2.5"}, {@code ".5"}, {@code "1e3"}; plus exactly the words this codec writes for non-finite
 * values, {@code "NaN"}, {@code "Infinity"}, {@code "+Infinity"}, {@code "-Infinity"} (not
 * {@code "inf"}: one spelling per value keeps stored tables uniform). Anything else throws
 * {@link ValueFormatException}. Plain integers of up to 18 digits are read straight from the bytes
 * without making a String; the rest are parsed correctly rounded ({@link DoubleText#parse}).
 *
 * <p>Writing: an integral value prints without a decimal point ({@code "7"}, never {@code "7.0"}, and
 * {@code -0.0} as {@code "0"}); any other value prints in plain notation for magnitudes between 1e-7
 * and 1e21 ({@code "0.001"}, {@code "1.5"}) and as {@code "1.5e-9"} / {@code "2e25"} outside that band.
 * The digits are the shortest that read back to the same double ({@link DoubleText#shortest}), so every
 * output decodes to exactly the value encoded.
 */
public final class DecimalCodec implements ValueCodec {
  public static final DecimalCodec INSTANCE = new DecimalCodec();

  private static final String EXPECTED = "a decimal number";
  private static final String TOO_LARGE = "a number a double can hold (magnitude up to about 1.8e308)";
  private static final String INEXACT = "an integer a double holds exactly (above 2^53 = 9007199254740992 only "
      + "some are; Tabulo computes on doubles and refuses rather than change the number)";
  /** 2^53: every integer up to it is a double exactly. */
  private static final long EXACT_INTEGERS = 1L << 53;
  /** Integers with at most this many digits cannot overflow a long. */
  private static final int SAFE_DIGITS = 18;
  /** 2^63: doubles below it in magnitude convert to long exactly when integral. */
  private static final double TWO_63 = 0x1p63;
  /** Returned by {@link #negatedMagnitude} for "not a long": a negated magnitude is never positive. */
  private static final long NOT_A_LONG = 1;

  private DecimalCodec() {}

  @Override
  public String name() {
    return "decimal";
  }

  @Override
  public double decode(byte[] b, int off, int len) {
    return decode(b, off, len, true);
  }

  @Override
  public double decodeRounding(byte[] b, int off, int len) {
    return decode(b, off, len, false);
  }

  private static double decode(byte[] b, int off, int len, boolean exact) {
    int end = off + len;
    int i = off;
    boolean negative = false;
    if (i < end && (b[i] == '-' || b[i] == '+')) {
      negative = b[i] == '-';
      i++;
    }
    if (i < end && end - i <= SAFE_DIGITS) {
      long r = 0;
      for (; i < end; i++) {
        int d = b[i] - '0';
        if (d < 0 || d > 9) {
          return decodeSlowly(b, off, len, exact);
        }
        r = r * 10 + d;
      }
      if (exact && r > EXACT_INTEGERS && (long) (double) r != r) {
        throw new ValueFormatException(b, off, len, INEXACT);
      }
      return negative ? -r : r;
    }
    return decodeSlowly(b, off, len, exact);
  }

  @Override
  public byte[] encode(double v) {
    if (v == Math.rint(v) && Math.abs(v) < TWO_63) {
      return longBytes((long) v);
    }
    return format(v).getBytes(StandardCharsets.US_ASCII);
  }

  /** The text {@link #encode} writes, as a String. */
  public static String format(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return Double.toString(d);
    }
    if (d == Math.rint(d) && Math.abs(d) < TWO_63) {
      return Long.toString((long) d); // also turns -0.0 into "0"
    }
    String s = DoubleText.shortest(d);
    int e = s.indexOf('E');
    if (e < 0) {
      return stripPointZero(s); // plain already: 1e-3 <= |d| < 1e7
    }
    double abs = Math.abs(d);
    if (abs >= 1e-7 && abs < 1e21) {
      return stripPointZero(plain(s, e));
    }
    // scientific: mantissa without a trailing ".0", lowercase 'e'
    return stripPointZero(s.substring(0, e)) + "e" + s.substring(e + 1);
  }

  /**
   * {@code s}, Double.toString's scientific form {@code -d.dddE-n} with its 'E' at {@code e}, in plain
   * notation: the same digits with the point moved (what BigDecimal's toPlainString gives, without one).
   */
  private static String plain(String s, int e) {
    boolean negative = s.charAt(0) == '-';
    int start = negative ? 1 : 0;
    String digits = s.substring(start, start + 1) + s.substring(start + 2, e); // "d.ddd" without its point
    int point = 1 + Integer.parseInt(s, e + 1, s.length(), 10); // digits before the point
    StringBuilder out = new StringBuilder(digits.length() + Math.abs(point) + 3);
    if (negative) {
      out.append('-');
    }
    if (point <= 0) {
      out.append("0.");
      zeros(out, -point);
      out.append(digits);
    } else if (point >= digits.length()) {
      out.append(digits);
      zeros(out, point - digits.length());
    } else {
      out.append(digits, 0, point).append('.').append(digits, point, digits.length());
    }
    return out.toString();
  }

  private static void zeros(StringBuilder out, int n) {
    for (int i = 0; i < n; i++) {
      out.append('0');
    }
  }

  /** Whether the bytes are {@code [+-]?[0-9]+} with a value in the long range. */
  public static boolean isLong(byte[] b, int off, int len) {
    long r = negatedMagnitude(b, off, len);
    return r != NOT_A_LONG && (r != Long.MIN_VALUE || b[off] == '-');
  }

  /**
   * The exact value of {@code [+-]?[0-9]+} in the long range (beyond a double's 53 bits), for callers
   * that keep integer sums exact; anything else throws {@link ValueFormatException}.
   */
  public static long parseLong(byte[] b, int off, int len) {
    long r = negatedMagnitude(b, off, len);
    if (r == NOT_A_LONG || (r == Long.MIN_VALUE && b[off] != '-')) {
      throw new ValueFormatException(b, off, len, "an integer in the long range");
    }
    return b[off] == '-' ? r : -r;
  }

  /**
   * Whether the bytes are a number this codec reads: the decimal grammar or one of the words it writes
   * for non-finite values ({@code NaN}, {@code Infinity}, ...), so a table holding such a value (an
   * operation's log of 0, a NaN put from Python) still reads back as numbers.
   */
  public static boolean isNumber(byte[] b, int off, int len) {
    return isDecimal(b, off, len) || isNonFiniteWord(b, off, len);
  }

  private static boolean isNonFiniteWord(byte[] b, int off, int len) {
    if (len > 9) { // the longest word
      return false;
    }
    return switch (new String(b, off, len, StandardCharsets.US_ASCII)) {
      case "NaN", "Infinity", "+Infinity", "-Infinity" -> true;
      default -> false;
    };
  }

  /** Whether the bytes match the decimal grammar in the class comment (the special words excluded). */
  public static boolean isDecimal(byte[] b, int off, int len) {
    int n = off + len;
    int i = off;
    if (i < n && (b[i] == '+' || b[i] == '-')) {
      i++;
    }
    int intDigits = 0;
    while (i < n && isDigit(b[i])) {
      i++;
      intDigits++;
    }
    int fracDigits = 0;
    if (i < n && b[i] == '.') {
      i++;
      while (i < n && isDigit(b[i])) {
        i++;
        fracDigits++;
      }
    }
    if (intDigits + fracDigits == 0) {
      return false;
    }
    if (i < n && (b[i] == 'e' || b[i] == 'E')) {
      i++;
      if (i < n && (b[i] == '+' || b[i] == '-')) {
        i++;
      }
      int expDigits = 0;
      while (i < n && isDigit(b[i])) {
        i++;
        expDigits++;
      }
      if (expDigits == 0) {
        return false;
      }
    }
    return i == n;
  }

  /**
   * -|v| for {@code [+-]?[0-9]+}, accumulated negatively because the negative range is one larger, or
   * {@link #NOT_A_LONG} for bad syntax or a magnitude beyond 2^63.
   */
  private static long negatedMagnitude(byte[] b, int off, int len) {
    int end = off + len;
    int i = off;
    if (i < end && (b[i] == '-' || b[i] == '+')) {
      i++;
    }
    if (i == end) {
      return NOT_A_LONG;
    }
    long r = 0;
    for (; i < end; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9 || r < Long.MIN_VALUE / 10) {
        return NOT_A_LONG;
      }
      r *= 10;
      if (r < Long.MIN_VALUE + d) {
        return NOT_A_LONG;
      }
      r -= d;
    }
    return r;
  }

  /**
   * Whether the integer {@code text} read as {@code d} would be stored back as other digits: not exact, and
   * not the digits this codec writes for {@code d} (those read back to the same double, so they stay).
   */
  private static boolean changes(double d, String text) {
    java.math.BigInteger exact = new java.math.BigInteger(text);
    return new java.math.BigDecimal(d).compareTo(new java.math.BigDecimal(exact)) != 0
        && !format(d).equals(exact.toString());
  }

  /** Whether the bytes are {@code [+-]?[0-9]+}. */
  private static boolean isInteger(byte[] b, int off, int len) {
    int i = off + (len > 0 && (b[off] == '+' || b[off] == '-') ? 1 : 0);
    if (i == off + len) {
      return false;
    }
    for (; i < off + len; i++) {
      if (b[i] < '0' || b[i] > '9') {
        return false;
      }
    }
    return true;
  }

  private static double decodeSlowly(byte[] b, int off, int len, boolean exact) {
    if (isDecimal(b, off, len)) {
      String text = new String(b, off, len, StandardCharsets.US_ASCII);
      double d = DoubleText.parse(text);
      if (!exact) {
        return d;
      }
      if (Double.isInfinite(d)) {
        throw new ValueFormatException(b, off, len, TOO_LARGE);
      }
      if (isInteger(b, off, len) && changes(d, text)) {
        throw new ValueFormatException(b, off, len, INEXACT);
      }
      return d;
    }
    if (isNonFiniteWord(b, off, len)) {
      return Double.parseDouble(new String(b, off, len, StandardCharsets.US_ASCII));
    }
    throw new ValueFormatException(b, off, len, EXPECTED);
  }

  /** Long.toString(v) as ASCII bytes, without the String. */
  private static byte[] longBytes(long v) {
    if (v == Long.MIN_VALUE) {
      return Long.toString(v).getBytes(StandardCharsets.US_ASCII);
    }
    boolean negative = v < 0;
    long m = negative ? -v : v;
    int digits = 1;
    for (long t = m; t >= 10; t /= 10) {
      digits++;
    }
    byte[] out = new byte[negative ? digits + 1 : digits];
    int i = out.length;
    do {
      out[--i] = (byte) ('0' + m % 10);
      m /= 10;
    } while (m != 0);
    if (negative) {
      out[0] = '-';
    }
    return out;
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static String stripPointZero(String s) {
    if (s.indexOf('.') < 0) {
      return s;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    return s.substring(0, end);
  }
}
