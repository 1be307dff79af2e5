package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `mult --plan` against `mult` without a plan and against brute force, on random labelled matrices with
 * string keys, for plans of 1, 2 and 4 parts made by `partition`, a hand-made plan naming only some keys,
 * and a reader with fewer authorizations; the remote B entries it reports against `partition`'s volume for
 * the same batch; errors for tables that are no plan. Each also with {@code --layout single-table} (A, B and
 * C as families of one table with locality groups), for several semirings.
 */
class CliMultPlanTest {
  @TempDir
  Path dir;

  private static final String[] LABELS = {"", "", "red", "blue", "red&blue"};

  /** A cell of a random matrix: row, column, value, label. */
  private record Cell(String row, String col, long value, String label) {}

  private static String key(Random rnd, String prefix, int n) {
    int id = rnd.nextInt(n);
    return prefix + id + (id % 3 == 0 ? "" : "_" + "xyz".substring(0, id % 3)); // uneven lengths, not numeric order
  }

  private static List<Cell> random(Random rnd, String rowPrefix, int rows, String colPrefix, int cols, int cells) {
    Map<String, Cell> m = new TreeMap<>();
    for (int c = 0; c < cells; c++) {
      Cell cell = new Cell(key(rnd, rowPrefix, rows), key(rnd, colPrefix, cols), 1 + rnd.nextInt(9),
          LABELS[rnd.nextInt(LABELS.length)]);
      m.put(cell.row + "\t" + cell.col, cell);
    }
    return new ArrayList<>(m.values());
  }

  private static String tsv(List<Cell> cells) {
    StringBuilder sb = new StringBuilder();
    for (Cell c : cells) {
      sb.append(c.row).append('\t').append(c.col).append('\t').append(c.value);
      sb.append(c.label.isEmpty() ? "" : "\t" + c.label).append('\n');
    }
    return sb.toString();
  }

  private static boolean visible(String label, Set<String> auths) {
    return label.isEmpty() || (label.equals("red&blue") ? auths.containsAll(Set.of("red", "blue")) : auths.contains(label));
  }

  /** C = A B by brute force over the cells a reader with {@code auths} may read, as `scan` prints it. */
  private static String bruteForce(List<Cell> a, List<Cell> b, Set<String> auths) {
    return bruteForce(a, b, auths, (x, y) -> x * y, Long::sum);
  }

  /** The same over the semiring (add, multiply). */
  private static String bruteForce(List<Cell> a, List<Cell> b, Set<String> auths,
      java.util.function.LongBinaryOperator multiply, java.util.function.BinaryOperator<Long> add) {
    Map<String, Long> c = new TreeMap<>();
    for (Cell x : a) {
      for (Cell y : b) {
        if (x.col.equals(y.row) && visible(x.label, auths) && visible(y.label, auths)) {
          c.merge(x.row + "\t" + y.col, multiply.applyAsLong(x.value, y.value), add);
        }
      }
    }
    StringBuilder sb = new StringBuilder();
    c.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
    return sb.toString();
  }

  /** Tables A and B holding the cells. */
  private static void putAB(CliRunner cli, List<Cell> a, List<Cell> b) {
    cli.create("A");
    cli.put("A", tsv(a));
    cli.create("B");
    cli.put("B", tsv(b));
  }

  private static long remote(CliRunner.Result r) {
    Matcher m = Pattern.compile("B entries read from other parts: ([0-9,]+)").matcher(r.err());
    assertTrue(m.find(), r::toString);
    return Long.parseLong(m.group(1).replace(",", ""));
  }

