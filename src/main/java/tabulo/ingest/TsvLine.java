package tabulo.ingest;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.PatternSyntaxException;

import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.rfile.CellSlices;

/**
 * Parses one TSV line given as UTF-8 bytes into its unescaped fields, kept in one reused buffer: the
 * parser behind {@link TsvReader} and {@link TsvCodec#parseLine}, with no String or array per field.
 * The line must already be valid UTF-8 ({@link TsvReader} checks it); multi-byte sequences are copied
 * as they are. Errors are one-line IllegalArgumentExceptions whose positions count characters (UTF-16
 * units, as an editor shows them) from the start of the field. The view is valid until the next parse.
 */
public final class TsvLine implements CellSlices {
  private static final int ROW = 0;
  private static final int FAMILY = 1;
  private static final int QUALIFIER = 2;
  private static final int VALUE = 3;
  private static final int VISIBILITY = 4;
  /** Slots of the cache of labels found valid (a power of two); parsing a label again is slow. */
  private static final int VISIBILITY_CACHE = 4096;

  private byte[] out = new byte[256]; // unescaped fields of a line with escapes
  private int size;
  private byte[] bytes = out; // the fields' array: the line itself when it has no escapes, else out
  private final Separators separators = new Separators();
  private final int[] start = new int[5];
  private final int[] length = new int[5];
  private boolean hasVisibility;
  private final byte[][] validVisibilities = new byte[VISIBILITY_CACHE][];

  /** Parses {@code line[from, to)}, a line without its line ending. */
  public TsvLine parse(byte[] line, int from, int to) {
    Separators tabs = separators.scan(line, from, to);
    int fields = tabs.count + 1;
    if (fields != 3 && fields != 4) {
      throw new IllegalArgumentException("expected 3 or 4 tab-separated fields, found " + fields);
    }
    int tab0 = tabs.first;
    int tab1 = tabs.second;
    int valueEnd = fields == 3 ? to : tabs.third;
    hasVisibility = fields == 4;
    if (tabs.backslash) {
      parseEscaped(line, from, to, tab0, tab1, valueEnd);
    } else {
      parsePlain(line, from, to, tab0, tab1, valueEnd);
    }
    if (length[ROW] == 0) {
      throw new IllegalArgumentException("the row is empty");
    }
    if (hasVisibility) {
      checkVisibility();
    }
    return this;
  }

  /** A line without escapes: its fields are slices of the line itself, nothing copied. */
  private void parsePlain(byte[] line, int from, int to, int tab0, int tab1, int valueEnd) {
    bytes = line;
    slice(ROW, from, tab0);
    int colon = indexOf(line, (byte) ':', tab0 + 1, tab1);
    if (colon < 0) {
      slice(FAMILY, tab0 + 1, tab0 + 1);
      slice(QUALIFIER, tab0 + 1, tab1);
    } else {
      slice(FAMILY, tab0 + 1, colon);
      slice(QUALIFIER, colon + 1, tab1);
    }
    slice(VALUE, tab1 + 1, valueEnd);
    slice(VISIBILITY, hasVisibility ? valueEnd + 1 : to, to);
  }

  private void slice(int f, int from, int to) {
    start[f] = from;
    length[f] = to - from;
  }

