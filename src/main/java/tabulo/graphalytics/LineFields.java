package tabulo.graphalytics;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The fields of one line of a dataset file, as slices of the bytes it was read into: the line stripped of
 * whitespace at both ends ({@link String#strip()}'s) and split at runs of spaces and tabs. A line of ASCII
 * is split in place, without a String made; a line with any other byte is decoded as UTF-8 and split as
 * text, its fields then held as UTF-8 in an array of their own, so that both give the fields
 * {@code line.strip().split("[ \t]+")} would.
 */
final class LineFields {
  private int[] starts = new int[8];
  private int[] ends = new int[8];
  private int count;
  private byte[] bytes;
  private byte[] decoded = new byte[64]; // the fields of a line that is not ASCII

  /** Splits {@code b[from..to)}, one line without its line terminator. */
  void split(byte[] b, int from, int to) {
    count = 0;
    bytes = b;
    while (from < to && strippable(b[from])) {
      from++;
    }
    while (to > from && strippable(b[to - 1])) {
      to--;
    }
    int i = from;
    while (i < to) {
      int start = i;
      byte c = b[i];
      while (c != ' ' && c != '\t') {
        if (c < 0) {
          splitText(b, from, to);
          return;
        }
        if (++i == to) {
          break;
        }
        c = b[i];
      }
      add(start, i);
      while (i < to && (b[i] == ' ' || b[i] == '\t')) {
        i++;
      }
    }
  }

  /** Whether an ASCII byte is whitespace that {@link String#strip()} removes ({@link Character#isWhitespace}). */
  private static boolean strippable(byte c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
  }

  /** A line with bytes beyond ASCII: decoded and split as text. */
  private void splitText(byte[] b, int from, int to) {
    count = 0;
    String t = new String(b, from, to - from, StandardCharsets.UTF_8).strip();
    if (t.isEmpty()) {
      return;
    }
    int at = 0;
    for (String f : t.split("[ \t]+")) {
      byte[] e = f.getBytes(StandardCharsets.UTF_8);
      if (at + e.length > decoded.length) {
        decoded = Arrays.copyOf(decoded, Math.max(2 * decoded.length, at + e.length));
      }
      System.arraycopy(e, 0, decoded, at, e.length);
      add(at, at + e.length);
      at += e.length;
    }
    bytes = decoded;
  }

  private void add(int start, int end) {
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, 2 * count);
      ends = Arrays.copyOf(ends, 2 * count);
    }
    starts[count] = start;
    ends[count] = end;
    count++;
  }

  /** The number of fields (none for a blank line). */
  int count() {
    return count;
  }

  /** The array the fields are slices of. */
  byte[] bytes() {
    return bytes;
  }

  int start(int field) {
    return starts[field];
  }

  int end(int field) {
    return ends[field];
  }

  int length(int field) {
    return ends[field] - starts[field];
  }

  /** Field {@code field} as text. */
  String text(int field) {
    return new String(bytes, starts[field], ends[field] - starts[field], StandardCharsets.UTF_8);
  }
}
