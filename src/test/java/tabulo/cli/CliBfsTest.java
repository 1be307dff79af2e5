package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `bfs --parents` and `bfs --incidence` on the command line, against searches worked by hand, and their errors. */
class CliBfsTest {
  @TempDir
  Path dir;

  /** a -> b, a -> c, b -> d, c -> d, d -> e: d has two valid parents, b and c; the smaller key is printed. */
  @Test
  void parentsByHand() {
    CliRunner cli = new CliRunner(dir);
    cli.create("G");
    cli.put("G", "a\tb\t1\na\tc\t1\nb\td\t1\nc\td\t1\nd\te\t1\n");
    assertEquals("bfs: 3 levels from a, written to P, column level and parent\n",
        CliRunner.ok(cli.run("bfs", "G", "P", "--from", "a,", "--parents")));
    assertEquals("a\tlevel\t0\na\tparent\ta\nb\tlevel\t1\nb\tparent\ta\nc\tlevel\t1\nc\tparent\ta\n"
        + "d\tlevel\t2\nd\tparent\tb\ne\tlevel\t3\ne\tparent\td\n", cli.scan("P"));
    // undirected from e: d is e's only neighbour; b and c (parent d), then a (parents b and c: b)
    CliRunner.ok(cli.run("bfs", "G", "U", "--from", "e,", "--parents", "--undirected"));
    assertEquals("a\tlevel\t3\na\tparent\tb\nb\tlevel\t2\nb\tparent\td\nc\tlevel\t2\nc\tparent\td\n"
        + "d\tlevel\t1\nd\tparent\te\ne\tlevel\t0\ne\tparent\te\n", cli.scan("U"));
  }

  /**
   * Four records ingested into the D4M schema: ann-paris, bob-paris, bob-rome, cid-oslo. From name|ann:
   * paris (1), bob (2), rome (3); cid and oslo share no record with them. With --max-degree 1 (TedgeDeg:
   * paris and bob are in 2 records) paris is reached but not expanded.
   */
  @Test
  void incidenceOnAnIngestedSchemaByHand() {
    CliRunner cli = new CliRunner(dir);
    Path csv = cli.file("name,city\nann,paris\nbob,paris\nbob,rome\ncid,oslo\n");
    CliRunner.ok(cli.run("ingest", "p", csv.toString()));
    assertEquals("bfs: 3 levels from name|ann, written to B, column level and parent\n",
        CliRunner.ok(cli.run("bfs", "pTedge", "B", "--from", "name|ann,", "--incidence", "--parents")));
    assertEquals("city|paris\tlevel\t1\ncity|paris\tparent\tname|ann\ncity|rome\tlevel\t3\ncity|rome\tparent\tname|bob\n"
        + "name|ann\tlevel\t0\nname|ann\tparent\tname|ann\nname|bob\tlevel\t2\nname|bob\tparent\tcity|paris\n",
        cli.scan("B"));
    CliRunner.ok(cli.run("bfs", "pTedge", "F", "--from", "name|ann,", "--incidence", "--max-degree", "1"));
    assertEquals("city|paris\tlevel\t1\nname|ann\tlevel\t0\n", cli.scan("F"));
    CliRunner.ok(cli.run("bfs", "pTedge", "H", "--from", "name|*,", "--incidence", "--hops", "1"));
    assertEquals("city|oslo\tlevel\t1\ncity|paris\tlevel\t1\ncity|rome\tlevel\t1\n"
        + "name|ann\tlevel\t0\nname|bob\tlevel\t0\nname|cid\tlevel\t0\n", cli.scan("H"));
  }

  @Test
  void errors() {
    CliRunner cli = new CliRunner(dir);
    cli.create("G");
    cli.put("G", "a\tb\t1\n");
    Path csv = cli.file("name,city\nann,paris\n");
    CliRunner.ok(cli.run("ingest", "p", csv.toString()));
    CliRunner.assertError(cli.run("bfs", "G", "O", "--from", "a,", "--incidence"), 1, "--incidence: G is not a D4M "
        + "incidence table: its column 'b' is not name|value (for an adjacency table, run bfs without --incidence)");
    CliRunner.assertError(cli.run("bfs", "pTedgeT", "O", "--from", "name|ann,", "--incidence"), 1,
        "--incidence reads a D4M Tedge table, not its TedgeT: pass pTedge");
    CliRunner.assertError(cli.run("bfs", "pTedge", "O", "--from", "name|ann,", "--incidence", "--undirected"), 1,
        "--undirected does not apply to --incidence: a record links its vertices both ways");
    CliRunner.assertError(cli.run("bfs", "pTedge", "O", "--from", "ann,", "--incidence"), 1,
        "--from=ann, selects no vertex of pTedge");
    CliRunner.assertError(cli.run("bfs", "X", "O", "--from", "a,", "--incidence", "--parents"), 1, "no such table: X");
    CliRunner.assertError(cli.run("bfs", "G", "O", "--from", "z,", "--parents"), 1, "--from=z, selects no vertex of G");
    CliRunner.assertError(cli.run("bfs", "G", "G", "--from", "a,", "--parents"), 1, "table exists: G");
    assertEquals("a\tb\t1\n", cli.scan("G"));
    String tables = CliRunner.ok(cli.run("tables"));
    assertFalse(tables.contains("O\n"), tables);
    assertTrue(CliRunner.ok(cli.run("bfs", "--help")).contains("--incidence"));
  }
}
