package tabulo.iterators;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;

/**
 * Sums values written as decimal strings, D4M's convention for numeric cells.
 *
 * <p>Values that are plain integers ({@code "3"}, {@code "-12"}, {@code "+4"}) are summed exactly as
 * a {@code long}. A value with a fraction or an exponent ({@code "2.5"}, {@code "1e3"}), an integer
 * too large for a {@code long}, or a {@code long} sum that overflows makes the result a
 * {@code double} sum (the exact integer part and the floating part are kept apart until the end, so
 * integers stay exact as long as they fit).
 *
 * <p>Output: an integral result prints without a decimal point ({@code "7"}, never {@code "7.0"});
 * any other result prints in plain decimal notation for magnitudes between 1e-7 and 1e21
 * ({@code "0.001"}, {@code "1.5"}), and as {@code "1.5e-9"} / {@code "2e25"} outside that band. The
 * digits are those of {@link Double#toString(double)}, which always reads back to the same double.
 * Sums that overflow a double print as {@code "Infinity"} / {@code "-Infinity"}; these and
 * {@code "NaN"} are accepted as inputs so that partial sums can be combined again.
 *
 * <p>Accepted input grammar (ASCII, no surrounding spaces):
 * {@code [+-]? (digits [. digits?]? | . digits) ([eE] [+-]? digits)?} or the three special words above.
 * Anything else raises {@link IllegalArgumentException} naming the row and column of the key.
 *
 * <p>Configure like any {@link Combiner}: either on all columns ({@link #allColumns(int, String)}) or
 * on listed columns ({@link Combiner#setColumns}).
 */
public class DecimalSumCombiner extends Combiner {

  /** Must stay public and argument-free: tablet servers instantiate the class by name. */
  public DecimalSumCombiner() {}

  /** An iterator setting for this combiner applied to every column. */
  public static IteratorSetting allColumns(int priority, String name) {
    IteratorSetting s = new IteratorSetting(priority, name, DecimalSumCombiner.class);
    Combiner.setCombineAllColumns(s, true);
    return s;
  }

  @Override
  public Value reduce(Key key, Iterator<Value> iter) {
    long longSum = 0; // exact sum of the integers seen since the last overflow
    boolean useDouble = false; // set once the long sum overflowed or a non-integer was seen
    double doubleSum = 0.0;
    while (iter.hasNext()) {
      byte[] b = iter.next().get();
      if (parseLong(b)) {
        long v = parsed;
        long s = longSum + v;
        if (((longSum ^ s) & (v ^ s)) < 0) { // overflow: same-signed operands, result sign flipped
          useDouble = true;
          doubleSum += (double) longSum;
          longSum = v;
        } else {
          longSum = s;
        }
      } else {
        useDouble = true;
        doubleSum += parseDouble(b, key);
      }
    }
    byte[] out = useDouble ? format(doubleSum + (double) longSum).getBytes(StandardCharsets.US_ASCII)
        : Long.toString(longSum).getBytes(StandardCharsets.US_ASCII);
    return new Value(out, false);
  }

  // ---- parsing ----

  /** The result of the last successful {@link #parseLong}; an instance runs on one thread at a time. */
  private long parsed;

  /**
   * Parses {@code [+-]?[0-9]+} straight from the ASCII bytes into {@link #parsed}. Returns false for
   * anything else (a fraction, an exponent, a value beyond the long range, bad syntax), leaving the
   * slow path to accept or reject it.
   */
  boolean parseLong(byte[] b) {
    int n = b.length;
    if (n == 0 || n > 20) {
      return false;
    }
    int i = 0;
    boolean neg = false;
    byte c = b[0];
    if (c == '-' || c == '+') {
      neg = c == '-';
      i = 1;
      if (n == 1) {
        return false;
      }
    }
    // accumulate negatively: the negative range is one larger than the positive one
    long r = 0;
    for (; i < n; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9 || r < Long.MIN_VALUE / 10) {
        return false;
      }
      r *= 10;
      if (r < Long.MIN_VALUE + d) {
        return false;
      }
      r -= d;
    }
    if (neg) {
      parsed = r;
      return true;
    }
    if (r == Long.MIN_VALUE) {
      return false;
    }
    parsed = -r;
    return true;
  }

  /** The slow path: validates the decimal grammar on the bytes, then parses with Double.parseDouble. */
  static double parseDouble(byte[] b, Key key) {
    if (!isDecimal(b)) {
      String s = new String(b, StandardCharsets.UTF_8);
      switch (s) {
        case "NaN":
          return Double.NaN;
        case "Infinity":
        case "+Infinity":
          return Double.POSITIVE_INFINITY;
        case "-Infinity":
          return Double.NEGATIVE_INFINITY;
        default:
          throw new IllegalArgumentException(describe(b, key));
      }
    }
    return Double.parseDouble(new String(b, StandardCharsets.US_ASCII));
  }

  /** {@code [+-]? (digits [. digits?]? | . digits) ([eE] [+-]? digits)?} */
  static boolean isDecimal(byte[] b) {
    int n = b.length;
    int i = 0;
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

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static String describe(byte[] b, Key key) {
    String shown = new String(b, 0, Math.min(b.length, 64), StandardCharsets.UTF_8);
    if (b.length > 64) {
      shown += "...";
    }
    String where = key == null ? "" : " at row '" + key.getRow() + "' column '"
        + key.getColumnFamily() + ":" + key.getColumnQualifier() + "'";
    return "DecimalSumCombiner: value '" + shown + "'" + where + " is not a decimal number";
  }

  // ---- formatting ----

  /** 2^63 as a double: doubles below it in magnitude convert to long exactly when integral. */
  private static final double TWO_63 = 0x1p63;

  /** Formats a sum as described in the class comment. */
  static String format(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return Double.toString(d);
    }
    if (d == Math.rint(d) && Math.abs(d) < TWO_63) {
      return Long.toString((long) d); // also turns -0.0 into "0"
    }
    String s = Double.toString(d);
    int e = s.indexOf('E');
    if (e < 0) {
      return stripPointZero(s); // plain already: 1e-3 <= |d| < 1e7
    }
    double abs = Math.abs(d);
    if (abs >= 1e-7 && abs < 1e21) {
      return stripPointZero(new BigDecimal(s).toPlainString());
    }
    // scientific: mantissa without a trailing ".0", lowercase 'e'
    return stripPointZero(s.substring(0, e)) + "e" + s.substring(e + 1);
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
