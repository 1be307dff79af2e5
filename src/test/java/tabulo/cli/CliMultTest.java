package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `mult` and `gen graph500` on the command line, against hand-worked products and their errors. */
class CliMultTest {
  @TempDir
  Path dir;

  // A = [a1: x=1 y=2; a2: y=3], B = [x: p=4; y: p=5 q=6]
  private CliRunner withMatrices() {
    CliRunner cli = new CliRunner(dir);
    cli.create("A");
    cli.create("B", "y");
    cli.put("A", "a1\tx\t1\na1\ty\t2\na2\ty\t3\n");
    cli.put("B", "x\tp\t4\ny\tp\t5\ny\tq\t6\n");
    return cli;
  }

  @Test
  void plusTimesAndMinPlusByHandBothAlgorithms() {
    CliRunner cli = withMatrices();
    for (String alg : new String[] {"outer", "rowwise", "auto"}) {
      String out = CliRunner.ok(cli.run("mult", "A", "B", "C_" + alg, "--algorithm", alg));
      assertTrue(out.contains(" 5 partial products"), out); // a1: x->1 + y->2, a2: y->2
      // 1*4+2*5 = 14, 2*6 = 12, 3*5 = 15, 3*6 = 18
      assertEquals("a1\tp\t14\na1\tq\t12\na2\tp\t15\na2\tq\t18\n", cli.scan("C_" + alg));
      CliRunner.ok(cli.run("mult", "A", "B", "M_" + alg, "--algorithm", alg, "--semiring", "min.plus"));
      // min(1+4, 2+5) = 5, 2+6 = 8, 3+5 = 8, 3+6 = 9
      assertEquals("a1\tp\t5\na1\tq\t8\na2\tp\t8\na2\tq\t9\n", cli.scan("M_" + alg));
    }
    // A^T B: shared dimension = rows of A and B; only x, y rows of B meet A's rows a1, a2: none
    CliRunner.ok(cli.run("mult", "A", "A", "ATA", "--transpose-a", "--transpose-out", "ATAT"));
    // A^T A: x.x=1, x.y=2, y.x=2, y.y=4+9=13
    assertEquals("x\tx\t1\nx\ty\t2\ny\tx\t2\ny\ty\t13\n", cli.scan("ATA"));
    assertEquals(cli.scan("ATA"), cli.scan("ATAT"));
    CliRunner.ok(cli.run("mult", "A", "B", "F", "--rows", "a2,", "--cols", "q,"));
    assertEquals("a2\tq\t18\n", cli.scan("F"));
  }

