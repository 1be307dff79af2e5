package tabulo.ingest;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * Tabulo's TSV cell format: {@code row<TAB>column<TAB>value[<TAB>visibility]}, one cell per line,
 * where column is {@code family:qualifier} (or just the qualifier when the family is empty).
 *
 * <p>Escapes inside a field: {@code \\ \t \n \r}, {@code \:} for a literal colon, and {@code \xHH} for
 * one raw byte. Output uses {@code \xHH} for other control bytes and for bytes that are not valid
 * UTF-8, so every byte string round-trips.
 *
 * <p>The String forms here are for single fields and lines; bulk text goes through the byte-level
 * {@link TsvLine} (parsing) and {@link TsvWriter} (formatting), which these methods call.
 */
public final class TsvCodec {
  private TsvCodec() {}

  // ---- fields ----

  public static String escape(byte[] field) {
    TsvWriter w = new TsvWriter();
    w.field(field, 0, field.length, false);
    return w.toString();
  }

  /** Decodes a field's escapes; throws IllegalArgumentException naming a bad escape and its position. */
  public static byte[] unescape(String field) {
    byte[] s = utf8(field);
    byte[] out = new byte[s.length];
    return Arrays.copyOf(out, TsvLine.unescape(s, 0, s.length, 0, out, 0));
  }

  // ---- columns ----

  public static String formatColumn(byte[] family, byte[] qualifier) {
    TsvWriter w = new TsvWriter();
    w.column(family, 0, family.length, qualifier, 0, qualifier.length);
    return w.toString();
  }

  /** Splits a column field at its first unescaped colon: {family, qualifier}. */
  public static byte[][] parseColumn(String field) {
    byte[] s = utf8(field);
    int colon = TsvLine.firstUnescapedColon(s, 0, s.length);
    byte[] out = new byte[s.length];
    if (colon < 0) {
      return new byte[][] {new byte[0], Arrays.copyOf(out, TsvLine.unescape(s, 0, s.length, 0, out, 0))};
    }
    byte[] family = Arrays.copyOf(out, TsvLine.unescape(s, 0, colon, 0, out, 0));
    return new byte[][] {family, Arrays.copyOf(out, TsvLine.unescape(s, colon + 1, s.length, 0, out, 0))};
  }

  // ---- lines ----

  /** Parses one line (without its newline); errors are one-line IllegalArgumentExceptions. */
  public static TsvCell parseLine(String line) {
    byte[] s = utf8(line);
    return new TsvLine().parse(s, 0, s.length).toCell();
  }

  /**
   * Formats a cell as one line (no newline). With {@code withVisibility}, a fourth field carries the
   * visibility when it is non-empty. A key with an empty row gives a line parseLine rejects.
   */
  public static String formatLine(Key k, Value v, boolean withVisibility) {
    TsvWriter w = new TsvWriter();
    w.line(k, v, withVisibility);
    String line = w.toString();
    return line.substring(0, line.length() - 1);
  }

  /** UTF-8 bytes of a Java string; an unpaired surrogate (which has none) is an error naming its position. */
  private static byte[] utf8(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new IllegalArgumentException("unpaired UTF-16 surrogate at character " + (i + 1));
      }
    }
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
