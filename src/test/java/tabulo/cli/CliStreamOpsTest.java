package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ewise-add, ewise-mult, apply and select on the command line, against hand-worked results, and their errors. */
class CliStreamOpsTest {
  @TempDir
  Path dir;

  private static final String A_CELLS = "a\ta\t1\na\tb\t2\nb\ta\t-3\nb\tc\t4\n";

  // A = [a: a=1 b=2; b: a=-3 c=4], B = [a: a=10; b: c=5; c: c=7], M = [a: a=0 b=1]
  private CliRunner withMatrices() {
    CliRunner cli = new CliRunner(dir);
    cli.create("A", "b");
    cli.create("B");
    cli.create("M");
    cli.put("A", A_CELLS);
    cli.put("B", "a\ta\t10\nb\tc\t5\nc\tc\t7\n");
    cli.put("M", "a\ta\t0\na\tb\t1\n");
    return cli;
  }

  @Test
  void operationsByHand() {
    CliRunner cli = withMatrices();
    assertEquals("ewise-add: 5 cells written to C\n", CliRunner.ok(cli.run("ewise-add", "A", "B", "C")));
    assertEquals("a\ta\t11\na\tb\t2\nb\ta\t-3\nb\tc\t9\nc\tc\t7\n", cli.scan("C"));
    cli.okRun("ewise-add", "A", "B", "Cmin", "--op", "min");
    assertEquals("a\ta\t1\na\tb\t2\nb\ta\t-3\nb\tc\t4\nc\tc\t7\n", cli.scan("Cmin"));

    assertEquals("ewise-mult: 2 cells written to D\n", CliRunner.ok(cli.run("ewise-mult", "A", "B", "D")));
    assertEquals("a\ta\t10\nb\tc\t20\n", cli.scan("D"));
    cli.okRun("ewise-mult", "A", "B", "Dminus", "--op", "minus");
    assertEquals("a\ta\t-9\nb\tc\t-1\n", cli.scan("Dminus"));

    assertEquals("apply: 4 cells written to E\n", CliRunner.ok(cli.run("apply", "A", "E", "--op", "abs")));
    assertEquals("a\ta\t1\na\tb\t2\nb\ta\t3\nb\tc\t4\n", cli.scan("E"));
    cli.okRun("apply", "A", "Esecond", "--op", "minus", "--scalar", "1"); // a - 1
    assertEquals("a\ta\t0\na\tb\t1\nb\ta\t-4\nb\tc\t3\n", cli.scan("Esecond"));
    cli.okRun("apply", "A", "Efirst", "--op", "minus", "--scalar", "1", "--bind", "first"); // 1 - a
    assertEquals("a\ta\t0\na\tb\t-1\nb\ta\t4\nb\tc\t-3\n", cli.scan("Efirst"));

    // column key against row key: (a,a) diagonal, (a,b) and (b,c) above, (b,a) below
    cli.okRun("select", "A", "Striu", "--op", "triu");
    assertEquals("a\ta\t1\na\tb\t2\nb\tc\t4\n", cli.scan("Striu"));
    cli.okRun("select", "A", "Stril", "--op", "tril");
    assertEquals("a\ta\t1\nb\ta\t-3\n", cli.scan("Stril"));
    cli.okRun("select", "A", "Supper", "--op", "upper");
    assertEquals("a\tb\t2\nb\tc\t4\n", cli.scan("Supper"));
    cli.okRun("select", "A", "Slower", "--op", "lower");
    assertEquals("b\ta\t-3\n", cli.scan("Slower"));
    cli.okRun("select", "A", "Sdiag", "--op", "diag");
    assertEquals("a\ta\t1\n", cli.scan("Sdiag"));
    cli.okRun("select", "A", "Soff", "--op", "offdiag");
    assertEquals("a\tb\t2\nb\ta\t-3\nb\tc\t4\n", cli.scan("Soff"));
    assertEquals("select: 1 cells written to Sgt\n",
        CliRunner.ok(cli.run("select", "A", "Sgt", "--op", "gt", "--scalar", "0", "--rows", "b,")));
    assertEquals("b\tc\t4\n", cli.scan("Sgt"));
    cli.okRun("select", "A", "Sle", "--op", "le", "--scalar", "1.5");
    assertEquals("a\ta\t1\nb\ta\t-3\n", cli.scan("Sle"));
    cli.okRun("select", "A", "Sblock", "--rows", "a,", "--cols", "b,:,c,");
    assertEquals("a\tb\t2\n", cli.scan("Sblock"));
  }

