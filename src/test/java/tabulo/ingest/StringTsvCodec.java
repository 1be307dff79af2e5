package tabulo.ingest;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.PatternSyntaxException;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;

/**
 * The String-based TSV codec Tabulo used before {@link TsvLine} and {@link TsvWriter} (kept as the test
 * oracle of the byte-level ones). Tabulo's TSV cell format: {@code row<TAB>column<TAB>value[<TAB>visibility]}, one cell per line,
 * where column is {@code family:qualifier} (or just the qualifier when the family is empty).
 *
 * <p>Escapes inside a field: {@code \\ \t \n \r}, {@code \:} for a literal colon, and {@code \xHH} for
 * one raw byte. Output uses {@code \xHH} for other control bytes and for bytes that are not valid
 * UTF-8, so every byte string round-trips.
 */
final class StringTsvCodec {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private StringTsvCodec() {}

  // ---- fields ----

  public static String escape(byte[] field) {
    StringBuilder sb = new StringBuilder(field.length + 8);
    escapeTo(sb, field, 0, field.length, false);
    return sb.toString();
  }

  /** Decodes a field's escapes; throws IllegalArgumentException naming a bad escape and its position. */
  public static byte[] unescape(String field) {
    return unescape(field, 0, field.length(), 0);
  }

  // ---- columns ----

  public static String formatColumn(byte[] family, byte[] qualifier) {
    StringBuilder sb = new StringBuilder(family.length + qualifier.length + 8);
    appendColumn(sb, family, 0, family.length, qualifier, 0, qualifier.length);
    return sb.toString();
  }

  /** Splits a column field at its first unescaped colon: {family, qualifier}. */
  public static byte[][] parseColumn(String field) {
    int colon = firstUnescapedColon(field);
    if (colon < 0) {
      return new byte[][] {new byte[0], unescape(field)};
    }
    return new byte[][] {unescape(field, 0, colon, 0), unescape(field, colon + 1, field.length(), 0)};
  }

  // ---- lines ----

  /** Parses one line (without its newline); errors are one-line IllegalArgumentExceptions. */
  static TsvCell parseLine(String line) {
    int[] tabs = new int[3];
    int fields = 1;
    for (int i = line.indexOf('\t'); i >= 0; i = line.indexOf('\t', i + 1)) {
      if (fields <= tabs.length) {
        tabs[fields - 1] = i;
      }
      fields++;
    }
    if (fields != 3 && fields != 4) {
      throw new IllegalArgumentException("expected 3 or 4 tab-separated fields, found " + fields);
    }
    byte[] row = field("row", line, 0, tabs[0]);
    if (row.length == 0) {
      throw new IllegalArgumentException("the row is empty");
    }
    byte[][] column;
    try {
      column = parseColumn(line.substring(tabs[0] + 1, tabs[1]));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("column: " + e.getMessage());
    }
    byte[] value = field("value", line, tabs[1] + 1, fields == 3 ? line.length() : tabs[2]);
    byte[] visibility = null;
    if (fields == 4) {
      visibility = field("visibility", line, tabs[2] + 1, line.length());
      checkVisibility(visibility);
    }
    return new TsvCell(row, column[0], column[1], value, visibility);
  }

  /**
   * Formats a cell as one line (no newline). With {@code withVisibility}, a fourth field carries the
   * visibility when it is non-empty. A key with an empty row gives a line parseLine rejects.
   */
  public static String formatLine(Key k, Value v, boolean withVisibility) {
    ByteSequence row = k.getRowData();
    ByteSequence family = k.getColumnFamilyData();
    ByteSequence qualifier = k.getColumnQualifierData();
    ByteSequence visibility = k.getColumnVisibilityData();
    byte[] value = v.get();
    StringBuilder sb = new StringBuilder(row.length() + family.length() + qualifier.length() + value.length + 16);
    escapeTo(sb, row);
    sb.append('\t');
    appendColumn(sb, array(family), family.offset(), family.length(), array(qualifier), qualifier.offset(),
        qualifier.length());
    sb.append('\t');
    escapeTo(sb, value, 0, value.length, false);
    if (withVisibility && visibility.length() > 0) {
      sb.append('\t');
      escapeTo(sb, visibility);
    }
    return sb.toString();
  }

  // ---- internals ----