  @Test
  void sameProductAsWithoutAPlanAndAsBruteForce() {
    CliRunner cli = new CliRunner(dir);
    cli.okRun("setauths", "root", "red,blue");
    cli.okRun("setauths", "ruby", "red");
    Random rnd = new Random(7);
    // B's rows are keys "k..", also A's columns; some columns of A are no row of B and some rows of B no column of A
    List<Cell> a = random(rnd, "r", 40, "k", 30, 160);
    List<Cell> b = random(rnd, "k", 34, "c", 25, 150);
    putAB(cli, a, b);
    String all = bruteForce(a, b, Set.of("red", "blue"));
    String red = bruteForce(a, b, Set.of("red"));
    CliRunner.ok(cli.run("mult", "A", "B", "C", "--algorithm", "rowwise"));
    assertEquals(all, cli.scan("C"));
    String vis = CliRunner.ok(cli.run("scan", "C", "--vis"));
    String visRed = CliRunner.ok(cli.as("ruby", "scan", "C", "--vis"));
    assertEquals(red, CliRunner.ok(cli.as("ruby", "scan", "C")));
    for (int k : new int[] {1, 2, 4}) {
      int batch = 5;
      String json = CliRunner.ok(cli.run("partition", "A", "B", "P" + k, "--parts", Integer.toString(k),
          "--batch", Integer.toString(batch))).lines().reduce((x, y) -> y).orElseThrow();
      Matcher v = Pattern.compile("\"volume\": ([0-9]+),").matcher(json);
      assertTrue(v.find(), json);
      String c = "CP" + k;
      CliRunner.Result r = cli.run("mult", "A", "B", c, "--plan", "P" + k, "--batch", Integer.toString(batch));
      CliRunner.ok(r);
      assertTrue(r.err().contains("mult: algorithm rowwise (--plan: row-by-row on the plan's placement)"), r::toString);
      assertEquals(all, cli.scan(c), "K = " + k);
      assertEquals(vis, CliRunner.ok(cli.run("scan", c, "--vis")), "K = " + k);
      assertEquals(visRed, CliRunner.ok(cli.as("ruby", "scan", c, "--vis")), "K = " + k);
      // the model's exact volume for this batch is what the parts fetched from each other
      assertEquals(Long.parseLong(v.group(1)), remote(r), "K = " + k + ": " + json + "\n" + r);
      if (k == 1) {
        assertEquals(0, remote(r));
      }
      // the single-table layout: the same C, labels and remote entries
      String cs = "CS" + k;
      CliRunner.Result rs = cli.run("mult", "A", "B", cs, "--plan", "P" + k, "--batch", Integer.toString(batch),
          "--layout", "single-table");
      CliRunner.ok(rs);
      assertEquals(all, cli.scan(cs), "single table, K = " + k);
      assertEquals(vis, CliRunner.ok(cli.run("scan", cs, "--vis")), "single table, K = " + k);
      assertEquals(visRed, CliRunner.ok(cli.as("ruby", "scan", cs, "--vis")), "single table, K = " + k);
      assertEquals(Long.parseLong(v.group(1)), remote(rs), "single table, K = " + k + ": " + rs);
      // a reader with fewer authorizations multiplies what it may read
      for (String layout : new String[] {"tables", "single-table"}) {
        String cr = "CR" + k + layout.charAt(0);
        CliRunner.ok(cli.as("ruby", "mult", "A", "B", cr, "--plan", "P" + k, "--layout", layout));
        assertEquals(red, CliRunner.ok(cli.as("ruby", "scan", cr)), "ruby, K = " + k + ", " + layout);
        assertEquals(red, CliRunner.ok(cli.run("scan", cr)), "what ruby computed, read by root, K = " + k + ", " + layout);
      }
    }
    assertEquals(Set.of("A", "B", "C", "CP1", "CP2", "CP4", "CS1", "CS2", "CS4", "CR1t", "CR2t", "CR4t", "CR1s",
        "CR2s", "CR4s", "P1", "P2", "P4"),
        new TreeSet<>(CliRunner.lines(CliRunner.ok(cli.run("tables")))), "no temporaries left");
  }