  @Test
  void masksAndAccumulator() {
    CliRunner cli = withMatrices();
    // keys B does not hold
    cli.okRun("ewise-add", "A", "B", "F", "--mask", "B", "--structure", "--complement");
    assertEquals("a\tb\t2\nb\ta\t-3\n", cli.scan("F"));
    // keys where M is not zero
    cli.okRun("apply", "A", "G", "--op", "abs", "--mask", "M");
    assertEquals("a\tb\t2\n", cli.scan("G"));
    cli.okRun("apply", "A", "H", "--op", "abs", "--mask", "M", "--complement");
    assertEquals("a\ta\t1\nb\ta\t3\nb\tc\t4\n", cli.scan("H"));
    // C = C plus one(A)<struct(B)>: T = [a a 1, b c 1]
    cli.okRun("ewise-add", "A", "B", "C");
    assertEquals("apply: 2 cells accumulated into C, which now holds 5\n", CliRunner.ok(cli.run("apply", "A", "C", "--op", "one",
        "--accum", "plus", "--mask", "B", "--structure")));
    assertEquals("a\ta\t12\na\tb\t2\nb\ta\t-3\nb\tc\t10\nc\tc\t7\n", cli.scan("C"));
    cli.okRun("select", "A", "C", "--op", "diag", "--accum", "times");
    assertEquals("a\ta\t12\na\tb\t2\nb\ta\t-3\nb\tc\t10\nc\tc\t7\n", cli.scan("C"));
    cli.okRun("ewise-mult", "A", "B", "C", "--accum", "second");
    assertEquals("a\ta\t10\na\tb\t2\nb\ta\t-3\nb\tc\t20\nc\tc\t7\n", cli.scan("C"));
  }

  @Test
  void helpListsTheCommandsAndSelectsKeyOrder() {
    String help = CliRunner.ok(CliRunner.raw("--help"));
    for (String c : new String[] {"ewise-add", "ewise-mult", "apply", "select"}) {
      org.junit.jupiter.api.Assertions.assertTrue(help.contains("  " + c + " "), help);
    }
    String select = CliRunner.ok(CliRunner.raw("help", "select"));
    org.junit.jupiter.api.Assertions.assertTrue(
        select.contains("tril j <= i, triu j >= i, lower j < i, upper j > i, diag j == i,"),
        select);
  }