  /**
   * The D4M correlation on ingested flights reads PTedgeT (the pair ingest made) and says so; the copy
   * (--no-d4m-transpose), the outer product and a named --transpose-out result give the same C; each
   * line says what C holds (the outer product: partial products written, and C's entries once summed).
   */
  @Test
  void d4mCorrelationReadsTheIngestedTransposeAndSaysWhatCHolds() {
    CliRunner cli = new CliRunner(dir);
    Path flights = dir.resolve("flights");
    cli.okRun("gen", "flights", flights.toString(), "--records", "400", "--files", "2");
    cli.okRun("ingest", "P", flights.toString());
    String[] query = {"mult", "PTedge", "PTedge", "OD", "--transpose-a", "--rows", "origin|*,", "--cols", "dest|*,"};
    CliRunner.Result planned = cli.okRun(query);
    assertTrue(planned.err().contains("mult: A^T read from PTedgeT (ingest recorded the pair in PTedgeDeg and both "
        + "hold 7,600 entries); B's selected columns read from PTedgeT's rows (400 entries)"), planned.err());
    String od = cli.scan("OD");
    long entries = od.lines().count();
    assertEquals(224, entries, od); // every route once, then repeats
    assertTrue(planned.out().startsWith("rowwise: 400 partial products, " + entries + " entries in OD, "),
        planned.out());
    query[3] = "ODcopy";
    CliRunner.Result copy = cli.okRun(append(query, "--no-d4m-transpose"));
    assertTrue(copy.err().contains("mult: A copied transposed, only the cells the filters keep; no stored A^T used "
        + "(no stored A^T looked for)"), copy.err());
    assertEquals(od, cli.scan("ODcopy"));
    query[3] = "ODouter";
    CliRunner.Result outer = cli.okRun(append(query, "--algorithm", "outer"));
    // the kernel sums each unit's partial products per cell: at least C's entries written, at most 400
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("outer: 400 partial products summed into ([0-9,]+) cells "
        + "written to ODouter, " + entries + " entries once summed, ").matcher(outer.out());
    assertTrue(m.lookingAt(), outer.out());
    long cells = Long.parseLong(m.group(1).replace(",", ""));
    assertTrue(cells >= entries && cells < 400, outer.out());
    assertEquals(od, cli.scan("ODouter"));
    // a --transpose-out result named as A's transpose: (OD^T)^T PTedge(:, dest)... read from OD itself
    cli.okRun("mult", "PTedge", "PTedge", "DO", "--transpose-a", "--rows", "dest|*,", "--cols", "origin|*,",
        "--transpose-out", "DOT");
    CliRunner.Result named = cli.okRun("mult", "DO", "DO", "G", "--transpose-a", "--a-transpose", "DOT");
    assertTrue(named.err().contains("mult: A^T read from DOT (named with --a-transpose; both hold "), named.err());
    cli.okRun("mult", "DO", "DO", "Gcopy", "--transpose-a");
    assertEquals(cli.scan("Gcopy"), cli.scan("G"));
    CliRunner.assertError(cli.run("mult", "DO", "DO", "H", "--transpose-a", "--a-transpose", "nope"), 1,
        "--a-transpose: no such table: nope");
    CliRunner.assertErrorStartsWith(cli.run("mult", "DO", "DO", "H", "--transpose-a", "--a-transpose", "PTedge"), 1,
        "--a-transpose PTedge: it holds 7,600 entries and DO 224, so it is not DO's transpose");
  }

  private static String[] append(String[] a, String... more) {
    String[] out = java.util.Arrays.copyOf(a, a.length + more.length);
    System.arraycopy(more, 0, out, a.length, more.length);
    return out;
  }

  /**
   * {@code auto} says on standard error what it ran and why: the outer product for A^T B with B at most
   * 1/256 of A's entries, row-by-row otherwise; an algorithm asked for is named as such.
   * A = [x: a1..a256 = 1..256], B = [x: p=2]: A^T B = [ai: p = 2i].
   */
  @Test
  void autoPrintsItsChoiceAndWhy() {
    CliRunner cli = new CliRunner(dir);
    cli.create("A");
    cli.create("B");
    StringBuilder a = new StringBuilder();
    StringBuilder expected = new StringBuilder();
    for (int i = 1; i <= 256; i++) {
      a.append("x\ta").append(i).append('\t').append(i).append('\n');
    }
    java.util.stream.IntStream.rangeClosed(1, 256).mapToObj(i -> "a" + i).sorted()
        .forEach(k -> expected.append(k).append("\tp\t").append(2 * Integer.parseInt(k.substring(1))).append('\n'));
    cli.put("A", a.toString());
    cli.put("B", "x\tp\t2\n");
    CliRunner.Result outer = cli.okRun("mult", "A", "B", "C", "--transpose-a");
    assertEquals("mult: algorithm outer (auto: A^T B with B small (nnz(B) 1, nnz(A) 256): the outer product "
        + "looks up only the rows of A that B's rows name, row-by-row would copy all of A transposed first)\n",
        outer.err(), outer.toString());
    assertTrue(outer.out().startsWith("outer: 256 partial products"), outer.out());
    assertEquals(expected.toString(), cli.scan("C"));
    CliRunner.Result rowwise = cli.okRun("mult", "B", "A", "D", "--transpose-a"); // B^T A = [p: ai = 2i]
    assertEquals("mult: algorithm rowwise (auto: A^T B with A small (nnz(B) 256, nnz(A) 1): row-by-row copies "
        + "only A transposed and fetches only the rows of B that A's rows name)\n"
        + "mult: A copied transposed; no stored A^T used (B is not a D4M PREFIXTedge)\n", rowwise.err(),
        rowwise.toString());
    assertEquals(expected.toString().replaceAll("(a\\d+)\tp\t", "p\t$1\t"), cli.scan("D"));
    CliRunner.Result plain = cli.okRun("mult", "A", "B", "E");
    assertEquals("mult: algorithm rowwise (auto: A B is row-by-row's native form)\n", plain.err());
    CliRunner.Result asked = cli.okRun("mult", "A", "B", "F", "--transpose-a", "--algorithm", "rowwise");
    assertEquals("mult: algorithm rowwise (asked for)\n"
        + "mult: A copied transposed; no stored A^T used (A is not a D4M PREFIXTedge)\n", asked.err());
    assertEquals(expected.toString(), cli.scan("F"));
  }

