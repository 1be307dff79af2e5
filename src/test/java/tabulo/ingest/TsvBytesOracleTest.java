package tabulo.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;

import tabulo.storage.TabuloException;

/**
 * The byte-level parser and writer ({@link TsvLine} behind {@link TsvReader} and {@link TsvCodec#parseLine},
 * {@link TsvWriter}) against the String-based codec they replaced ({@link StringTsvCodec}), on random
 * lines and fields: escapes good and bad, multi-byte and supplementary characters, visibilities good and
 * bad, wrong field counts, invalid UTF-8. Same cells, same errors (with line numbers), same bytes out.
 */
class TsvBytesOracleTest {
  private static final String[] PIECES = {"a", "Z", "9", " ", ":", "é", "ключ", "日本", "😀", "\\\\", "\\t", "\\n",
      "\\r", "\\:", "\\x41", "\\xff", "\\x0", "|", "&", "(", ")"};
  /** Pieces making a field bad (most of the time: "\\" then "x41" is a good escape). */
  private static final String[] BAD_PIECES = {"\\xZZ", "\\q", "\\é", "\\😀", "\\", "\\x"};
  private static final String[] VISIBILITIES = {"", "A", "A&B", "(A|B)&C", "A&&B", "A|B&C", "(A", "é", "\"A\"",
      "A\\:B", "\\q"};

  /** The old parser's outcome: the cell or the error message. */
  private static Object oracle(String line) {
    try {
      return StringTsvCodec.parseLine(line);
    } catch (IllegalArgumentException e) {
      return "error: " + e.getMessage();
    }
  }

  private static Object parsed(String line) {
    try {
      return TsvCodec.parseLine(line);
    } catch (IllegalArgumentException e) {
      return "error: " + e.getMessage();
    }
  }

  /** Pieces without a backslash: lines of them are parsed without unescaping. */
  private static final String[] PLAIN_PIECES = {"a", "Z", "9", " ", ":", "é", "ключ", "日本", "😀", "|", "&", "(", ")",
      "abcdefghij"};