  @Test
  void badInputNamesWhatIsWrongAndWritesNothing() {
    CliRunner cli = withMatrices();
    cli.okRun("apply", "A", "C", "--op", "identity");
    CliRunner.assertErrorStartsWith(cli.run("ewise-add", "A", "B", "X", "--op", "foo"), 1,
        "--op: unknown binary operator 'foo'; known: any, div, eq,");
    CliRunner.assertErrorStartsWith(cli.run("ewise-mult", "A", "B", "X", "--accum", "sum"), 1,
        "--accum: unknown binary operator 'sum'");
    CliRunner.assertErrorStartsWith(cli.run("apply", "A", "X", "--op", "sin"), 1, "--op: unknown unary operator 'sin'");
    CliRunner.assertError(cli.run("apply", "A", "X", "--op", "minus"), 1,
        "--op: minus is a binary operator: give --scalar X to bind to it");
    CliRunner.assertError(cli.run("apply", "A", "X", "--op", "abs", "--scalar", "1"), 1,
        "--op: abs is a unary operator: it takes no --scalar");
    CliRunner.assertError(cli.run("ewise-add", "A", "nope", "X"), 1, "no such table: nope");
    CliRunner.assertError(cli.run("apply", "nope", "X", "--op", "abs"), 1, "no such table: nope");
    CliRunner.assertError(cli.run("ewise-mult", "A", "B", "X", "--mask", "nope"), 1,
        "no such mask table: nope (--mask)");
    CliRunner.assertError(cli.run("apply", "A", "C", "--op", "abs"), 1, "table C already exists: delete it, "
        + "choose another name, or give an accumulator (--accum) to combine the result into it");
    CliRunner.assertError(cli.run("select", "A", "X", "--op", "tril", "--accum", "plus"), 1, "no such table: X "
        + "(an accumulator combines the result into an existing table; without one the result makes a new table)");
    CliRunner.assertError(cli.run("apply", "A", "X", "--op", "plus", "--scalar", "zz"), 1,
        "--scalar: 'zz' is not a number");
    CliRunner.assertError(cli.run("select", "A", "X", "--op", "gt", "--scalar", "1.5", "--codec", "long"), 1,
        "--scalar: '1.5' cannot be stored by the long codec");
    CliRunner.assertError(cli.run("select", "A", "X", "--op", "gt"), 1,
        "--op: select gt compares each value with a scalar: give one");
    CliRunner.assertError(cli.run("select", "A", "X", "--op", "tril", "--scalar", "1"), 1,
        "--op: select tril compares keys and takes no scalar");
    CliRunner.assertErrorStartsWith(cli.run("select", "A", "X", "--op", "above"), 1,
        "--op: unknown select operator 'above'; known: all, diag, eq, ge, gt, le, lower, lt, ne, offdiag, tril, triu, "
            + "upper");
    CliRunner.assertErrorStartsWith(cli.run("apply", "A", "X", "--op", "abs", "--codec", "hex"), 1,
        "--codec: unknown value codec 'hex'");
    CliRunner.assertError(cli.run("apply", "A", "X", "--op", "abs", "--codec", "long"), 1,
        "table A, row 'a', column 'a': value '1' is not an 8-byte long: the table's values are decimal text (as put "
            + "and ingest write them) and the long codec reads 8-byte binary values; read them with --codec=decimal "
            + "(the default)");
    // numbers a double cannot hold, or not exactly, are refused, never changed
    CliRunner.assertError(cli.run("apply", "A", "X", "--op", "plus", "--scalar", "1e400"), 1,
        "--scalar: '1e400' is not a number (a number a double can hold (magnitude up to about 1.8e308))");
    cli.create("N");
    cli.put("N", "a\tb\t1e400\n");
    CliRunner.assertError(cli.run("apply", "N", "X", "--op", "identity"), 1,
        "table N, row 'a', column 'b': value '1e400' is not a number a double can hold (magnitude up to about 1.8e308)");
    cli.create("I");
    cli.put("I", "a\tb\t9007199254740993\nc\td\t9007199254740992\n");
    cli.create("J");
    cli.put("J", "e\tf\t-123456789012345678901\n");
    CliRunner.assertErrorStartsWith(cli.run("apply", "I", "X", "--op", "identity"), 1,
        "table I, row 'a', column 'b': value '9007199254740993' is not an integer a double holds exactly");
    CliRunner.ok(cli.run("select", "I", "X2", "--rows", "c,"));
    CliRunner.ok(cli.run("apply", "X2", "Y", "--op", "identity")); // 2^53 itself is exact
    assertEquals("c\td\t9007199254740992\n", cli.scan("Y"));
    CliRunner.assertErrorStartsWith(cli.run("reduce", "J", "--scalar"), 1,
        "table J, row 'e', column 'f': value '-123456789012345678901' is not an integer a double holds exactly");
    cli.create("L");
    cli.put("L", "a\ta\t\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\n"); // 2 as an 8-byte long
    CliRunner.assertError(cli.run("apply", "L", "X", "--op", "sqrt", "--codec", "long"), 1, "apply: LongCodec cannot "
        + "store 1.4142135623730951: not an integer in the long range (--codec long); X was not written");
    CliRunner.assertUsage(cli.run("apply", "A", "X", "--op", "abs", "--bind", "first"), "--bind needs --scalar",
        "apply ");
    CliRunner.assertUsage(cli.run("ewise-add", "A", "B", "X", "--structure"), "--structure needs --mask",
        "ewise-add ");
    CliRunner.assertUsage(cli.run("select", "A", "X"), "select needs --op, --rows or --cols", "select ");
    // nothing was written: C as it was, no X, no temporaries
    assertEquals(A_CELLS, cli.scan("C"));
    assertEquals("A\nB\nC\nI\nJ\nL\nM\nN\nX2\nY\n", CliRunner.ok(cli.run("tables")));
  }
}