  private static int indexOf(byte[] s, byte b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (s[i] == b) {
        return i;
      }
    }
    return -1;
  }

  /** A line with escapes: its fields unescaped into the reused buffer. */
  private void parseEscaped(byte[] line, int from, int to, int tab0, int tab1, int valueEnd) {
    if (out.length < 3 * (to - from)) {
      out = new byte[Math.max(2 * out.length, 3 * (to - from))];
    }
    bytes = out;
    size = 0;
    field(ROW, "row", line, from, tab0, from);
    if (length[ROW] == 0) {
      throw new IllegalArgumentException("the row is empty"); // before any error of a later field
    }
    int colon = firstUnescapedColon(line, tab0 + 1, tab1);
    if (colon < 0) {
      start[FAMILY] = size;
      length[FAMILY] = 0;
      field(QUALIFIER, "column", line, tab0 + 1, tab1, tab0 + 1);
    } else {
      field(FAMILY, "column", line, tab0 + 1, colon, tab0 + 1);
      field(QUALIFIER, "column", line, colon + 1, tab1, tab0 + 1);
    }
    field(VALUE, "value", line, tab1 + 1, valueEnd, tab1 + 1);
    if (hasVisibility) {
      field(VISIBILITY, "visibility", line, valueEnd + 1, to, valueEnd + 1);
    } else {
      start[VISIBILITY] = size;
      length[VISIBILITY] = 0;
    }
  }

  /** Whether the line had a visibility field (an empty one makes the cell explicitly public). */
  public boolean hasVisibility() {
    return hasVisibility;
  }

  /** The parsed cell as separate arrays. */
  public TsvCell toCell() {
    return new TsvCell(copy(ROW), copy(FAMILY), copy(QUALIFIER), copy(VALUE),
        hasVisibility ? copy(VISIBILITY) : null);
  }

  private byte[] copy(int field) {
    return Arrays.copyOfRange(bytes, start[field], start[field] + length[field]);
  }

  // ---- CellSlices ----

  @Override
  public byte[] bytes() {
    return bytes;
  }

  @Override
  public int rowOffset() {
    return start[ROW];
  }

  @Override
  public int rowLength() {
    return length[ROW];
  }

  @Override
  public int familyOffset() {
    return start[FAMILY];
  }

  @Override
  public int familyLength() {
    return length[FAMILY];
  }

  @Override
  public int qualifierOffset() {
    return start[QUALIFIER];
  }

  @Override
  public int qualifierLength() {
    return length[QUALIFIER];
  }

  @Override
  public int visibilityOffset() {
    return start[VISIBILITY];
  }

  @Override
  public int visibilityLength() {
    return length[VISIBILITY];
  }

  @Override
  public int valueOffset() {
    return start[VALUE];
  }

  @Override
  public int valueLength() {
    return length[VALUE];
  }

  @Override
  public long timestamp() {
    return 0;
  }

  @Override
  public boolean deleted() {
    return false;
  }

  // ---- internals ----

  /** Unescapes {@code line[from, to)} into the buffer as field {@code f}; errors name the field. */
  private void field(int f, String name, byte[] line, int from, int to, int base) {
    start[f] = size;
    try {
      size = unescape(line, from, to, base, out, size);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage());
    }
    length[f] = size - start[f];
  }

  /**
   * Unescapes the UTF-8 bytes {@code s[from, to)} into {@code dst} at {@code at} (room for them must be
   * there); returns the end. Messages count characters from 1 at {@code s[base]}.
   */
  static int unescape(byte[] s, int from, int to, int base, byte[] dst, int at) {
    int n = at;
    for (int i = from; i < to; i++) {
      byte c = s[i];
      if (c != '\\') {
        dst[n++] = c;
        continue;
      }
      if (i + 1 >= to) {
        throw new IllegalArgumentException("trailing lone backslash at character " + position(s, base, i));
      }
      byte e = s[i + 1];
      switch (e) {
        case '\\' -> dst[n++] = '\\';
        case 't' -> dst[n++] = '\t';
        case 'n' -> dst[n++] = '\n';
        case 'r' -> dst[n++] = '\r';
        case ':' -> dst[n++] = ':';
        case 'x' -> {
          int hi = i + 2 < to ? hexDigit(s[i + 2]) : -1;
          int lo = i + 3 < to ? hexDigit(s[i + 3]) : -1;
          if (hi < 0 || lo < 0) {
            String rest = new String(s, i, to - i, StandardCharsets.UTF_8);
            throw new IllegalArgumentException("bad escape '" + shown(rest.substring(0, Math.min(rest.length(), 4)))
                + "' at character " + position(s, base, i) + ": \\x needs two hex digits");
          }
          dst[n++] = (byte) (hi << 4 | lo);
          i += 2;
        }
        default -> {
          String rest = new String(s, i + 1, to - i - 1, StandardCharsets.UTF_8);
          throw new IllegalArgumentException("bad escape '\\" + shown(rest.substring(0, 1))
              + "' at character " + position(s, base, i) + " (use \\\\ for a backslash)");
        }
      }
      i++;
    }
    return n;
  }

  /** 1-based position of byte i counted in UTF-16 units from s[base]: computed only for messages. */
  private static int position(byte[] s, int base, int i) {
    return new String(s, base, i - base, StandardCharsets.UTF_8).length() + 1;
  }

  private static int hexDigit(byte b) {
    if (b >= '0' && b <= '9') {
      return b - '0';
    }
    if (b >= 'a' && b <= 'f') {
      return b - 'a' + 10;
    }
    if (b >= 'A' && b <= 'F') {
      return b - 'A' + 10;
    }
    return -1;
  }

  static int firstUnescapedColon(byte[] s, int from, int to) {
    for (int i = from; i < to; i++) {
      byte c = s[i];
      if (c == '\\') {
        i++; // the escaped byte is never a separator (a multi-byte character's other bytes never are)
      } else if (c == ':') {
        return i;
      }
    }
    return -1;
  }

  private void checkVisibility() {
    int from = start[VISIBILITY];
    int to = from + length[VISIBILITY];
    if (from == to) {
      return; // empty: explicitly public
    }
    // A direct-mapped cache of labels found valid: a hash of the bytes picks the one slot to compare
    // (no key object, no probing); a label whose slot holds another is checked again and takes the slot.
    int hash = 0;
    for (int i = from; i < to; i++) {
      hash = 31 * hash + bytes[i];
    }
    int slot = (hash ^ (hash >>> 16)) & (VISIBILITY_CACHE - 1);
    byte[] cached = validVisibilities[slot];
    if (cached != null && Arrays.equals(bytes, from, to, cached, 0, cached.length)) {
      return;
    }
    byte[] visibility = copy(VISIBILITY);
    checkVisibility(visibility);
    validVisibilities[slot] = visibility;
  }

  static void checkVisibility(byte[] visibility) {
    try {
      new ColumnVisibility(visibility);
    } catch (PatternSyntaxException e) {
      // Accumulo's own message spans three lines (expression and a caret); keep ours to one.
      throw new IllegalArgumentException("invalid visibility \"" + TsvCodec.escape(visibility) + "\": "
          + e.getDescription() + " at byte " + (e.getIndex() + 1));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid visibility \"" + TsvCodec.escape(visibility) + "\": "
          + e.getMessage());
    }
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
