package tabulo.graphalytics;

import java.nio.charset.StandardCharsets;

/**
 * Numbers read from a dataset's bytes as the JDK reads them from text: plain decimal is read in place, any
 * other form is made a String and left to {@link Long#parseLong} or {@link Double#parseDouble}, so that
 * both accept and refuse the same texts.
 */
final class NumberText {
  private static final int SAFE_DIGITS = 18; // no 18-digit decimal overflows a long

  private NumberText() {}

  /** {@code b[from..to)} as {@link Long#parseLong} reads it; throws its NumberFormatException. */
  static long parseLong(byte[] b, int from, int to) {
    int i = from;
    boolean negative = false;
    if (i < to && (b[i] == '-' || b[i] == '+')) {
      negative = b[i] == '-';
      i++;
    }
    if (i == to || to - i > SAFE_DIGITS) {
      return Long.parseLong(text(b, from, to));
    }
    long x = 0;
    for (; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return Long.parseLong(text(b, from, to));
      }
      x = 10 * x + d;
    }
    return negative ? -x : x;
  }

  /**
   * Whether {@code b[from..to)}, which {@link #parseLong} read, is its number's own decimal text
   * ({@link Long#toString}): ASCII digits, no plus sign, no leading zero, no "-0".
   */
  static boolean canonical(byte[] b, int from, int to) {
    int i = b[from] == '-' ? from + 1 : from;
    if (i == to || (b[i] == '0' && to - from > 1)) {
      return false;
    }
    for (; i < to; i++) {
      if (!isDigit(b[i])) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code b[from..to)} is plain decimal without a minus sign (digits with an optional point and
   * exponent: {@code 0.5}, {@code 3}, {@code 1e-3}, {@code .5}): a number that is not negative. False says
   * nothing: the text is then {@link Double#parseDouble}'s to judge.
   */
  static boolean nonNegativeDecimal(byte[] b, int from, int to) {
    int i = from;
    if (i < to && b[i] == '+') {
      i++;
    }
    int digits = 0;
    while (i < to && isDigit(b[i])) {
      i++;
      digits++;
    }
    if (i < to && b[i] == '.') {
      i++;
      while (i < to && isDigit(b[i])) {
        i++;
        digits++;
      }
    }
    if (digits == 0) {
      return false;
    }
    if (i < to && (b[i] == 'e' || b[i] == 'E')) {
      i++;
      if (i < to && (b[i] == '-' || b[i] == '+')) {
        i++;
      }
      int exponent = i;
      while (i < to && isDigit(b[i])) {
        i++;
      }
      if (i == exponent) {
        return false;
      }
    }
    return i == to;
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  static String text(byte[] b, int from, int to) {
    return new String(b, from, to - from, StandardCharsets.UTF_8);
  }
}
