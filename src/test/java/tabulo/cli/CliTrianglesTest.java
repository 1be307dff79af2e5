package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `triangles`, `clustering`, `ktruss` and `jaccard` on the command line, against hand-worked results and errors. */
class CliTrianglesTest {
  @TempDir
  Path dir;

  // a triangle a-b-c (stored one way, weighted) with a tail c-d and a self-loop on d
  private CliRunner withGraph() {
    CliRunner cli = new CliRunner(dir);
    cli.create("G");
    cli.put("G", "a\tb\t5\nb\tc\t-1\nc\ta\t0.5\nc\td\t1\nd\td\t1\n");
    return cli;
  }

  @Test
  void byHand() {
    CliRunner cli = withGraph();
    assertEquals("1\n", CliRunner.ok(cli.run("triangles", "G", "--per-vertex", "T")));
    assertEquals("1\n", CliRunner.ok(cli.run("triangles", "G", "--in-tables")));
    assertEquals("a\ttriangles\t1\nb\ttriangles\t1\nc\ttriangles\t1\n", cli.scan("T"));
    CliRunner.ok(cli.run("clustering", "G", "L"));
    // c has 3 neighbours, 1 linked pair of 3: 1/3 printed so it reads back as the same double
    assertEquals("a\tlcc\t1\nb\tlcc\t1\nc\tlcc\t" + (1.0 / 3) + "\nd\tlcc\t0\n", cli.scan("L"));
    assertEquals("ktruss: 6 cells written to K\n", CliRunner.ok(cli.run("ktruss", "G", "K", "--k", "3")));
    assertEquals("a\tb\t1\na\tc\t1\nb\ta\t1\nb\tc\t1\nc\ta\t1\nc\tb\t1\n", cli.scan("K"));
    assertEquals("ktruss: 6 cells written to K2\n",
        CliRunner.ok(cli.run("ktruss", "G", "K2", "--k", "3", "--in-tables")));
    assertEquals(cli.scan("K"), cli.scan("K2"));
    CliRunner.ok(cli.run("jaccard", "G", "J"));
    CliRunner.ok(cli.run("jaccard", "G", "J2", "--in-tables"));
    assertEquals(cli.scan("J"), cli.scan("J2"));
    // N(a) = {b,c}, N(b) = {a,c}, N(c) = {a,b,d}, N(d) = {c}
    assertEquals("a\tb\t" + (1.0 / 3) + "\na\tc\t0.25\na\td\t0.5\nb\tc\t0.25\nb\td\t0.5\n", cli.scan("J"));
  }

  @Test
  void errors() {
    CliRunner cli = withGraph();
    CliRunner.assertError(cli.run("ktruss", "G", "K", "--k", "2"), 1, "--k must be at least 3, got 2");
    CliRunner.assertError(cli.run("triangles", "nope"), 1, "no such table: nope");
    CliRunner.assertError(cli.run("jaccard", "nope", "J"), 1, "no such table: nope");
    CliRunner.assertError(cli.run("clustering", "nope", "J"), 1, "no such table: nope");
  }
}
