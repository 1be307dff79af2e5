package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.lines;
import static tabulo.cli.CliRunner.ok;
import static tabulo.cli.CliRunner.text;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tabulo.cli.CliRunner.Result;

/**
 * put / scan / put round trips of random cells with every kind of character the TSV format has to
 * escape. The expected scan output is computed here, independently of the product's codec: each field
 * is generated as a list of "atoms" (a code point, or a raw byte that is not valid UTF-8), which gives
 * its bytes, the several ways the input may spell it, and the one way scan must print it.
 */
class CliRoundTripTest {
  @TempDir
  Path tmp;

  CliRunner cli;

  @BeforeEach
  void setUp() {
    cli = new CliRunner(tmp);
  }

  /** A code point, or (when {@code raw}) one byte that can never be part of well-formed UTF-8 here. */
  private record Atom(int value, boolean raw) {
    byte[] bytes() {
      return raw ? new byte[] {(byte) value} : new String(Character.toChars(value)).getBytes(StandardCharsets.UTF_8);
    }
  }

  private static final int[] CODE_POINTS = {
    'a', 'b', 'c', 'x', 'A', 'Z', '0', '9', ' ', '*', ',', '"', '&', '|', '%', // plain
    ':', '\\', '\t', '\n', '\r', 0x00, 0x01, 0x1f, 0x7f, // escaped (colon only in some places)
    0xe9, 0xdf, 0x4e2d, 0xff5e, 0x2028, 0xfffd, 0x1f600, 0x10ffff, // 2, 3 and 4 byte UTF-8
  };

  /** Lead bytes that are never valid (C0, C1, F5..FF) and lone continuation bytes. */
  private static final int[] RAW_BYTES = {0x80, 0xbf, 0xc0, 0xc1, 0xf5, 0xff};

  private static final String[] VISIBILITIES = {"", "", "", "A", "B", "A&B", "A|C", "(A|B)&C", "A&(B|C)"};

  /** A generated field. */
  private static final class Field {
    final List<Atom> atoms;
    final byte[] bytes;

    Field(List<Atom> atoms) {
      this.atoms = atoms;
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      atoms.forEach(a -> out.writeBytes(a.bytes()));
      this.bytes = out.toByteArray();
    }

    /**
     * How scan must print it: the escapes of docs/command-line.md; {@code \xHH} for control bytes and
     * invalid UTF-8.
     */
    String expected(boolean escapeColon) {
      StringBuilder sb = new StringBuilder();
      for (Atom a : atoms) {
        if (a.raw) {
          sb.append(String.format("\\x%02X", a.value));
          continue;
        }
        int c = a.value;
        switch (c) {
          case '\\' -> sb.append("\\\\");
          case '\t' -> sb.append("\\t");
          case '\n' -> sb.append("\\n");
          case '\r' -> sb.append("\\r");
          case ':' -> sb.append(escapeColon ? "\\:" : ":");
          default -> {
            if (c < 0x20 || c == 0x7f) {
              sb.append(String.format("\\x%02X", c));
            } else {
              sb.appendCodePoint(c);
            }
          }
        }
      }
      return sb.toString();
    }

    /** One of the many ways an input line may spell the field, chosen at random. */
    String input(Random rnd, boolean colonMayBeRaw) {
      StringBuilder sb = new StringBuilder();
      for (Atom a : atoms) {
        if (a.raw || rnd.nextInt(8) == 0) {
          for (byte b : a.bytes()) { // every byte may be written as \xHH, in either case
            sb.append(String.format(rnd.nextBoolean() ? "\\x%02X" : "\\x%02x", b & 0xff));
          }
          continue;
        }
        int c = a.value;
        switch (c) {
          case '\\' -> sb.append("\\\\");
          case '\t' -> sb.append("\\t");
          case '\n' -> sb.append("\\n");
          case '\r' -> sb.append("\\r"); // a raw CR at the end of a line would be taken for CRLF
          case ':' -> sb.append(colonMayBeRaw && rnd.nextBoolean() ? ":" : "\\:");
          default -> sb.appendCodePoint(c); // raw, including NUL and other control characters
        }
      }
      return sb.toString();
    }
  }

  private record GenCell(Field row, Field family, Field qualifier, Field value, String visibility) {
    String key() {
      return hex(row.bytes) + "/" + hex(family.bytes) + "/" + hex(qualifier.bytes) + "/" + visibility;
    }