  @Test
  void planNamingOnlySomeKeysAndFilters() {
    CliRunner cli = new CliRunner(dir);
    Random rnd = new Random(11);
    List<Cell> a = random(rnd, "r", 20, "k", 15, 70);
    List<Cell> b = random(rnd, "k", 15, "c", 12, 60);
    putAB(cli, a, b);
    // parts 0..2 at random for about half of the keys; the others are in part 0
    StringBuilder plan = new StringBuilder();
    Set<String> keys = new TreeSet<>();
    a.forEach(x -> keys.add(x.row + "\tA"));
    b.forEach(y -> keys.add(y.row + "\tB"));
    for (String k : keys) {
      if (rnd.nextBoolean()) {
        plan.append(k).append('\t').append(1 + rnd.nextInt(2)).append('\n');
      }
    }
    cli.create("P");
    cli.put("P", plan.toString());
    CliRunner.ok(cli.run("mult", "A", "B", "C", "--plan", "P", "--batch", "3"));
    assertEquals(bruteForce(a, b, Set.of()), cli.scan("C"));
    // into the existing C with --accum: C = C + A B, each entry doubled
    CliRunner.ok(cli.run("mult", "A", "B", "C", "--plan", "P", "--accum", "plus"));
    StringBuilder doubled = new StringBuilder();
    for (String line : CliRunner.lines(bruteForce(a, b, Set.of()))) {
      String[] f = line.split("\t");
      doubled.append(f[0]).append('\t').append(f[1]).append('\t').append(2 * Long.parseLong(f[2])).append('\n');
    }
    assertEquals(doubled.toString(), cli.scan("C"));
    String[] filters = {"--rows", "r1,:,r3,", "--cols", "c2,:,c7,", "--inner", "k0,:,k5,"};
    CliRunner.ok(cli.run(concat(new String[] {"mult", "A", "B", "F"}, filters)));
    CliRunner.ok(cli.run(concat(new String[] {"mult", "A", "B", "FP", "--plan", "P"}, filters)));
    assertEquals(cli.scan("F"), cli.scan("FP"));
    assertTrue(!cli.scan("FP").isEmpty());
    CliRunner.ok(cli.run(concat(new String[] {"mult", "A", "B", "FS", "--plan", "P", "--layout", "single-table"},
        filters)));
    assertEquals(cli.scan("F"), cli.scan("FS"));
    CliRunner.ok(cli.run("mult", "A", "B", "D", "--plan", "P", "--layout", "single-table", "--batch", "4"));
    assertEquals(bruteForce(a, b, Set.of()), cli.scan("D"));
    CliRunner.ok(cli.run("mult", "A", "B", "D", "--plan", "P", "--layout", "single-table", "--accum", "plus"));
    assertEquals(doubled.toString(), cli.scan("D"));
    // other semirings: against brute force (min.plus) and the multiply without a plan
    CliRunner.ok(cli.run("mult", "A", "B", "M", "--plan", "P", "--layout", "single-table", "--semiring", "min.plus"));
    assertEquals(bruteForce(a, b, Set.of(), Long::sum, Math::min), cli.scan("M"));
    for (String semiring : new String[] {"max.min", "plus.pair", "min.second"}) {
      String t = semiring.replace('.', '_');
      CliRunner.ok(cli.run("mult", "A", "B", t, "--algorithm", "rowwise", "--semiring", semiring));
      CliRunner.ok(cli.run("mult", "A", "B", t + "_s", "--plan", "P", "--layout", "single-table", "--semiring",
          semiring, "--batch", "4"));
      assertEquals(cli.scan(t), cli.scan(t + "_s"), semiring);
      assertTrue(!cli.scan(t).isEmpty(), semiring);
    }
  }

  private static String[] concat(String[] x, String[] y) {
    String[] out = java.util.Arrays.copyOf(x, x.length + y.length);
    System.arraycopy(y, 0, out, x.length, y.length);
    return out;
  }

  @Test
  void errors() {
    CliRunner cli = new CliRunner(dir);
    cli.create("A");
    cli.put("A", "r1\tk1\t2\n");
    cli.create("B");
    cli.put("B", "k1\tc1\t3\n");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--plan", "NOPE"), 1, "no such plan table: NOPE");
    cli.create("E");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--plan", "E"), 1,
        "table E is not a partition plan (made by 'partition'): it is empty");
    cli.create("X");
    cli.put("X", "r1\tA\t0\nr1\tq\t1\n");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--plan", "X"), 1,
        "table X is not a partition plan (made by 'partition'): row 'r1' column 'q' value '1' "
            + "(expected column A or B holding a part 0..999999)");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--plan", "A"), 1,
        "table A is not a partition plan (made by 'partition'): row 'r1' column 'k1' value '2' "
            + "(expected column A or B holding a part 0..999999)");
    cli.create("Y");
    cli.put("Y", "r1\tA\t-1\n");
    CliRunner.assertErrorStartsWith(cli.run("mult", "A", "B", "C", "--plan", "Y"), 1,
        "table Y is not a partition plan (made by 'partition'): row 'r1' column 'A' value '-1'");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--plan", "X", "--transpose-a"), 1,
        "--plan places rows for the row-by-row multiply of A B: not with --transpose-a");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--plan", "X", "--algorithm", "outer"), 1,
        "--plan places rows for the row-by-row multiply of A B: not with --algorithm outer");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--plan", "X", "--mask", "A"), 1,
        "--plan places rows for the row-by-row multiply of A B: not with --mask");
    CliRunner.assertUsage(cli.run("mult", "A", "B", "C", "--layout", "single-table"),
        "--layout single-table needs --plan", "mult ");
    CliRunner.assertUsage(cli.run("mult", "A", "B", "C", "--plan", "X", "--layout", "one"),
        "--layout: 'tables' or 'single-table', not 'one'", "mult ");
    assertEquals(Set.of("A", "B", "E", "X", "Y"), new TreeSet<>(CliRunner.lines(CliRunner.ok(cli.run("tables")))),
        "no C and no temporaries after the errors");
  }
}