  private static String field(Random rnd, boolean plain) {
    StringBuilder sb = new StringBuilder();
    int n = rnd.nextInt(6);
    for (int i = 0; i < n; i++) {
      sb.append(plain ? PLAIN_PIECES[rnd.nextInt(PLAIN_PIECES.length)]
          : rnd.nextInt(60) == 0 ? BAD_PIECES[rnd.nextInt(BAD_PIECES.length)] : PIECES[rnd.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }

  private static String line(Random rnd) {
    return line(rnd, false);
  }

  private static String line(Random rnd, boolean plain) {
    StringBuilder sb = new StringBuilder(field(rnd, plain)).append('\t').append(field(rnd, plain));
    if (rnd.nextInt(4) > 0) {
      sb.append(':').append(field(rnd, plain));
    }
    sb.append('\t').append(field(rnd, plain));
    switch (rnd.nextInt(8)) {
      case 0 -> { } // three fields
      case 1 -> sb.append('\t').append(field(rnd, plain)).append('\t').append(field(rnd, plain)); // five
      default -> {
        String v = VISIBILITIES[rnd.nextInt(rnd.nextBoolean() ? 4 : VISIBILITIES.length)];
        sb.append('\t').append(plain ? v.replace("\\", "") : v);
      }
    }
    return sb.toString();
  }

  @Test
  void parsesLinesWithoutEscapesAsTheStringParserDid() {
    Random rnd = new Random(16);
    for (int i = 0; i < 20_000; i++) {
      String line = line(rnd, true);
      assertTrue(line.indexOf('\\') < 0, line);
      Object expected = oracle(line);
      assertEquals(expected, parsed(line), () -> "line: " + line);
    }
  }

  @Test
  void parsesRandomLinesAsTheStringParserDid() {
    Random rnd = new Random(13);
    int errors = 0;
    for (int i = 0; i < 20_000; i++) {
      String line = line(rnd);
      Object expected = oracle(line);
      errors += expected instanceof String ? 1 : 0;
      assertEquals(expected, parsed(line), () -> "line: " + line);
    }
    assertTrue(errors > 2_000 && errors < 18_000, errors + " bad lines of 20000: both kinds are tried");
  }

  /** The one difference: the String parser took any Unicode digit after \\x (Character.digit); now only ASCII. */
  @Test
  void hexEscapesTakeOnlyAsciiDigits() {
    assertEquals("error: value: bad escape '\\x٣٣' at character 1: \\x needs two hex digits", parsed("r\tq\t\\x٣٣"));
    assertEquals(new TsvCell(b("r"), b(""), b("q"), new byte[] {0x33}, null), oracle("r\tq\t\\x٣٣"));
    assertEquals(new TsvCell(b("r"), b(""), b("q"), new byte[] {(byte) 0xaf}, null), parsed("r\tq\t\\xaF"));
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void readerGivesTheSameCellsAndTheFirstErrorWithItsLineNumber() {
    Random rnd = new Random(14);
    for (int file = 0; file < 300; file++) {
      List<String> lines = new ArrayList<>();
      int n = 1 + rnd.nextInt(40);
      for (int i = 0; i < n; i++) {
        lines.add(rnd.nextInt(10) == 0 ? "" : line(rnd));
      }
      StringBuilder text = new StringBuilder();
      List<Object> expected = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        text.append(lines.get(i)).append(rnd.nextInt(5) == 0 ? "\r\n" : "\n");
        if (lines.get(i).isEmpty()) {
          continue;
        }
        Object o = oracle(lines.get(i));
        if (o instanceof String error) {
          expected.add("in.tsv:" + (i + 1) + ": " + error.substring("error: ".length()));
          break;
        }
        expected.add(o);
      }
      List<Object> actual = new ArrayList<>();
      try (TsvReader r = new TsvReader(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)),
          "in.tsv")) {
        for (TsvCell c = r.next(); c != null; c = r.next()) {
          actual.add(c);
        }
      } catch (TabuloException e) {
        actual.add(e.getMessage());
      }
      assertEquals(expected, actual, text::toString);
    }
  }

  @Test
  void invalidUtf8IsReportedByByteAndLine() {
    byte[] text = {'a', '\t', 'q', '\t', '1', '\n', 'b', '\t', 'q', '\t', 'x', (byte) 0xC3, '\n'};
    TsvReader r = new TsvReader(new ByteArrayInputStream(text), "in.tsv");
    r.next();
    TabuloException e = org.junit.jupiter.api.Assertions.assertThrows(TabuloException.class, r::next);
    assertEquals("in.tsv:2: invalid UTF-8: byte 0xC3 at byte 6 of the line (write raw bytes as \\xHH)",
        e.getMessage());
  }

  private static byte[] randomBytes(Random rnd) {
    // Half short and mixed; half longer and mostly printable ASCII, whose runs the writer copies in steps
    // of eight bytes, broken by the odd byte it must escape or check.
    boolean mostlyPlain = rnd.nextBoolean();
    byte[] b = new byte[rnd.nextInt(mostlyPlain ? 40 : 12)];
    for (int i = 0; i < b.length; i++) {
      int kind = mostlyPlain ? (rnd.nextInt(12) == 0 ? rnd.nextInt(2) : 2) : rnd.nextInt(4);
      b[i] = (byte) (kind == 0 ? rnd.nextInt(256) : kind == 1 ? "\\:\t\n\r\u007f\u0001".charAt(rnd.nextInt(7))
          : mostlyPlain ? 0x20 + rnd.nextInt(95) : 'a' + rnd.nextInt(26));
    }
    if (rnd.nextBoolean()) { // well-formed multi-byte sequences too
      byte[] u = "é😀ключ".getBytes(StandardCharsets.UTF_8);
      byte[] both = new byte[b.length + u.length];
      int at = rnd.nextInt(b.length + 1);
      System.arraycopy(b, 0, both, 0, at);
      System.arraycopy(u, 0, both, at, u.length);
      System.arraycopy(b, at, both, at + u.length, b.length - at);
      return both;
    }
    return b;
  }

  @Test
  void writesRandomBytesAsTheStringFormatterDid() throws Exception {
    Random rnd = new Random(15);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringBuilder expected = new StringBuilder();
    try (TsvWriter w = new TsvWriter(out)) {
      for (int i = 0; i < 20_000; i++) {
        byte[] field = randomBytes(rnd);
        assertEquals(StringTsvCodec.escape(field), TsvCodec.escape(field));
        byte[] family = rnd.nextBoolean() ? new byte[0] : randomBytes(rnd);
        assertEquals(StringTsvCodec.formatColumn(family, field), TsvCodec.formatColumn(family, field));
        Key k = new Key(randomBytes(rnd), family, field, rnd.nextBoolean() ? new byte[0] : randomBytes(rnd), 7);
        Value v = new Value(randomBytes(rnd));
        boolean vis = rnd.nextBoolean();
        assertEquals(StringTsvCodec.formatLine(k, v, vis), TsvCodec.formatLine(k, v, vis));
        w.line(k, v, vis);
        expected.append(StringTsvCodec.formatLine(k, v, vis)).append('\n');
      }
    }
    assertEquals(expected.toString(), out.toString(StandardCharsets.UTF_8));
  }
}