    String expectedLine(boolean withVisibility) {
      String column = family.bytes.length == 0 ? qualifier.expected(true)
          : family.expected(true) + ":" + qualifier.expected(false);
      String line = row.expected(false) + "\t" + column + "\t" + value.expected(false);
      return withVisibility && !visibility.isEmpty() ? line + "\t" + visibility : line;
    }

    String inputLine(Random rnd) {
      String column;
      if (family.bytes.length == 0) {
        // either the bare qualifier (its colons escaped) or ":qualifier" (colons after the first are data)
        column = rnd.nextBoolean() ? qualifier.input(rnd, false) : ":" + qualifier.input(rnd, true);
      } else {
        column = family.input(rnd, false) + ":" + qualifier.input(rnd, true);
      }
      String line = row.input(rnd, true) + "\t" + column + "\t" + value.input(rnd, true);
      if (!visibility.isEmpty()) {
        line += "\t" + visibility;
      } else if (rnd.nextInt(4) == 0) {
        line += "\t"; // an empty visibility field is the same as none
      }
      return line;
    }
  }

  private static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (byte x : b) {
      sb.append(String.format("%02x", x & 0xff));
    }
    return sb.toString();
  }

  private static Field field(Random rnd, int minLength, int maxLength) {
    int n = minLength + rnd.nextInt(maxLength - minLength + 1);
    List<Atom> atoms = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int k = rnd.nextInt(10);
      if (k == 0) {
        atoms.add(new Atom(RAW_BYTES[rnd.nextInt(RAW_BYTES.length)], true));
      } else if (k <= 3) {
        atoms.add(new Atom(CODE_POINTS[rnd.nextInt(CODE_POINTS.length)], false));
      } else {
        atoms.add(new Atom("abcdefgh".charAt(rnd.nextInt(k <= 6 ? 2 : 8)), false)); // shared prefixes
      }
    }
    return new Field(atoms);
  }

  private static final Comparator<GenCell> ACCUMULO_ORDER = (x, y) -> {
    int c = Arrays.compareUnsigned(x.row.bytes, y.row.bytes);
    if (c == 0) {
      c = Arrays.compareUnsigned(x.family.bytes, y.family.bytes);
    }
    if (c == 0) {
      c = Arrays.compareUnsigned(x.qualifier.bytes, y.qualifier.bytes);
    }
    if (c == 0) {
      c = Arrays.compareUnsigned(x.visibility.getBytes(StandardCharsets.UTF_8),
          y.visibility.getBytes(StandardCharsets.UTF_8));
    }
    return c;
  };

  private static List<GenCell> generate(Random rnd, int count) {
    List<Field> rows = new ArrayList<>();
    for (int i = 0; i < count / 5; i++) {
      rows.add(field(rnd, 1, 6)); // rows are never empty
    }
    List<GenCell> cells = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    while (cells.size() < count) {
      Field row = rows.get(rnd.nextInt(rows.size()));
      Field family = rnd.nextInt(3) == 0 ? new Field(List.of()) : field(rnd, 0, 4);
      GenCell c = new GenCell(row, family, field(rnd, 0, 5), field(rnd, 0, 8),
          VISIBILITIES[rnd.nextInt(VISIBILITIES.length)]);
      if (keys.add(c.key())) {
        cells.add(c);
      }
    }
    return cells;
  }

  /** The input file: cells in random order, with blank lines and CRLF endings mixed in. */
  private static byte[] inputFile(Random rnd, List<GenCell> cells) {
    List<GenCell> shuffled = new ArrayList<>(cells);
    Collections.shuffle(shuffled, rnd);
    StringBuilder sb = new StringBuilder();
    for (GenCell c : shuffled) {
      if (rnd.nextInt(20) == 0) {
        sb.append(rnd.nextBoolean() ? "\n" : "\r\n");
      }
      sb.append(c.inputLine(rnd)).append(rnd.nextInt(5) == 0 ? "\r\n" : "\n");
    }
    if (rnd.nextBoolean() && sb.length() > 0) {
      sb.setLength(sb.length() - 1); // a last line without its newline
      if (sb.charAt(sb.length() - 1) == '\r') {
        sb.setLength(sb.length() - 1);
      }
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String expectedScan(List<GenCell> cells, boolean withVisibility) {
    List<GenCell> sorted = new ArrayList<>(cells);
    sorted.sort(ACCUMULO_ORDER);
    List<String> out = new ArrayList<>();
    for (GenCell c : sorted) {
      out.add(c.expectedLine(withVisibility));
    }
    return text(out);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 20240601})
  void randomCellsRoundTrip(long seed) {
    Random rnd = new Random(seed);
    List<GenCell> cells = generate(rnd, 400);
    cli.okRun("setauths", "root", "A,B,C");
    // split points inside the data's range: "b", "c" and a non-ASCII one
    cli.create("first", "b", "c", "\u4e2d");
    cli.create("second");
    cli.create("third", "a", "b\u00e9");

    Result put = cli.run("put", "first", cli.file(inputFile(rnd, cells)).toString());
    assertEquals(0, put.code(), put::toString);
    assertEquals("put: " + cells.size() + " cells into first\n", put.err());

    String expectedWithVis = expectedScan(cells, true);
    String scan1 = cli.scan("first", "--vis");
    assertLinesEqual(expectedWithVis, scan1);
    assertLinesEqual(expectedScan(cells, false), cli.scan("first"));

    // the scan output is valid put input and reproduces the table exactly
    cli.put("second", scan1.getBytes(StandardCharsets.UTF_8));
    assertEquals(scan1, cli.scan("second", "--vis"));
    // ... also through standard input, into a table split elsewhere, after a compaction of the first
    cli.okRun("compact", "first");
    assertEquals(scan1, cli.scan("first", "--vis"));
    Result stdinPut = cli.withStdin(scan1.getBytes(StandardCharsets.UTF_8), "put", "third", "-");
    assertEquals(0, stdinPut.code(), stdinPut::toString);
    cli.okRun("flush", "third");
    assertEquals(scan1, cli.scan("third", "--vis"));
  }

  /** Compares line by line first, so a failure shows the first differing cell rather than a wall of text. */
  private static void assertLinesEqual(String expected, String actual) {
    List<String> e = lines(expected);
    List<String> a = lines(actual);
    for (int i = 0; i < Math.min(e.size(), a.size()); i++) {
      int line = i + 1;
      assertEquals(e.get(i), a.get(i), () -> "line " + line);
    }
    assertEquals(e.size(), a.size(), "number of lines");
    assertEquals(expected, actual);
  }

  @Test
  void handWrittenEscapes() {
    cli.create("t");
    String input = String.join("\n",
        "tab\\there\tq\tv",
        "nl\\nrow\tf\\:x:q:y\tback\\\\slash",
        "colons\ta\\:b\t1:2",
        "colons\t:c:d\t3",
        "bytes\\xFF\\x00\tq\t\\xc3\\xa9",
        "cr\tq\tend\\r",
        "ctl\tq\t\u0001\u007f",
        "emoji\uD83D\uDE00\tq\tv") + "\n";
    cli.put("t", input);
    String expected = String.join("\n",
        "bytes\\xFF\\x00\tq\t\u00e9",
        "colons\ta\\:b\t1:2",
        "colons\tc\\:d\t3",
        "cr\tq\tend\\r",
        "ctl\tq\t\\x01\\x7F",
        "emoji\uD83D\uDE00\tq\tv",
        "nl\\nrow\tf\\:x:q:y\tback\\\\slash",
        "tab\\there\tq\tv") + "\n";
    assertEquals(expected, cli.scan("t"));
    cli.create("u");
    cli.put("u", expected);
    assertEquals(expected, cli.scan("u"));
    // the row really holds the bytes: select it with a D4M spec naming the decoded row
    assertEquals("tab\\there\tq\tv\n", cli.scan("t", "--rows", "tab\there,"));
    assertEquals("colons\ta\\:b\t1:2\n", cli.scan("t", "--cols", "a:b;"));
    assertTrue(ok(cli.run("scan", "t", "--cols", "f:x:q:y,")).startsWith("nl\\nrow\t"));
  }

  @Test
  void utf8SortOrderIsNotJavaStringOrder() {
    // U+FF5E sorts before U+1F600 as UTF-8 bytes (EF.. < F0..) but after it as UTF-16 (FF5E > D83D)
    cli.create("t");
    cli.put("t", "\uD83D\uDE00\tq\t1\n\uFF5E\tq\t2\n\u00e9\tq\t3\nz\tq\t4\n");
    assertEquals("z\tq\t4\n\u00e9\tq\t3\n\uFF5E\tq\t2\n\uD83D\uDE00\tq\t1\n", cli.scan("t"));
  }
}
