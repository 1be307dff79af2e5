package tabulo.graphalytics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.util.Progress;

/**
 * The dataset files' text read as bytes gives what the JDK's text reading gives: lines as
 * {@link BufferedReader#readLine}, fields as {@code strip().split("[ \t]+")}, numbers as
 * {@link Long#parseLong} and {@link Double#parseDouble}, and vertex sets as a sorted set's lookup.
 */
public class TextParsingTest {
  @TempDir
  Path dir;

  private static final String[] PIECES = {"1", "23", "-4", "+5", "007", "x", " ", "  ", "\t", "\u000b", "\f",
      "\u001f", "\u00e9", "\u2003", "\u00a0", "0.5", "1e-3", "", "-0", "9223372036854775807",
      "9223372036854775808", "-9223372036854775808"};
  private static final String[] ENDS = {"\n", "\r", "\r\n", "\n\n", "\r\r\n"};

  /** Random text made of pieces that stress the splitting: odd whitespace, signs, non-ASCII, line ends. */
  private static String randomText(Random r, int lines) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < lines; i++) {
      int n = r.nextInt(7);
      for (int j = 0; j < n; j++) {
        sb.append(PIECES[r.nextInt(PIECES.length)]);
      }
      if (i < lines - 1 || r.nextBoolean()) {
        sb.append(ENDS[r.nextInt(ENDS.length)]);
      }
    }
    return sb.toString();
  }

  @Test
  void linesAndFieldsAreThoseOfReadLineStripAndSplit() throws IOException {
    Random r = new Random(31);
    for (int round = 0; round < 300; round++) {
      String text = randomText(r, 1 + r.nextInt(40));
      Path file = dir.resolve("t" + round);
      Files.write(file, text.getBytes(StandardCharsets.UTF_8));
      List<String[]> expected = new ArrayList<>();
      try (BufferedReader in = new BufferedReader(new StringReader(text))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          String t = line.strip();
          expected.add(t.isEmpty() ? new String[0] : t.split("[ \t]+"));
        }
      }
      int block = 1 + r.nextInt(16); // lines cross blocks, and outgrow them
      try (TextLines lines = new TextLines(file, Progress.silent(), block)) {
        for (int i = 0; i < expected.size(); i++) {
          String[] got = lines.next();
          assertArrayEquals(expected.get(i), got, "line " + (i + 1) + " of " + escape(text));
          assertEquals(file + " line " + (i + 1), lines.place());
        }
        assertEquals(null, lines.next(), escape(text));
      }
    }
  }

  private static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (char c : s.toCharArray()) {
      sb.append(c >= ' ' && c < 127 ? String.valueOf(c) : String.format("\\u%04x", (int) c));
    }
    return sb.toString();
  }

  @Test
  void idsAreReadAsParseLongReadsThem() {
    Random r = new Random(7);
    List<String> texts = new ArrayList<>(List.of("0", "-0", "+0", "00", "1", "-1", "+1", "", "-", "+", "1-",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "999999999999999999", "1000000000000000000", "0009223372036854775807", "12a", " 1", "1.0", "\u0661"));
    for (int i = 0; i < 2000; i++) {
      long x = r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(1_000_000) - 1000;
      String sign = r.nextInt(5) == 0 ? "+" : "";
      String zeros = r.nextInt(5) == 0 ? "0" : "";
      texts.add(x < 0 ? "-" + zeros + Long.toString(x).substring(1) : sign + zeros + x);
    }
    for (String t : texts) {
      byte[] b = ("#" + t + "#").getBytes(StandardCharsets.UTF_8); // read from the middle of an array
      int to = b.length - 1;
      Long want;
      try {
        want = Long.parseLong(t);
      } catch (NumberFormatException e) {
        want = null;
      }
      Long got;
      try {
        got = NumberText.parseLong(b, 1, to);
      } catch (NumberFormatException e) {
        got = null;
      }
      assertEquals(want, got, t);
      if (want != null) {
        assertEquals(Long.toString(want).equals(t), NumberText.canonical(b, 1, to), t);
      }
    }
  }

  @Test
  void plainDecimalWeightsAreNumbersThatAreNotNegative() {
    Random r = new Random(11);
    String alphabet = "0123456789.eE+-xdfIN ";
    List<String> texts = new ArrayList<>(List.of("0", "0.5", ".5", "5.", ".", "1e5", "1e", "e5", "1e+5", "1E-5",
        "+2", "-2", "-0", "1.5e-400", "1e400", "Infinity", "NaN", "1d", "0x1p3", "1..2", "1e5.0"));
    for (int i = 0; i < 20000; i++) {
      StringBuilder sb = new StringBuilder();
      for (int n = r.nextInt(7); n > 0; n--) {
        sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      texts.add(sb.toString());
    }
    int plain = 0;
    for (String t : texts) {
      byte[] b = t.getBytes(StandardCharsets.UTF_8);
      if (NumberText.nonNegativeDecimal(b, 0, b.length)) {
        plain++;
        double x = Double.parseDouble(t); // throws if the text were no number
        assertFalse(x < 0, t);
        assertFalse(t.startsWith("-"), t);
      }
    }
    assertTrue(plain > 1000, "plain decimals among the texts: " + plain);
  }

  @Test
  void vertexSetsHoldTheirIdsAndNoOthers() {
    Random r = new Random(5);
    long[][] cases = {{}, {0}, {Long.MIN_VALUE}, {Long.MIN_VALUE, Long.MAX_VALUE}, {-3, -1, 0, 2},
        dense(r, 5000, 0, 20000), dense(r, 5000, -1_000_000_000_000L, 10_000), sparse(r, 5000)};
    for (long[] ids : cases) {
      VertexSet set = new VertexSet(ids);
      TreeSet<Long> oracle = new TreeSet<>();
      for (long id : ids) {
        oracle.add(id);
      }
      List<Long> probes = new ArrayList<>(oracle);
      for (long id : ids) {
        probes.add(id + 1);
        probes.add(id - 1);
      }
      probes.addAll(List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L));
      for (int i = 0; i < 2000; i++) {
        probes.add(r.nextLong());
        probes.add((long) r.nextInt(40000) - 20000);
      }
      for (long p : probes) {
        assertEquals(oracle.contains(p), set.contains(p), p + " in " + ids.length + " ids");
      }
    }
  }

  /** {@code n} distinct sorted ids from {@code [from, from + range)}. */
  private static long[] dense(Random r, int n, long from, int range) {
    return r.longs(n, from, from + range).distinct().sorted().toArray();
  }

  private static long[] sparse(Random r, int n) {
    long[] ids = r.longs(n).distinct().sorted().toArray();
    return Arrays.copyOf(ids, ids.length);
  }
}