  /** Temporaries live in a name space users cannot create: a user's tables are never taken for them. */
  @Test
  void userTablesNamedLikeTemporariesSurviveAndReservedNamesAreRefused() {
    CliRunner cli = withMatrices();
    for (String t : new String[] {"C__staging", "A__transposed", "CT__staging"}) {
      CliRunner.ok(cli.run("create", t));
      cli.put(t, "keep\tme\t7\n");
    }
    CliRunner.ok(cli.run("mult", "A", "B", "C", "--algorithm", "outer", "--transpose-out", "CT")); // copies A^T
    CliRunner.ok(cli.run("mult", "A", "B", "D", "--algorithm", "rowwise"));
    assertEquals(cli.scan("C"), cli.scan("D"));
    for (String t : new String[] {"C__staging", "A__transposed", "CT__staging"}) {
      assertEquals("keep\tme\t7\n", cli.scan(t), t);
    }
    assertEquals("A\nA__transposed\nB\nC\nCT\nCT__staging\nC__staging\nD\n", CliRunner.ok(cli.run("tables")));
    String reserved = "': names starting with __ are reserved for Tabulo's temporary tables";
    CliRunner.assertError(cli.run("create", "__x"), 1, "invalid table name '__x" + reserved);
    CliRunner.assertError(cli.run("create", "ns.__x"), 1, "invalid table name 'ns.__x" + reserved);
    CliRunner.assertError(cli.run("rename", "A", "__A"), 1, "invalid table name '__A" + reserved);
    CliRunner.assertError(cli.run("mult", "A", "B", "__C"), 1, "invalid table name '__C" + reserved);
    CliRunner.ok(cli.run("export", "A", cli.db().resolveSibling("exported").toString()));
    CliRunner.assertError(cli.run("import", "__A", cli.db().resolveSibling("exported").toString()), 1,
        "invalid table name '__A" + reserved);
    CliRunner.assertError(cli.run("gen", "graph500", "__g", "--scale", "3"), 1, "invalid table name '__g" + reserved);
    CliRunner.assertError(cli.run("ingest", "__p", cli.file("a,b\n1,2\n").toString()), 1,
        "invalid table name '__pTedge" + reserved);
  }

