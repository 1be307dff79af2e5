package tabulo.ingest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.TabuloException;

class TsvReaderTest {

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static TsvReader reader(String text, String name) {
    return reader(b(text), name);
  }

  private static TsvReader reader(byte[] bytes, String name) {
    return new TsvReader(new ByteArrayInputStream(bytes), name);
  }

  private static List<TsvCell> readAll(TsvReader r) {
    List<TsvCell> cells = new ArrayList<>();
    for (TsvCell c = r.next(); c != null; c = r.next()) {
      cells.add(c);
    }
    return cells;
  }

  private static TsvCell cell(String row, String qualifier, String value) {
    return new TsvCell(b(row), new byte[0], b(qualifier), b(value), null);
  }

  private static String failure(String text, String name) {
    TsvReader r = reader(text, name);
    return assertThrows(TabuloException.class, () -> readAll(r)).getMessage();
  }

  @Test
  void readsCellsAndCountsLines() {
    TsvReader r = reader("a\tx\t1\n\nb\tf:y\t2\tA\n", "in.tsv");
    assertEquals(cell("a", "x", "1"), r.next());
    assertEquals(1, r.lineNumber());
    assertEquals(new TsvCell(b("b"), b("f"), b("y"), b("2"), b("A")), r.next());
    assertEquals(3, r.lineNumber()); // the empty line 2 was skipped but counted
    assertNull(r.next());
    assertNull(r.next());
    assertEquals(3, r.lineNumber());
  }

  /** Labels repeated, alternating, empty and longer than one valid before them: each is checked as its own. */
  @Test
  void checksEveryLabelWhetherOrNotItRepeatsTheOneBefore() {
    assertEquals(6, readAll(reader("a\tx\t1\tA\nb\tx\t1\tA\nc\tx\t1\t\nd\tx\t1\tA|B\ne\tx\t1\tA\n"
        + "f\tx\t1\tA|B\n", "ok.tsv")).size());
    assertEquals("v.tsv:3: invalid visibility \"A&\": empty term at byte 3",
        failure("a\tx\t1\tA\nb\tx\t1\tA\nc\tx\t1\tA&\n", "v.tsv"));
    assertEquals("v.tsv:4: invalid visibility \"A|\": empty term at byte 3",
        failure("a\tx\t1\tA\nb\tx\t1\t\nc\tx\t1\tA\nd\tx\t1\tA|\n", "v.tsv"));
    assertEquals("v.tsv:2: invalid visibility \"(A\": parenthesis mis-match at byte 2",
        failure("a\tx\t1\tA\nb\tx\t1\t(A\nc\tx\t1\tA\n", "v.tsv"));
  }

