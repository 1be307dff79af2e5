package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `reduce`, `transpose`, `extract` and `assign` on the command line, against hand-worked results and errors. */
class CliReduceOpsTest {
  @TempDir
  Path dir;

  // A = [a1: x=1 y=2; a2: y=3]
  private CliRunner withMatrix() {
    CliRunner cli = new CliRunner(dir);
    cli.create("A", "a2");
    cli.put("A", "a1\tx\t1\na1\ty\t2\na2\ty\t3\n");
    return cli;
  }

  @Test
  void reduceRowsColumnsAndScalarByHand() {
    CliRunner cli = withMatrix();
    assertEquals("reduce: rows of A folded with plus into R, column plus\n",
        CliRunner.ok(cli.run("reduce", "A", "R", "--dim", "rows")));
    assertEquals("a1\tplus\t3\na2\tplus\t3\n", cli.scan("R"));
    CliRunner.ok(cli.run("reduce", "A", "K", "--dim", "cols", "--monoid", "max", "--column", "m"));
    assertEquals("x\tm\t1\ny\tm\t3\n", cli.scan("K"));
    assertEquals("6\n", CliRunner.ok(cli.run("reduce", "A", "--scalar")));
    assertEquals("1\n", CliRunner.ok(cli.run("reduce", "A", "--scalar", "--monoid", "min")));
    // R = R + (row sums of A)<M>: only a1 is admitted, a2 stays
    cli.create("M");
    cli.put("M", "a1\tplus\t1\n");
    assertEquals("reduce: rows of A folded with plus into R, column plus (mask M, accum plus)\n",
        CliRunner.ok(cli.run("reduce", "A", "R", "--dim", "rows", "--mask", "M", "--accum", "plus")));
    assertEquals("a1\tplus\t6\na2\tplus\t3\n", cli.scan("R"));
  }

  /** A reader gets the fold of the cells it may read: with --auths red it sees the labelled 10, without it not. */
  @Test
  void reduceHonoursLabels() {
    CliRunner cli = new CliRunner(dir);
    cli.okRun("setauths", "root", "red");
    cli.create("L");
    cli.put("L", "r1\tx\t1\nr1\ty\t10\tred\nr2\tx\t5\n");
    assertEquals("16\n", CliRunner.ok(cli.run("reduce", "L", "--scalar")));
    assertEquals("6\n", CliRunner.ok(cli.run("reduce", "L", "--scalar", "--auths", "")));
    CliRunner.ok(cli.run("reduce", "L", "V", "--dim", "rows"));
    assertEquals("r1\tplus\t11\nr2\tplus\t5\n", cli.scan("V", "--auths", "red"));
    assertEquals("r1\tplus\t1\nr2\tplus\t5\n", cli.scan("V", "--auths", ""));
  }

  @Test
  void transposeExtractAssignByHand() {
    CliRunner cli = withMatrix();
    assertEquals("transpose: A^T into T\n", CliRunner.ok(cli.run("transpose", "A", "T")));
    assertEquals("x\ta1\t1\ny\ta1\t2\ny\ta2\t3\n", cli.scan("T"));
    CliRunner.ok(cli.run("extract", "A", "E", "--rows", "a1,", "--cols", "y,"));
    assertEquals("a1\ty\t2\n", cli.scan("E"));
    cli.create("M");
    cli.put("M", "a2\ty\t0\na1\tx\t1\n");
    CliRunner.ok(cli.run("extract", "A", "EM", "--mask", "M", "--structure"));
    assertEquals("a1\tx\t1\na2\ty\t3\n", cli.scan("EM"));
    CliRunner.ok(cli.run("extract", "A", "EV", "--mask", "M"));
    assertEquals("a1\tx\t1\n", cli.scan("EV"));
    // C = [a1: x=10 z=5; a2: x=7]; C(a1, :) = A(a1, :) removes z
    cli.create("C");
    cli.put("C", "a1\tx\t10\na1\tz\t5\na2\tx\t7\n");
    assertEquals("assign: C(a1,, :) = A\n", CliRunner.ok(cli.run("assign", "C", "A", "--rows", "a1,")));
    assertEquals("a1\tx\t1\na1\ty\t2\na2\tx\t7\n", cli.scan("C"));
    // C(:, y) += A(:, y)
    CliRunner.ok(cli.run("assign", "C", "A", "--cols", "y,", "--accum", "plus"));
    assertEquals("a1\tx\t1\na1\ty\t4\na2\tx\t7\na2\ty\t3\n", cli.scan("C"));
    assertEquals("A\nC\nE\nEM\nEV\nM\nT\n", CliRunner.ok(cli.run("tables")), "no temporaries left");
  }

  @Test
  void errorsNameWhatIsWrong() {
    CliRunner cli = withMatrix();
    CliRunner.assertError(cli.run("reduce", "nope", "R", "--dim", "rows"), 1, "no such table: nope");
    CliRunner.assertError(cli.run("reduce", "A", "--dim", "rows"), 1,
        "give a table C to write (with --dim rows|cols), or --scalar");
    CliRunner.assertError(cli.run("reduce", "A", "R"), 1, "--dim rows|cols is required to write a vector");
    CliRunner.assertError(cli.run("reduce", "A", "R", "--scalar"), 1, "--scalar prints one value: give no table C");
    CliRunner.assertError(cli.run("reduce", "A", "--scalar", "--dim", "rows"), 1,
        "--scalar takes no --dim, --column, --mask or --accum");
    CliRunner.assertErrorStartsWith(cli.run("reduce", "A", "R", "--dim", "diag"), 2, "Invalid value for option '--dim'");
    CliRunner.assertErrorStartsWith(cli.run("reduce", "A", "R", "--dim", "rows", "--monoid", "minus"), 1,
        "--monoid: ");
    CliRunner.assertError(cli.run("reduce", "A", "A", "--dim", "rows"), 1, "table A already exists: delete it, "
        + "choose another name, or give an accumulator (--accum) to combine the result into it");
    CliRunner.assertErrorStartsWith(cli.run("reduce", "A", "R", "--dim", "rows", "--accum", "plus"), 1,
        "no such table: R (an accumulator");
    CliRunner.assertErrorStartsWith(cli.run("transpose", "A", "T", "--accum", "nothing"), 1, "--accum: ");
    CliRunner.assertError(cli.run("transpose", "A", "T", "--mask", "Z"), 1, "no such mask table: Z (--mask)");
    CliRunner.assertErrorStartsWith(cli.run("transpose", "A", "T", "--complement"), 2, "--complement needs --mask");
    CliRunner.assertErrorStartsWith(cli.run("extract", "A", "E", "--rows", ""), 1, "--rows: invalid key spec");
    CliRunner.assertError(cli.run("assign", "nope", "A"), 1, "no such table: nope");
    CliRunner.assertError(cli.run("assign", "A", "nope"), 1, "no such table: nope");
    cli.put("A", "a3\tx\tlots\n");
    CliRunner.assertError(cli.run("reduce", "A", "--scalar"), 1,
        "table A, row 'a3', column 'x': value 'lots' is not a decimal number");
    CliRunner.assertError(cli.run("assign", "A", "A", "--rows", "a1,"), 1,
        "table A, row 'a3', column 'x': value 'lots' is not a decimal number");
    assertEquals("a1\tx\t1\na1\ty\t2\na2\ty\t3\na3\tx\tlots\n", cli.scan("A"), "a failed assign leaves C as it was");
    assertEquals("A\n", CliRunner.ok(cli.run("tables")), "failed commands leave no tables behind");
  }
}