  /**
   * Parts of one cell of C under different labels: each reader gets one cell, the sum of the parts it
   * may read, labelled with their conjunction; equivalent labels are one label. By hand:
   * A = [a1: x=1 (red), y=2 (blue); a2: x=3 ((red)&(blue)), y=1 (blue&red)], B = [x: p=4; y: p=5 ((blue))].
   * C(a1,p) = 1*4 under red + 2*5 under blue; C(a2,p) = 3*4 + 1*5, both under blue&red.
   */
  @Test
  void eachReaderGetsOneCellTheSumOfThePartsItMayRead() {
    CliRunner cli = new CliRunner(dir);
    cli.okRun("setauths", "root", "red,blue");
    cli.okRun("setauths", "ruby", "red");
    cli.okRun("setauths", "navy", "blue");
    cli.okRun("setauths", "both", "red,blue");
    cli.create("A");
    cli.create("B");
    cli.put("A", "a1\tx\t1\tred\na1\ty\t2\tblue\na2\tx\t3\t(red)&(blue)\na2\ty\t1\tblue&red\n");
    cli.put("B", "x\tp\t4\ny\tp\t5\t((blue))\n");
    for (String alg : new String[] {"outer", "rowwise"}) {
      String c = "C_" + alg;
      CliRunner.ok(cli.run("mult", "A", "B", c, "--algorithm", alg));
      assertEquals("a1\tp\t4\tred\n", CliRunner.ok(cli.as("ruby", "scan", c, "--vis")), alg);
      assertEquals("a1\tp\t10\tblue\n", CliRunner.ok(cli.as("navy", "scan", c, "--vis")), alg);
      assertEquals("", CliRunner.ok(cli.as("nobody", "scan", c, "--vis")), alg);
      String both = CliRunner.ok(cli.as("both", "scan", c, "--vis"));
      assertEquals("a1\tp\t14\tblue&red\na2\tp\t17\tblue&red\n", both, alg);
      assertEquals("a1\tp\t4\tred\n", CliRunner.ok(cli.as("both", "scan", c, "--vis", "--auths", "red")), alg);
      // what a reader copies out reads back the same for it, and shows no one else more than they could read
      String d = "D_" + alg;
      CliRunner.ok(cli.as("both", "create", d));
      CliRunner.ok(cli.as("both", "put", d, cli.file(both).toString()));
      assertEquals(both, CliRunner.ok(cli.as("both", "scan", d, "--vis")), alg);
      assertEquals("", CliRunner.ok(cli.as("ruby", "scan", d, "--vis")), alg);
      assertEquals("", CliRunner.ok(cli.as("navy", "scan", d, "--vis")), alg);
      // a compaction keeps each label's part apart
      CliRunner.ok(cli.run("compact", c));
      assertEquals("a1\tp\t4\tred\n", CliRunner.ok(cli.as("ruby", "scan", c, "--vis")), alg);
      assertEquals(both, CliRunner.ok(cli.as("both", "scan", c, "--vis")), alg);
    }
  }

