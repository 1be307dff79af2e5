package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.assertError;
import static tabulo.cli.CliRunner.ok;
import static tabulo.cli.CliRunner.text;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.cli.CliRunner.Result;

/**
 * scan's selection: D4M --rows/--cols specs against a brute-force filter written here, and
 * authorizations (--auths, --user, setauths) against visibility evaluated by hand.
 */
class CliSelectionTest {
  @TempDir
  Path tmp;

  CliRunner cli;

  @BeforeEach
  void setUp() {
    cli = new CliRunner(tmp);
  }

  private record Cell(String row, String family, String qualifier, String value, String visibility) {
    /** The column as D4M sees it. */
    String column() {
      return family.isEmpty() ? qualifier : family + ":" + qualifier;
    }

    String line() {
      return row + "\t" + column() + "\t" + value;
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static final Comparator<String> BYTES = (a, b) -> Arrays.compareUnsigned(utf8(a), utf8(b));

  private static final Comparator<Cell> ORDER = Comparator.comparing(Cell::row, BYTES)
      .thenComparing(Cell::family, BYTES).thenComparing(Cell::qualifier, BYTES)
      .thenComparing(Cell::visibility, BYTES);

  // ---------------------------------------------------------------- D4M, the slow obvious way

  /**
   * Whether a key matches a D4M spec: ':' is everything; otherwise the last character separates
   * tokens; 'x,:,y' is x <= key <= y ('x,:' and ':,y' open ended), 'p*' a prefix, anything else exact.
   */
  static boolean d4mMatches(String spec, String key) {
    if (spec.equals(":")) {
      return true;
    }
    int sepStart = spec.offsetByCodePoints(spec.length(), -1);
    String sep = spec.substring(sepStart);
    String body = spec.substring(0, sepStart);
    if (body.isEmpty()) {
      return false;
    }
    List<String> tokens = new ArrayList<>();
    int from = 0;
    for (int at = body.indexOf(sep); at >= 0; at = body.indexOf(sep, from)) {
      tokens.add(body.substring(from, at));
      from = at + sep.length();
    }
    tokens.add(body.substring(from));
    byte[] k = utf8(key);
    for (int i = 0; i < tokens.size(); ) {
      String t = tokens.get(i);
      if (t.equals(":")) { // ':,y' at the start
        String high = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
        if (high == null || Arrays.compareUnsigned(k, utf8(high)) <= 0) {
          return true;
        }
        i += 2;
      } else if (i + 1 < tokens.size() && tokens.get(i + 1).equals(":")) {
        String high = i + 2 < tokens.size() ? tokens.get(i + 2) : null;
        if (Arrays.compareUnsigned(k, utf8(t)) >= 0 && (high == null || Arrays.compareUnsigned(k, utf8(high)) <= 0)) {
          return true;
        }
        i += 3;
      } else if (t.endsWith("*")) {
        byte[] p = utf8(t.substring(0, t.length() - 1));
        if (k.length >= p.length && Arrays.equals(k, 0, p.length, p, 0, p.length)) {
          return true;
        }
        i++;
      } else {
        if (t.equals(key)) {
          return true;
        }
        i++;
      }
    }
    return false;
  }

  @Test
  void bruteForceFilterAgreesWithHandExamples() {
    // the oracle itself must be right: a few cases checked by eye
    assertTrue(d4mMatches(":", "anything"));
    assertTrue(!d4mMatches(",", "a"));
    assertTrue(d4mMatches("a,b,", "b") && !d4mMatches("a,b,", "ab"));
    assertTrue(d4mMatches("a,:,c,", "bzz") && d4mMatches("a,:,c,", "c") && !d4mMatches("a,:,c,", "ca"));
    assertTrue(d4mMatches(":,b,", "") && d4mMatches(":,b,", "b") && !d4mMatches(":,b,", "ba"));
    assertTrue(d4mMatches("m,:,", "m") && d4mMatches("m,:,", "\uD83D\uDE00") && !d4mMatches("m,:,", "l"));
    assertTrue(d4mMatches("x*;", "xyz") && d4mMatches("x*;", "x") && !d4mMatches("x*;", "wx"));
    assertTrue(d4mMatches("a,c,:,f,x*,", "d") && d4mMatches("a,c,:,f,x*,", "a") && d4mMatches("a,c,:,f,x*,", "xa")
        && !d4mMatches("a,c,:,f,x*,", "b") && !d4mMatches("a,c,:,f,x*,", "g"));
    assertTrue(d4mMatches("\uFF5E|:|\uD83D\uDE00|", "\uFF5E\uFF5E"));
  }

  // ---------------------------------------------------------------- data

  private static final List<String> ROWS = List.of("0", "9", "A", "Z", "a", "aa", "ab", "abc", "b", "ba", "bb", "c",
      "ca", "d", "m", "mm", "x", "xa", "z", "\u00e9", "\u00e9t\u00e9", "\u4e2d", "\uFF5E", "\uD83D\uDE00");

  private static final List<String[]> COLUMNS = List.of(new String[] {"", "a"}, new String[] {"", "b"},
      new String[] {"", "q1"}, new String[] {"", "\u00e9"}, new String[] {"f", "a"}, new String[] {"f", "x"},
      new String[] {"f", "q1"}, new String[] {"g", "a"}, new String[] {"g", "\u00e9"}, new String[] {"fa", ""});

  /** Every row gets a random half of the columns; returns the cells sorted as scan prints them. */
  private List<Cell> loadSelectionTable() {
    Random rnd = new Random(7);
    List<Cell> cells = new ArrayList<>();
    for (String row : ROWS) {
      for (String[] col : COLUMNS) {
        if (rnd.nextBoolean()) {
          cells.add(new Cell(row, col[0], col[1], "v" + cells.size(), ""));
        }
      }
    }
    StringBuilder in = new StringBuilder();
    for (Cell c : cells) {
      in.append(c.row()).append('\t').append(c.column()).append('\t').append(c.value()).append('\n');
    }
    cli.create("t", "b", "m", "\u4e2d");
    cli.put("t", in.toString());
    cells.sort(ORDER);
    return cells;
  }

  private static String expected(List<Cell> cells, Predicate<Cell> keep) {
    List<String> out = new ArrayList<>();
    for (Cell c : cells) {
      if (keep.test(c)) {
        out.add(c.line());
      }
    }
    return text(out);
  }

  private void checkSpecs(List<Cell> cells, String rows, String cols) {
    List<String> args = new ArrayList<>(List.of("scan", "t"));
    if (rows != null) {
      args.addAll(List.of("--rows", rows));
    }
    if (cols != null) {
      args.addAll(List.of("--cols", cols));
    }
    Result r = cli.run(args.toArray(new String[0]));
    String want = expected(cells, c -> (rows == null || d4mMatches(rows, c.row()))
        && (cols == null || d4mMatches(cols, c.column())));
    assertEquals(want, ok(r), () -> "--rows " + rows + " --cols " + cols);
  }

  private static final List<String> ROW_SPECS = List.of(
      ":", ",", "a,", "a,b,c,", "a;b;c;", "b|:|m|", "a,:,c,", ":,b,", "m,:,", "a*,", "b*,c*,", "a,c,:,f,x*,",
      "b,:,ba,z,", "\u00e9,:,\uD83D\uDE00,", "\uFF5E,:,\uD83D\uDE00,", "a\nb\nzz\n", "*,", "zz,:,", ":,0,",
      "a,:,a,", "aa,:,ab,m*,", "nothere,alsonot,", "\u00e9*,", "A,:,Z,", ":,A,", "a,:,b,c,:,d,", "x\ty\tm\t",
      "ab\u2400\uD83D\uDE00\u2400", "b,:,b,", ":", "ba,:,c,", "0,:,Z,", "a,\uD83D\uDE00,", "\uD83D\uDE00*\u00a7",
      "b,a,:,c,", "a*,ab,", "m,:,\u00e9,a,:,c,b,", "c,b,a,");

  private static final List<String> COL_SPECS = List.of(
      ":", ",", "a,", "f:a,", "f*,", "f:a,:,f:x,", ":,b,", "g:,:,", "\u00e9,", "a,x,g:q1,", "q*,f:\u00e9,",
      "fa:,", "f:,:,f:z,", "a;f:a;g:a;");

  @Test
  void rowSpecsMatchBruteForce() {
    List<Cell> cells = loadSelectionTable();
    assertEquals(expected(cells, c -> true), cli.scan("t"));
    for (String rows : ROW_SPECS) {
      checkSpecs(cells, rows, null);
    }
  }

  @Test
  void columnSpecsMatchBruteForce() {
    List<Cell> cells = loadSelectionTable();
    for (String cols : COL_SPECS) {
      checkSpecs(cells, null, cols);
    }
  }

  @Test
  void combinedSpecsMatchBruteForce() {
    List<Cell> cells = loadSelectionTable();
    Random rnd = new Random(11);
    for (int i = 0; i < 25; i++) {
      checkSpecs(cells, ROW_SPECS.get(rnd.nextInt(ROW_SPECS.size())), COL_SPECS.get(rnd.nextInt(COL_SPECS.size())));
    }
    // the same data in files rather than memory: compaction must not change any answer
    cli.okRun("compact", "t");
    for (int i = 0; i < 10; i++) {
      checkSpecs(cells, ROW_SPECS.get(rnd.nextInt(ROW_SPECS.size())), COL_SPECS.get(rnd.nextInt(COL_SPECS.size())));
    }
  }

  @Test
  void randomSpecsMatchBruteForce() {
    List<Cell> cells = loadSelectionTable();
    Set<String> rowKeys = new TreeSet<>(ROWS);
    rowKeys.addAll(List.of("b0", "aaa", "n", "\u00ea", "\uFFFF", "0a")); // keys that are not rows
    Set<String> colKeys = new TreeSet<>();
    cells.forEach(c -> colKeys.add(c.column()));
    colKeys.addAll(List.of("f:b", "e", "ga", "h:"));
    Random rnd = new Random(3);
    for (int i = 0; i < 60; i++) {
      String rows = rnd.nextInt(4) == 0 ? null : randomSpec(rnd, new ArrayList<>(rowKeys));
      String cols = rnd.nextInt(3) == 0 ? null : randomSpec(rnd, new ArrayList<>(colKeys));
      checkSpecs(cells, rows, cols);
    }
  }

  /** A valid random D4M spec over these keys: exact keys, prefixes, ranges (open at the ends too). */
  private static String randomSpec(Random rnd, List<String> keys) {
    String sep = List.of(",", ";", "|", "\n", "\u00a7").get(rnd.nextInt(5));
    List<String> tokens = new ArrayList<>();
    int elements = 1 + rnd.nextInt(4);
    for (int e = 0; e < elements; e++) {
      String k = keys.get(rnd.nextInt(keys.size()));
      switch (rnd.nextInt(e == 0 || e == elements - 1 ? 5 : 3)) {
        case 0 -> tokens.add(k);
        case 1 -> {
          int cut = k.offsetByCodePoints(0, rnd.nextInt(k.codePointCount(0, k.length()) + 1));
          tokens.add(k.substring(0, cut) + "*");
        }
        case 2 -> {
          String other = keys.get(rnd.nextInt(keys.size()));
          boolean inOrder = BYTES.compare(k, other) <= 0;
          tokens.add(inOrder ? k : other);
          tokens.add(":");
          tokens.add(inOrder ? other : k);
        }
        case 3 -> {
          if (e == 0) { // ':,y' only first
            tokens.add(":");
            tokens.add(k);
          } else {
            tokens.add(k);
          }
        }
        default -> {
          if (e == elements - 1) { // 'x,:' only last
            tokens.add(k);
            tokens.add(":");
          } else {
            tokens.add(k);
          }
        }
      }
    }
    // an exact key "" cannot be written (empty tokens are errors); drop it
    tokens.removeIf(String::isEmpty);
    if (tokens.isEmpty()) {
      return sep;
    }
    StringBuilder sb = new StringBuilder();
    for (String t : tokens) {
      sb.append(t).append(sep);
    }
    String spec = sb.toString();
    return spec.equals(":" + sep) ? ":" : spec; // a lone ':' token alone is all keys, written ':'
  }

  // ---------------------------------------------------------------- authorizations

  /** Evaluates a visibility expression of single-letter labels, &, | and parentheses. */
  static boolean visible(String expression, Set<String> auths) {
    if (expression.isEmpty()) {
      return true;
    }
    int[] pos = {0};
    boolean v = orExpr(expression, pos, auths);
    assertEquals(expression.length(), pos[0], "test's visibility parser: " + expression);
    return v;
  }

  private static boolean orExpr(String s, int[] pos, Set<String> auths) {
    boolean v = andExpr(s, pos, auths);
    while (pos[0] < s.length() && s.charAt(pos[0]) == '|') {
      pos[0]++;
      v |= andExpr(s, pos, auths);
    }
    return v;
  }

  private static boolean andExpr(String s, int[] pos, Set<String> auths) {
    boolean v = term(s, pos, auths);
    while (pos[0] < s.length() && s.charAt(pos[0]) == '&') {
      pos[0]++;
      v &= term(s, pos, auths);
    }
    return v;
  }

  private static boolean term(String s, int[] pos, Set<String> auths) {
    if (s.charAt(pos[0]) == '(') {
      pos[0]++;
      boolean v = orExpr(s, pos, auths);
      assertEquals(')', s.charAt(pos[0]));
      pos[0]++;
      return v;
    }
    return auths.contains(String.valueOf(s.charAt(pos[0]++)));
  }

  private static final List<String> VISIBILITIES = List.of("", "A", "B", "C", "A&B", "A|B", "A&(B|C)", "(A|B)&C",
      "A|B|C", "A&B&C");

  /** One cell per visibility, row = "r" + index, value = the expression. */
  private List<Cell> loadLabelledTable() {
    List<Cell> cells = new ArrayList<>();
    StringBuilder in = new StringBuilder();
    for (int i = 0; i < VISIBILITIES.size(); i++) {
      String vis = VISIBILITIES.get(i);
      Cell c = new Cell("r" + i, "", "q", vis.isEmpty() ? "public" : vis, vis);
      cells.add(c);
      in.append(c.line()).append(vis.isEmpty() ? "" : "\t" + vis).append('\n');
    }
    cli.create("t");
    cli.put("t", in.toString());
    return cells;
  }

  private static String visibleTo(List<Cell> cells, Set<String> auths) {
    return expected(cells, c -> visible(c.visibility(), auths));
  }

  private static String values(String scanOutput) {
    List<String> v = new ArrayList<>();
    for (String line : CliRunner.lines(scanOutput)) {
      v.add(line.split("\t", -1)[2]);
    }
    return String.join(" ", v);
  }

  @Test
  void authorizationSubsetsSeeWhatTheirVisibilitySays() {
    List<Cell> cells = loadLabelledTable();
    // root starts with no authorizations: only the unlabelled cell
    assertEquals("public", values(cli.scan("t")));
    cli.okRun("setauths", "root", "A,B,C");
    assertEquals(visibleTo(cells, Set.of("A", "B", "C")), cli.scan("t"));

    // evaluated by hand, to check the evaluator too
    assertEquals("public A B C A&B A|B A&(B|C) (A|B)&C A|B|C A&B&C", values(cli.scan("t")));
    assertEquals("public A A|B A|B|C", values(cli.scan("t", "--auths", "A")));
    assertEquals("public C A|B|C", values(cli.scan("t", "--auths", "C")));
    assertEquals("public A C A|B A&(B|C) (A|B)&C A|B|C", values(cli.scan("t", "--auths", "C,A")));
    assertEquals("public", values(cli.scan("t", "--auths", "")));

    // every subset against the evaluator
    List<String> labels = List.of("A", "B", "C");
    for (int mask = 0; mask < 8; mask++) {
      Set<String> auths = new TreeSet<>();
      for (int b = 0; b < 3; b++) {
        if ((mask & 1 << b) != 0) {
          auths.add(labels.get(b));
        }
      }
      String expected = visibleTo(cells, auths);
      assertEquals(expected, cli.scan("t", "--auths", String.join(",", auths)), "auths " + auths);
    }

    // --vis prints the labels, and that output round-trips with them
    String withVis = cli.scan("t", "--vis", "--auths", "A,B");
    List<String> want = new ArrayList<>();
    for (Cell c : cells) {
      if (visible(c.visibility(), Set.of("A", "B"))) {
        want.add(c.line() + (c.visibility().isEmpty() ? "" : "\t" + c.visibility()));
      }
    }
    assertEquals(text(want), withVis);
    cli.create("copy");
    cli.put("copy", withVis);
    assertEquals(withVis, cli.scan("copy", "--vis", "--auths", "A,B"));
    assertEquals("public A A|B A|B|C", values(cli.scan("copy", "--auths", "A")));
  }

  @Test
  void otherUsersSeeOnlyWhatRootGranted() {
    List<Cell> cells = loadLabelledTable();
    // alice has nothing yet
    assertEquals("public", values(ok(cli.as("alice", "scan", "t"))));
    assertError(cli.as("alice", "scan", "t", "--auths", "A"), 1,
        "user alice is not granted authorization 'A' (user has no authorizations)");

    // alice may not grant herself anything
    assertError(cli.as("alice", "setauths", "alice", "A,B,C"), 1, "only root may set authorizations (you are alice)");
    assertEquals("public", values(ok(cli.as("alice", "scan", "t"))));

    cli.okRun("setauths", "alice", "A,B");
    assertEquals(visibleTo(cells, Set.of("A", "B")), ok(cli.as("alice", "scan", "t")));
    assertEquals(visibleTo(cells, Set.of("B")), ok(cli.as("alice", "scan", "t", "--auths", "B")));
    assertError(cli.as("alice", "scan", "t", "--auths", "A,C"), 1,
        "user alice is not granted authorization 'C' (granted: A,B)");
    // granting alice does not grant root or bob
    assertEquals("public", values(cli.scan("t")));
    assertEquals("public", values(ok(cli.as("bob", "scan", "t"))));
    assertError(cli.as("bob", "setauths", "bob", "A"), 1, "only root may set authorizations (you are bob)");

    // setauths replaces the set; '' removes everything
    cli.okRun("setauths", "alice", "C");
    assertEquals(visibleTo(cells, Set.of("C")), ok(cli.as("alice", "scan", "t")));
    cli.okRun("setauths", "alice", "");
    assertEquals("public", values(ok(cli.as("alice", "scan", "t"))));
    cli.okRun("setauths", "alice", "B");
    cli.okRun("setauths", "alice"); // no list at all: none
    assertEquals("public", values(ok(cli.as("alice", "scan", "t"))));
  }

  @Test
  void authorizationsNeedNotBeSimpleLabels() {
    // as in Accumulo, any non-blank authorization works; visibility expressions quote unusual ones
    cli.okRun("setauths", "root", "A B,x&y,\u00e9t\u00e9");
    cli.create("t");
    cli.put("t", "r1\tq\tspace\t\"A B\"\n"
        + "r2\tq\tamp\t\"x&y\"|C\n"
        + "r3\tq\tunicode\t\"\u00e9t\u00e9\"\n"
        + "r4\tq\tboth\t\"A B\"&\"x&y\"\n"
        + "r5\tq\tneither\tC\n");
    assertEquals("space amp unicode both", values(cli.scan("t")));
    assertEquals("space", values(cli.scan("t", "--auths", "A B")));
    assertEquals("amp", values(cli.scan("t", "--auths", "x&y")));
    assertEquals("unicode", values(cli.scan("t", "--auths", "\u00e9t\u00e9")));
    String vis = cli.scan("t", "--vis");
    assertEquals("r1\tq\tspace\t\"A B\"\nr2\tq\tamp\t\"x&y\"|C\nr3\tq\tunicode\t\"\u00e9t\u00e9\"\n"
        + "r4\tq\tboth\t\"A B\"&\"x&y\"\n", vis);
    // alice gets one of them, and the grant survives reopening the database
    cli.okRun("setauths", "alice", "A B");
    assertEquals("space", values(ok(cli.as("alice", "scan", "t"))));
    assertError(cli.as("alice", "scan", "t", "--auths", "x&y"), 1,
        "user alice is not granted authorization 'x&y' (granted: A B)");
  }

  @Test
  void sameColumnWithDifferentVisibilitiesAreDifferentCells() {
    cli.okRun("setauths", "root", "A,B");
    cli.create("t");
    cli.put("t", "r\tq\tb-only\tB\nr\tq\tpublic\nr\tq\ta-only\tA\n");
    // sorted by visibility after the column: "" < "A" < "B"
    assertEquals("r\tq\tpublic\nr\tq\ta-only\tA\nr\tq\tb-only\tB\n", cli.scan("t", "--vis"));
    assertEquals("r\tq\tpublic\nr\tq\ta-only\n", cli.scan("t", "--auths", "A"));
    // a new value for one of them replaces only that one
    cli.put("t", "r\tq\ta-new\tA\n");
    cli.okRun("compact", "t");
    assertEquals("r\tq\tpublic\nr\tq\ta-new\tA\nr\tq\tb-only\tB\n", cli.scan("t", "--vis"));
    cli.okRun("setauths", "alice", "B");
    assertEquals("r\tq\tpublic\nr\tq\tb-only\tB\n", ok(cli.as("alice", "scan", "t", "--vis")));
    assertEquals("r\tq\tpublic\n", ok(cli.as("alice", "scan", "t", "--auths", "")));
  }
}
