package tabulo.ingest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;

class TsvCodecTest {

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] raw(int... bytes) {
    byte[] out = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      out[i] = (byte) bytes[i];
    }
    return out;
  }

  private static String error(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }

  // ---- escape / unescape ----

  @Test
  void escapesSpecialBytes() {
    assertEquals("plain text", TsvCodec.escape(b("plain text")));
    assertEquals("a\\tb\\nc\\rd\\\\e", TsvCodec.escape(b("a\tb\nc\rd\\e")));
    assertEquals("a:b", TsvCodec.escape(b("a:b"))); // colons matter only in columns
    assertEquals("\\x00\\x01\\x1F\\x7F", TsvCodec.escape(raw(0, 1, 0x1f, 0x7f)));
    assertEquals("caf\u00E9 \uD83D\uDE00 \u4E2D", TsvCodec.escape(b("caf\u00E9 \uD83D\uDE00 \u4E2D")));
    assertEquals("", TsvCodec.escape(new byte[0]));
  }

  @Test
  void escapesInvalidUtf8ByteByByte() {
    assertEquals("\\xFF", TsvCodec.escape(raw(0xff)));
    assertEquals("a\\x80b", TsvCodec.escape(raw('a', 0x80, 'b'))); // lone continuation
    assertEquals("\\xC0\\x80", TsvCodec.escape(raw(0xc0, 0x80))); // overlong NUL
    assertEquals("\\xE0\\x80\\x80", TsvCodec.escape(raw(0xe0, 0x80, 0x80))); // overlong
    assertEquals("\\xED\\xA0\\x80", TsvCodec.escape(raw(0xed, 0xa0, 0x80))); // UTF-16 surrogate
    assertEquals("\\xF4\\x90\\x80\\x80", TsvCodec.escape(raw(0xf4, 0x90, 0x80, 0x80))); // above U+10FFFF
    assertEquals("\\xC3", TsvCodec.escape(raw(0xc3))); // truncated
    assertEquals("\\xE2\\x82", TsvCodec.escape(raw(0xe2, 0x82))); // truncated
    assertEquals("\\xC3\u00E9", TsvCodec.escape(raw(0xc3, 0xc3, 0xa9))); // bad lead, then a good é
    assertEquals("\u20AC", TsvCodec.escape(raw(0xe2, 0x82, 0xac))); // the euro sign is fine
    assertEquals("\uDBFF\uDFFF", TsvCodec.escape(raw(0xf4, 0x8f, 0xbf, 0xbf))); // U+10FFFF is fine
  }

  @Test
  void unescapesEveryEscape() {
    assertArrayEquals(b("a\tb\nc\rd\\e:f"), TsvCodec.unescape("a\\tb\\nc\\rd\\\\e\\:f"));
    assertArrayEquals(raw('A', 0xff, 0xab), TsvCodec.unescape("\\x41\\xFF\\xab"));
    assertArrayEquals(b("x:y"), TsvCodec.unescape("x:y"));
    assertArrayEquals(b("\u00E9\uD83D\uDE00"), TsvCodec.unescape("\u00E9\uD83D\uDE00"));
    assertArrayEquals(raw(0xc3, 0xa9), TsvCodec.unescape("\\xC3\\xA9")); // bytes may form characters
    assertArrayEquals(new byte[0], TsvCodec.unescape(""));
  }

  @Test
  void badEscapesNameTheEscapeAndPosition() {
    assertEquals("bad escape '\\q' at character 3 (use \\\\ for a backslash)", error(() -> TsvCodec.unescape("ab\\qc")));
    assertEquals("trailing lone backslash at character 3", error(() -> TsvCodec.unescape("ab\\")));
    assertEquals("bad escape '\\x4' at character 1: \\x needs two hex digits", error(() -> TsvCodec.unescape("\\x4")));
    assertEquals("bad escape '\\xZZ' at character 2: \\x needs two hex digits", error(() -> TsvCodec.unescape("a\\xZZ")));
    assertEquals("bad escape '\\N' at character 1 (use \\\\ for a backslash)", error(() -> TsvCodec.unescape("\\N")));
    assertTrue(error(() -> TsvCodec.unescape("\\\u0001")).contains("U+0001"));
    assertEquals("unpaired UTF-16 surrogate at character 2", error(() -> TsvCodec.unescape("a\uD800b")));
  }

  // ---- columns ----

  @Test
  void formatsColumns() {
    assertEquals("q", TsvCodec.formatColumn(new byte[0], b("q")));
    assertEquals("a\\:b", TsvCodec.formatColumn(new byte[0], b("a:b")));
    assertEquals("f:q", TsvCodec.formatColumn(b("f"), b("q")));
    assertEquals("f\\:g:q:r", TsvCodec.formatColumn(b("f:g"), b("q:r")));
    assertEquals("f:", TsvCodec.formatColumn(b("f"), new byte[0]));
    assertEquals("", TsvCodec.formatColumn(new byte[0], new byte[0]));
    assertEquals("f\\t:q\\\\", TsvCodec.formatColumn(b("f\t"), b("q\\")));
  }

  @Test
  void parsesColumnsAtTheFirstUnescapedColon() {
    assertColumn("", "abc", "abc");
    assertColumn("a", "b:c", "a:b:c");
    assertColumn("a:b", "c", "a\\:b:c");
    assertColumn("", "a:b", "a\\:b");
    assertColumn("\\", "x", "\\\\:x"); // the backslash is escaped, the colon is not
    assertColumn("", "x", ":x");
    assertColumn("f", "", "f:");
    assertColumn("", "", "");
    assertColumn("f", "q:", "f:q\\:");
    assertEquals("bad escape '\\q' at character 4 (use \\\\ for a backslash)", error(() -> TsvCodec.parseColumn("ab:\\q")));
  }

  private static void assertColumn(String family, String qualifier, String field) {
    byte[][] parsed = TsvCodec.parseColumn(field);
    assertArrayEquals(b(family), parsed[0], "family of " + field);
    assertArrayEquals(b(qualifier), parsed[1], "qualifier of " + field);
  }

  // ---- lines ----

  @Test
  void parsesLines() {
    assertEquals(new TsvCell(b("r1"), b(""), b("c1"), b("1"), null), TsvCodec.parseLine("r1\tc1\t1"));
    assertEquals(new TsvCell(b("r1"), b("f"), b("q"), b(""), null), TsvCodec.parseLine("r1\tf:q\t"));
    assertEquals(new TsvCell(b("r\t1"), b("f:x"), b("q"), b("v\n"), b("A&B")),
        TsvCodec.parseLine("r\\t1\tf\\:x:q\tv\\n\tA&B"));
    TsvCell publicCell = TsvCodec.parseLine("r\tc\tv\t");
    assertArrayEquals(new byte[0], publicCell.visibility());
    assertTrue(publicCell.hasVisibility());
    assertNull(TsvCodec.parseLine("r\tc\tv").visibility());
    assertFalse(TsvCodec.parseLine("r\tc\tv").hasVisibility());
  }

  @Test
  void lineErrorsAreOneLineAndSpecific() {
    assertEquals("expected 3 or 4 tab-separated fields, found 2", error(() -> TsvCodec.parseLine("a\tb")));
    assertEquals("expected 3 or 4 tab-separated fields, found 1", error(() -> TsvCodec.parseLine("abc")));
    assertEquals("expected 3 or 4 tab-separated fields, found 5", error(() -> TsvCodec.parseLine("a\tb\tc\td\te")));
    assertEquals("expected 3 or 4 tab-separated fields, found 7", error(() -> TsvCodec.parseLine("\t\t\t\t\t\t")));
    assertEquals("the row is empty", error(() -> TsvCodec.parseLine("\tc\tv")));
    assertEquals("value: bad escape '\\q' at character 2 (use \\\\ for a backslash)",
        error(() -> TsvCodec.parseLine("r\tc\tv\\q")));
    assertEquals("row: trailing lone backslash at character 2", error(() -> TsvCodec.parseLine("r\\\tc\tv")));
    assertEquals("column: bad escape '\\y' at character 3 (use \\\\ for a backslash)",
        error(() -> TsvCodec.parseLine("r\tf:\\y\tv")));
    assertEquals("invalid visibility \"A&&B\": empty term at byte 3", error(() -> TsvCodec.parseLine("r\tc\tv\tA&&B")));
    assertEquals("invalid visibility \"A|B&C\": cannot mix & and | at byte 4",
        error(() -> TsvCodec.parseLine("r\tc\tv\tA|B&C")));
    assertFalse(error(() -> TsvCodec.parseLine("r\tc\tv\t(A")).contains("\n"));
  }

  @Test
  void formatsLines() {
    Key k = new Key(b("r\t1"), b("f:x"), b("q:y"), b("A&B"), 5L);
    assertEquals("r\\t1\tf\\:x:q:y\tv\\\\", TsvCodec.formatLine(k, new Value(b("v\\")), false));
    assertEquals("r\\t1\tf\\:x:q:y\tv\\\\\tA&B", TsvCodec.formatLine(k, new Value(b("v\\")), true));
    Key noFamily = new Key(b("r"), new byte[0], b("a:b"), new byte[0], 5L);
    assertEquals("r\ta\\:b\t", TsvCodec.formatLine(noFamily, new Value(new byte[0]), true));
  }

  // ---- round trips on random data ----

  private static final String[] PIECES = {"a", "Z", "0", " ", ":", "\\", "\t", "\n", "\r", "\\x", "\\:", "\u00E9",
      "\u4E2D", "\uD83D\uDE00", "\uFFFD", "\uE000", "\u0000", "\u007F", "\u0085", "\u2028"};

  private static byte[] randomBytes(Random rnd, int maxLength) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int n = rnd.nextInt(maxLength + 1);
    for (int i = 0; i < n; i++) {
      if (rnd.nextInt(4) == 0) {
        out.write(rnd.nextInt(256)); // often not valid UTF-8
      } else {
        out.writeBytes(b(PIECES[rnd.nextInt(PIECES.length)]));
      }
    }
    return out.toByteArray();
  }

  private static final List<String> VISIBILITIES =
      List.of("", "A", "A&B", "(A|B)&C", "\"a b\"&x", "\"q\\\"uote\"", "\"\u00E9t\u00E9\"|Z", "A_b-1:2.3/4");

  @Test
  void escapeRoundTripsAnyBytes() {
    Random rnd = new Random(7);
    for (int i = 0; i < 20000; i++) {
      byte[] field = randomBytes(rnd, 12);
      String escaped = TsvCodec.escape(field);
      assertArrayEquals(field, TsvCodec.unescape(escaped), escaped);
      assertTrue(escaped.chars().noneMatch(c -> c == '\t' || c == '\n' || c == '\r' || c < 0x20 || c == 0x7f),
          escaped);
    }
  }

  @Test
  void columnRoundTrips() {
    Random rnd = new Random(8);
    for (int i = 0; i < 20000; i++) {
      byte[] family = rnd.nextInt(3) == 0 ? new byte[0] : randomBytes(rnd, 6);
      byte[] qualifier = randomBytes(rnd, 6);
      String field = TsvCodec.formatColumn(family, qualifier);
      byte[][] parsed = TsvCodec.parseColumn(field);
      assertArrayEquals(family, parsed[0], field);
      assertArrayEquals(qualifier, parsed[1], field);
    }
  }

  @Test
  void linesRoundTrip() {
    Random rnd = new Random(9);
    for (int i = 0; i < 20000; i++) {
      byte[] row = randomBytes(rnd, 8);
      if (row.length == 0) {
        row = b("r");
      }
      byte[] family = rnd.nextInt(3) == 0 ? new byte[0] : randomBytes(rnd, 6);
      byte[] qualifier = randomBytes(rnd, 6);
      byte[] value = randomBytes(rnd, 10);
      byte[] visibility = b(VISIBILITIES.get(rnd.nextInt(VISIBILITIES.size())));
      Key k = new Key(row, family, qualifier, visibility, rnd.nextLong());
      boolean withVisibility = rnd.nextBoolean();
      String line = TsvCodec.formatLine(k, new Value(value), withVisibility);
      assertFalse(line.contains("\n") || line.contains("\r"), line);
      TsvCell cell = TsvCodec.parseLine(line);
      boolean expectVisibility = withVisibility && visibility.length > 0;
      assertEquals(new TsvCell(row, family, qualifier, value, expectVisibility ? visibility : null), cell, line);
      assertEquals(expectVisibility ? 3 : 2, line.chars().filter(c -> c == '\t').count(), line);
    }
  }
}