  private static byte[] field(String name, String line, int from, int to) {
    try {
      return unescape(line, from, to, from);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage());
    }
  }

  private static void checkVisibility(byte[] visibility) {
    try {
      new ColumnVisibility(visibility);
    } catch (PatternSyntaxException e) {
      // Accumulo's own message spans three lines (expression and a caret); keep ours to one.
      throw new IllegalArgumentException("invalid visibility \"" + escape(visibility) + "\": " + e.getDescription()
          + " at byte " + (e.getIndex() + 1));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid visibility \"" + escape(visibility) + "\": " + e.getMessage());
    }
  }

  private static byte[] array(ByteSequence bytes) {
    return bytes.isBackedByArray() ? bytes.getBackingArray() : bytes.toArray();
  }

  private static void escapeTo(StringBuilder sb, ByteSequence bytes) {
    if (bytes.isBackedByArray()) {
      escapeTo(sb, bytes.getBackingArray(), bytes.offset(), bytes.length(), false);
    } else {
      byte[] copy = bytes.toArray();
      escapeTo(sb, copy, 0, copy.length, false);
    }
  }

  private static void appendColumn(StringBuilder sb, byte[] family, int familyOffset, int familyLength,
      byte[] qualifier, int qualifierOffset, int qualifierLength) {
    if (familyLength == 0) {
      // No family: an unescaped colon in the qualifier would be read back as the family separator.
      escapeTo(sb, qualifier, qualifierOffset, qualifierLength, true);
    } else {
      escapeTo(sb, family, familyOffset, familyLength, true);
      sb.append(':');
      escapeTo(sb, qualifier, qualifierOffset, qualifierLength, false);
    }
  }

  private static void escapeTo(StringBuilder sb, byte[] b, int offset, int length, boolean escapeColon) {
    int end = offset + length;
    int i = offset;
    while (i < end) {
      int c = b[i] & 0xff;
      if (c >= 0x80) {
        int n = Utf8.sequenceLength(b, i, end);
        if (n == 0) {
          appendHex(sb, c);
          i++;
        } else {
          sb.appendCodePoint(Utf8.decode(b, i, n));
          i += n;
        }
        continue;
      }
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '\t' -> sb.append("\\t");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case ':' -> sb.append(escapeColon ? "\\:" : ":");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            appendHex(sb, c);
          } else {
            sb.append((char) c);
          }
        }
      }
      i++;
    }
  }

  private static void appendHex(StringBuilder sb, int b) {
    sb.append("\\x").append(HEX[b >> 4]).append(HEX[b & 0xf]);
  }

  private static int firstUnescapedColon(String field) {
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '\\') {
        i++; // the escaped character is never a separator
      } else if (c == ':') {
        return i;
      }
    }
    return -1;
  }

  /** Unescapes {@code s[from, to)}; messages give positions counting from 1 at {@code s[base]}. */
  private static byte[] unescape(String s, int from, int to, int base) {
    if (isPlainAscii(s, from, to)) {
      return s.substring(from, to).getBytes(StandardCharsets.ISO_8859_1);
    }
    byte[] out = new byte[(to - from) * 3];
    int n = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        if (i + 1 >= to) {
          throw new IllegalArgumentException("trailing lone backslash at character " + (i + 1 - base));
        }
        char e = s.charAt(i + 1);
        switch (e) {
          case '\\' -> out[n++] = '\\';
          case 't' -> out[n++] = '\t';
          case 'n' -> out[n++] = '\n';
          case 'r' -> out[n++] = '\r';
          case ':' -> out[n++] = ':';
          case 'x' -> {
            int hi = i + 2 < to ? Character.digit(s.charAt(i + 2), 16) : -1;
            int lo = i + 3 < to ? Character.digit(s.charAt(i + 3), 16) : -1;
            if (hi < 0 || lo < 0) {
              throw new IllegalArgumentException("bad escape '" + shown(s.substring(i, Math.min(to, i + 4)))
                  + "' at character " + (i + 1 - base) + ": \\x needs two hex digits");
            }
            out[n++] = (byte) (hi << 4 | lo);
            i += 2;
          }
          default -> throw new IllegalArgumentException("bad escape '\\" + shown(String.valueOf(e))
              + "' at character " + (i + 1 - base) + " (use \\\\ for a backslash)");
        }
        i++;
      } else if (c < 0x80) {
        out[n++] = (byte) c;
      } else if (c < 0x800) {
        out[n++] = (byte) (0xc0 | c >> 6);
        out[n++] = (byte) (0x80 | c & 0x3f);
      } else if (Character.isSurrogate(c)) {
        if (!Character.isHighSurrogate(c) || i + 1 >= to || !Character.isLowSurrogate(s.charAt(i + 1))) {
          throw new IllegalArgumentException("unpaired UTF-16 surrogate at character " + (i + 1 - base));
        }
        int cp = Character.toCodePoint(c, s.charAt(++i));
        out[n++] = (byte) (0xf0 | cp >> 18);
        out[n++] = (byte) (0x80 | cp >> 12 & 0x3f);
        out[n++] = (byte) (0x80 | cp >> 6 & 0x3f);
        out[n++] = (byte) (0x80 | cp & 0x3f);
      } else {
        out[n++] = (byte) (0xe0 | c >> 12);
        out[n++] = (byte) (0x80 | c >> 6 & 0x3f);
        out[n++] = (byte) (0x80 | c & 0x3f);
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static boolean isPlainAscii(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c >= 0x80 || c == '\\') {
        return false;
      }
    }
    return true;
  }

  /** Shows a control character as U+XXXX so messages stay on one line. */
  private static String shown(String s) {
    StringBuilder sb = new StringBuilder();
    s.codePoints().forEach(cp -> {
      if (cp < 0x20 || cp == 0x7f) {
        sb.append(String.format("U+%04X", cp));
      } else {
        sb.appendCodePoint(cp);
      }
    });
    return sb.toString();
  }
}
