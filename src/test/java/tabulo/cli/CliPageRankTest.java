package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `pagerank` on the command line, against ranks worked by hand, and its errors. */
class CliPageRankTest {
  @TempDir
  Path dir;

  /** a <-> b: each keeps 1/2, and the first iteration changes nothing. */
  @Test
  void twoCycleByHand() {
    CliRunner cli = new CliRunner(dir);
    cli.create("G");
    cli.put("G", "a\tb\t1\nb\ta\t1\n");
    assertEquals("pagerank: 2 vertices, 1 iterations, change 0.0, ranks in R\n",
        CliRunner.ok(cli.run("pagerank", "G", "R")));
    assertEquals("a\trank\t0.5\nb\trank\t0.5\n", cli.scan("R"));
  }

  /**
   * a -> b, b dangling, one iteration from 1/2 each: a = 0.15/2 + 0.85 (1/2)/2 = 0.2875, b = a + 0.85/2 =
   * 0.7125; not converged, so a warning, and OUT holds that iterate.
   */
  @Test
  void danglingVertexOneIterationByHand() {
    CliRunner cli = new CliRunner(dir);
    cli.create("G");
    cli.put("G", "a\tb\t7\n");
    CliRunner.Result r = cli.run("pagerank", "G", "R", "--max-iterations", "1", "--tolerance", "0");
    assertEquals(0, r.code(), r::toString);
    assertTrue(r.err().contains("pagerank: warning: not converged after 1 iterations"), r::toString);
    List<String> lines = CliRunner.lines(cli.scan("R"));
    assertEquals(2, lines.size());
    assertEquals(0.2875, Double.parseDouble(lines.get(0).split("\t")[2]), 1e-15);
    assertEquals(0.7125, Double.parseDouble(lines.get(1).split("\t")[2]), 1e-15);
  }

  /** The same by-hand iterate computed in tables (--in-tables), where the default holds the graph in memory. */
  @Test
  void inTablesGivesTheSameIterate() {
    CliRunner cli = new CliRunner(dir);
    cli.create("G");
    cli.put("G", "a\tb\t7\n");
    CliRunner.Result r = cli.run("pagerank", "G", "R", "--max-iterations", "1", "--tolerance", "0", "--in-tables");
    assertEquals(0, r.code(), r::toString);
    List<String> lines = CliRunner.lines(cli.scan("R"));
    assertEquals(0.2875, Double.parseDouble(lines.get(0).split("\t")[2]), 1e-15);
    assertEquals(0.7125, Double.parseDouble(lines.get(1).split("\t")[2]), 1e-15);
    CliRunner.ok(cli.run("components", "G", "C", "--in-tables"));
    assertEquals("a\tcomponent\ta\nb\tcomponent\ta\n", cli.scan("C"));
  }

  /**
   * --iterations 2 (LDBC's fixed count) on a -> b, b dangling: from (0.2875, 0.7125) after one iteration,
   * a = 0.15/2 + 0.85 * 0.7125/2 = 0.3778125, b = a + 0.85 * 0.2875 = 0.6221875; no warning. On a two-cycle,
   * which meets any tolerance at once, --iterations 3 still runs three. In memory and in tables alike.
   */
  @Test
  void exactlyNIterationsByHand() {
    CliRunner cli = new CliRunner(dir);
    cli.create("G");
    cli.put("G", "a\tb\t7\n");
    cli.create("C");
    cli.put("C", "a\tb\t1\nb\ta\t1\n");
    for (String where : List.of("--kernels=server", "--in-tables")) {
      String r = "R" + where.length();
      CliRunner.Result run = cli.run("pagerank", "G", r, "--iterations", "2", where);
      assertEquals(0, run.code(), run::toString);
      assertEquals("", run.err(), "no warning");
      List<String> lines = CliRunner.lines(cli.scan(r));
      assertEquals(0.3778125, Double.parseDouble(lines.get(0).split("\t")[2]), 1e-15);
      assertEquals(0.6221875, Double.parseDouble(lines.get(1).split("\t")[2]), 1e-15);
      assertTrue(CliRunner.ok(cli.run("pagerank", "C", "S" + r, "--iterations", "3", where))
          .startsWith("pagerank: 2 vertices, 3 iterations,"));
    }
    CliRunner.assertError(cli.run("pagerank", "G", "X", "--iterations", "2", "--tolerance", "0"), 2,
        "--iterations runs exactly N iterations: give it without --tolerance and --max-iterations (see 'tabulo "
            + "pagerank --help')");
    CliRunner.Result zero = cli.run("pagerank", "G", "X", "--iterations", "0");
    assertTrue(zero.code() != 0 && zero.err().startsWith("tabulo: --iterations"), zero::toString);
  }

  @Test
  void errors() {
    CliRunner cli = new CliRunner(dir);
    CliRunner.assertError(cli.run("pagerank", "X", "R"), 1, "no such table: X");
    cli.create("G");
    cli.put("G", "a\tb\t1\n");
    CliRunner.assertError(cli.run("pagerank", "G", "R", "--max-iterations", "0"), 1,
        "--max-iterations must be 1 or more, not 0");
    CliRunner.assertError(cli.run("pagerank", "G", "G"), 1, "table exists: G");
    assertEquals("a\tb\t1\n", cli.scan("G"));
  }
}