  /**
   * C&lt;M&gt; and C = C accum T by hand. C = A B = [a1: p=14 q=12; a2: p=15 q=18], M = [a1: p=1; a2: p=7 q=0]:
   * M admits a1 p and a2 p by value, also a2 q by structure; the complements admit the rest.
   */
  @Test
  void maskStructureComplementAndAccumByHand() {
    CliRunner cli = withMatrices();
    cli.create("M");
    cli.put("M", "a1\tp\t1\na2\tp\t7\na2\tq\t0\n");
    for (String alg : new String[] {"rowwise", "outer", "auto"}) {
      CliRunner.Result r = cli.okRun("mult", "A", "B", "V_" + alg, "--mask", "M", "--algorithm", alg);
      assertEquals("a1\tp\t14\na2\tp\t15\n", cli.scan("V_" + alg), alg);
      if (alg.equals("auto")) {
        assertEquals("mult: algorithm rowwise (auto: A B is row-by-row's native form, and it applies the mask in "
            + "its accumulator)\n", r.err());
      }
      CliRunner.ok(cli.run("mult", "A", "B", "S_" + alg, "--mask", "M", "--structure", "--algorithm", alg));
      assertEquals("a1\tp\t14\na2\tp\t15\na2\tq\t18\n", cli.scan("S_" + alg), alg);
      CliRunner.ok(cli.run("mult", "A", "B", "N_" + alg, "--mask", "M", "--complement", "--algorithm", alg));
      assertEquals("a1\tq\t12\na2\tq\t18\n", cli.scan("N_" + alg), alg);
      CliRunner.ok(cli.run("mult", "A", "B", "SN_" + alg, "--mask", "M", "--structure", "--complement",
          "--algorithm", alg));
      assertEquals("a1\tq\t12\n", cli.scan("SN_" + alg), alg);
      // D = D + (A B)<struct(M)>: D's a1 p and z z stay beside the new cells; a1 q is outside the mask
      cli.create("D_" + alg);
      cli.put("D_" + alg, "a1\tp\t100\nz\tz\t1\n");
      CliRunner.ok(cli.run("mult", "A", "B", "D_" + alg, "--mask", "M", "--structure", "--accum", "plus",
          "--algorithm", alg));
      assertEquals("a1\tp\t114\na2\tp\t15\na2\tq\t18\nz\tz\t1\n", cli.scan("D_" + alg), alg);
    }
    CliRunner.assertError(cli.run("mult", "A", "B", "E", "--mask", "nope"), 1, "no such mask table: nope");
    CliRunner.assertErrorStartsWith(cli.run("mult", "A", "B", "E", "--structure"), 2, "--structure needs --mask");
    CliRunner.assertError(cli.run("mult", "A", "B", "E", "--accum", "plus"), 1,
        "no such table: E (an accumulator combines the result into an existing table; without one the result "
            + "makes a new table)");
    CliRunner.assertErrorStartsWith(cli.run("mult", "A", "B", "D_auto", "--accum", "nothing"), 1,
        "--accum: unknown binary operator 'nothing'");
    CliRunner.assertError(cli.run("mult", "A", "B", "D_auto", "--accum", "plus", "--transpose-out", "DT"), 1,
        "--transpose-out makes a new table beside a new C: not with --accum");
  }

  @Test
  void errorsNameWhatIsWrong() {
    CliRunner cli = withMatrices();
    CliRunner.assertError(cli.run("mult", "A", "nope", "C"), 1, "no such table: nope");
    CliRunner.assertError(cli.run("mult", "A", "B", "bad name"), 1,
        "invalid table name 'bad name': use letters, digits and underscores, optionally as namespace.name");
    CliRunner.assertError(cli.run("mult", "A", "B", "B"), 1,
        "table B already exists: delete it or choose another name for the product");
    CliRunner.assertErrorStartsWith(cli.run("mult", "A", "B", "C", "--semiring", "plus.nothing"), 1,
        "--semiring: ");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--codec", "hex"), 1,
        "--codec: unknown value codec 'hex'; known: decimal, long, double");
    CliRunner.assertError(cli.run("mult", "A", "B", "C", "--workers", "0"), 1,
        "--workers: workers must be at least 1, got 0");
    CliRunner.assertErrorStartsWith(cli.run("mult", "A", "B", "C", "--algorithm", "fastest"), 2,
        "Invalid value for option '--algorithm'");
    cli.put("A", "a3\tx\tlots\n");
    CliRunner.assertError(cli.run("mult", "A", "B", "C"), 1,
        "table A, row 'a3', column 'x': value 'lots' is not a decimal number");
    assertTrue(CliRunner.ok(cli.run("tables")).contains("A\nB\n"));
    assertEquals("A\nB\n", CliRunner.ok(cli.run("tables")), "a failed multiply leaves no tables behind");
  }

  @Test
  void genGraph500WritesTheGraphSplitIntoTablets() {
    CliRunner cli = new CliRunner(dir);
    CliRunner.ok(cli.run("gen", "graph500", "G", "--scale", "8", "--splits", "3"));
    String info = CliRunner.ok(cli.run("info", "G"));
    assertTrue(info.contains("tablets\t3\n"), info);
    String scan = cli.scan("G");
    String first = scan.substring(0, scan.indexOf('\n'));
    assertTrue(first.matches("\\d{3}\t\\d{3}\t\\d+"), first);
    CliRunner.assertError(cli.run("gen", "graph500", "H", "--scale", "0"), 1, "--scale must be between 1 and 30, got 0");
  }
}