  /** More distinct labels than the cache of valid ones has slots, in turns: every line still checked. */
  @Test
  void checksManyDistinctLabelsInTurns() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      text.append("r").append(i).append("\tx\t1\tL").append(i % 9000).append(i % 3 == 0 ? "&M" : "").append('\n');
    }
    assertEquals(20_000, readAll(reader(text.toString(), "many.tsv")).size());
    text.append("z\tx\t1\tL17&\n");
    assertEquals("many.tsv:20001: invalid visibility \"L17&\": empty term at byte 5",
        failure(text.toString(), "many.tsv"));
  }

  @Test
  void handlesCrlfMissingFinalNewlineAndBlankLines() {
    assertEquals(List.of(cell("a", "x", "1"), cell("b", "y", "")),
        readAll(reader("a\tx\t1\r\n\r\n\nb\ty\t\r\n", "crlf.tsv")));
    assertEquals(List.of(cell("a", "x", "1"), cell("b", "y", "2")), readAll(reader("a\tx\t1\nb\ty\t2", "x")));
    assertEquals(List.of(), readAll(reader("", "empty")));
    assertEquals(List.of(), readAll(reader("\n\n\r\n", "blank")));
    // Only one trailing CR is a line ending; an escaped one is data.
    assertEquals(List.of(cell("a", "x", "1\r")), readAll(reader("a\tx\t1\\r\r\n", "x")));
  }

  @Test
  void errorsNameSourceAndLine() {
    assertEquals("edges.tsv:7: expected 3 or 4 tab-separated fields, found 2",
        failure("a\tb\t1\n\n\n\n\n\na\tb\n", "edges.tsv"));
    assertEquals("x.tsv:2: the row is empty", failure("a\tb\t1\r\n\tb\t1\r\n", "x.tsv"));
    assertEquals("x.tsv:1: value: bad escape '\\q' at character 1 (use \\\\ for a backslash)",
        failure("a\tb\t\\q", "x.tsv"));
    assertEquals("x.tsv:1: expected 3 or 4 tab-separated fields, found 1", failure("   \n", "x.tsv"));
  }

  @Test
  void rejectsInvalidUtf8() {
    byte[] bad = {'a', '\t', 'b', '\t', 'c', (byte) 0xC3, '\n'};
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    in.writeBytes(b("r\tc\tv\n"));
    in.writeBytes(bad);
    TsvReader r = reader(in.toByteArray(), "bad.tsv");
    r.next();
    assertEquals("bad.tsv:2: invalid UTF-8: byte 0xC3 at byte 6 of the line (write raw bytes as \\xHH)",
        assertThrows(TabuloException.class, r::next).getMessage());
    // An encoded surrogate (CESU-8) is not UTF-8 either.
    TsvReader cesu = reader(new byte[] {'r', '\t', 'c', '\t', (byte) 0xED, (byte) 0xA0, (byte) 0x80}, "s");
    assertEquals("s:1: invalid UTF-8: byte 0xED at byte 5 of the line (write raw bytes as \\xHH)",
        assertThrows(TabuloException.class, cesu::next).getMessage());
  }

  @Test
  void readsUnicode() {
    assertEquals(List.of(cell("\u00E9", "\u4E2D", "\uD83D\uDE00")), readAll(reader("\u00E9\t\u4E2D\t\uD83D\uDE00\n", "u")));
  }

  @Test
  void openReportsMissingFilesAndDirectories(@TempDir Path dir) {
    String missing = dir.resolve("none.tsv").toString();
    assertEquals("cannot read " + missing + ": no such file",
        assertThrows(TabuloException.class, () -> TsvReader.open(missing)).getMessage());
    assertEquals("cannot read " + dir + ": it is a directory",
        assertThrows(TabuloException.class, () -> TsvReader.open(dir.toString())).getMessage());
  }

  @Test
  void openReadsFilesAndNamesThemInErrors(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("edges.tsv");
    Files.writeString(file, "a\tb\t1\nbroken\n");
    try (TsvReader r = TsvReader.open(file.toString())) {
      assertEquals(cell("a", "b", "1"), r.next());
      assertEquals(file + ":2: expected 3 or 4 tab-separated fields, found 1",
          assertThrows(TabuloException.class, r::next).getMessage());
    }
  }

  @Test
  void linesLongerThanTheBuffer() {
    String value = "v".repeat(3 << 20) + "\u00E9";
    List<TsvCell> cells = readAll(reader("a\tb\t" + value + "\nc\td\te\n", "big"));
    assertEquals(List.of(cell("a", "b", value), cell("c", "d", "e")), cells);
  }

  /** Hands out a few bytes per read, so lines straddle every possible refill boundary. */
  private static final class TrickleStream extends InputStream {
    private final byte[] data;
    private final Random rnd;
    private int pos;

    TrickleStream(byte[] data, long seed) {
      this.data = data;
      this.rnd = new Random(seed);
    }

    @Override
    public int read() {
      return pos < data.length ? data[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos >= data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, 1 + rnd.nextInt(7)), data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }
  }

  @Test
  void aByteOrderMarkAtTheStartIsSkippedAndNowhereElse() {
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    byte[] text = b("a\tx\t1\n\uFEFFb\ty\t2\n");
    byte[] withBom = new byte[bom.length + text.length];
    System.arraycopy(bom, 0, withBom, 0, bom.length);
    System.arraycopy(text, 0, withBom, bom.length, text.length);
    List<TsvCell> expected = List.of(cell("a", "x", "1"), cell("\uFEFFb", "y", "2")); // a mark inside is data
    assertEquals(expected, readAll(reader(withBom, "bom.tsv")));
    for (long seed = 0; seed < 20; seed++) { // the mark arriving one or two bytes at a time
      assertEquals(expected, readAll(new TsvReader(new TrickleStream(withBom, seed), "bom.tsv")));
    }
    assertEquals(List.of(), readAll(reader(bom, "only-a-mark.tsv")));
    // The start of a mark that is not one is not dropped: two bytes of it are invalid UTF-8, reported as such.
    byte[] partial = {(byte) 0xEF, (byte) 0xBB, 'a', '\t', 'x', '\t', '1', '\n'};
    TsvReader r = reader(partial, "p.tsv");
    assertTrue(assertThrows(TabuloException.class, () -> readAll(r)).getMessage().startsWith("p.tsv:1: invalid UTF-8"));
  }

  @Test
  void manyRandomLinesReadBackExactly() {
    Random rnd = new Random(11);
    List<TsvCell> expected = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 200_000; i++) {
      byte[] row = randomBytes(rnd, 1 + rnd.nextInt(10));
      byte[] family = rnd.nextBoolean() ? new byte[0] : randomBytes(rnd, rnd.nextInt(5));
      byte[] qualifier = randomBytes(rnd, rnd.nextInt(8));
      byte[] value = randomBytes(rnd, rnd.nextInt(20));
      expected.add(new TsvCell(row, family, qualifier, value, null));
      text.append(TsvCodec.formatLine(new Key(row, family, qualifier, new byte[0], 1L), new Value(value), true));
      text.append(rnd.nextInt(10) == 0 ? "\r\n" : "\n");
    }
    byte[] data = b(text.toString());
    assertEquals(expected, readAll(reader(data, "random")));
    TsvReader trickle = new TsvReader(new TrickleStream(data, 3), "trickle");
    List<TsvCell> fromTrickle = readAll(trickle);
    assertEquals(expected.size(), fromTrickle.size());
    for (int i = 0; i < expected.size(); i++) {
      assertArrayEquals(expected.get(i).value(), fromTrickle.get(i).value());
      assertEquals(expected.get(i), fromTrickle.get(i));
    }
    assertEquals(expected.size(), trickle.lineNumber());
  }

  private static byte[] randomBytes(Random rnd, int length) {
    byte[] out = new byte[length];
    rnd.nextBytes(out);
    return out;
  }
}
