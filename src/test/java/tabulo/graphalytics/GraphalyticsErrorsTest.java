package tabulo.graphalytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.cli.Main;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * Bad input names its file and line (or the properties file and key) and loads nothing; a failed load
 * leaves the graph loaded before as it was; a run that does not validate exits 1 naming the vertex, after
 * the JSON line.
 */
public class GraphalyticsErrorsTest {
  @TempDir
  Path dir;

  private String error(Store store, String base, Algorithm a) {
    return assertThrows(TabuloException.class,
        () -> GraphalyticsTest.run(store, base, a, dir.resolve("out"), null, false)).getMessage();
  }

  @Test
  void badInputIsNamedByFileAndLineAndLoadsNothing() throws IOException {
    try (Store store = GraphalyticsTest.open(dir)) {
      Set<String> before = new TreeSet<>(store.tables());
      String base = GraphalyticsTest.write(dir, "bad", true, "1 2 3", "1 2 1,2 x 1", 1, 1);
      String m = error(store, base, Algorithm.BFS);
      assertTrue(m.contains("bad.e line 2") && m.contains("'x'"), m);

      GraphalyticsTest.write(dir, "bad", true, "1 2 3", "1 2 1,2 3", 1, 1);
      m = error(store, base, Algorithm.BFS);
      assertTrue(m.contains("bad.e line 2") && m.contains("expected 3 fields"), m);

      GraphalyticsTest.write(dir, "bad", true, "1 2 3", "1 2 1,2 3 1,3 4 1", 1, 1);
      m = error(store, base, Algorithm.BFS);
      assertTrue(m.contains("bad.e line 3") && m.contains("vertex 4 is not in") && m.contains("bad.v"), m);

      GraphalyticsTest.write(dir, "bad", true, "1 2 z", "1 2 1", 1, 1);
      m = error(store, base, Algorithm.BFS);
      assertTrue(m.contains("bad.v line 3"), m);

      GraphalyticsTest.write(dir, "bad", true, "1 2 3", "1 2 1,2 3 nan?", 1, 1);
      m = error(store, base, Algorithm.BFS);
      assertTrue(m.contains("bad.e line 2") && m.contains("weight"), m);
      assertEquals(before, new TreeSet<>(store.tables()), "nothing loaded, no temporary left");

      Files.writeString(Path.of(base + ".properties"), "graph.bad.directed = true\n");
      m = error(store, base, Algorithm.CDLP);
      assertTrue(m.contains("bad.properties") && m.contains("graph.bad.cdlp.max-iterations"), m);
      m = error(store, base, Algorithm.PR);
      assertTrue(m.contains("bad.properties") && m.contains("graph.bad.pr."), m);

      m = assertThrows(TabuloException.class, () -> Algorithm.named("pagerank")).getMessage();
      assertTrue(m.contains("unknown algorithm 'pagerank'") && m.contains("bfs cdlp lcc pr sssp wcc"), m);
    }
  }

  @Test
  void aNegativeWeightStopsSsspOnlyNamingItsLine() throws IOException {
    try (Store store = GraphalyticsTest.open(dir)) {
      String base = GraphalyticsTest.write(dir, "neg", true, "1 2 3", "1 2 1,2 3 -0.5", 1, 1);
      String m = error(store, base, Algorithm.SSSP);
      assertTrue(m.contains("neg.e line 2") && m.contains("negative weight -0.5"), m);
      GraphalyticsTest.run(store, base, Algorithm.BFS, dir.resolve("out"), null, false); // BFS ignores weights
    }
  }

  /** A load failing on its last line leaves the graph loaded before, and its stamp, as they were. */
  @Test
  void aFailedLoadLeavesTheLoadedGraph() throws IOException {
    StagedCells.runCells = 2; // several runs staged before the bad line
    try (Store store = GraphalyticsTest.open(dir)) {
      String base = GraphalyticsTest.write(dir, "g", true, "1 2 3 4", "1 2 1,2 3 1,3 4 1", 1, 1);
      GraphalyticsDriver.Loaded first = GraphalyticsDriver.load(store, base, null, true, () -> false);
      Set<String> tables = new TreeSet<>(store.tables());
      List<?> edges = store.scanAll("g", tabulo.storage.ScanSpec.all());
      GraphalyticsTest.write(dir, "g", true, "1 2 3 4 5", "1 2 1,2 3 1,3 4 1,4 5 1,5 1 1,1 3 1,2 9 1", 1, 1);
      String m = assertThrows(TabuloException.class, () -> GraphalyticsDriver.load(store, base, null, true,
          () -> false)).getMessage();
      assertTrue(m.contains("g.e line 7"), m);
      assertEquals(tables, new TreeSet<>(store.tables()));
      assertEquals(edges.size(), store.scanAll("g", tabulo.storage.ScanSpec.all()).size());
      assertEquals(first.stamp(), LoadedGraph.named("g").stamp(store));
    } finally {
      StagedCells.runCells = 1_000_000;
    }
  }

  /** --validate against a wrong reference: exit 1, the vertex named, the JSON line last with valid false. */
  @Test
  void aRunThatDoesNotValidateExitsOneNamingTheVertex() throws IOException {
    String base = GraphalyticsTest.resource("example-directed").toString();
    Path wrong = dir.resolve("wrong");
    Files.writeString(wrong, Files.readString(GraphalyticsTest.resource("example-directed-BFS")).replace("8 2", "8 3"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String[] args = {"--db", dir.resolve("db").toString(), "graphalytics", "run", base, "bfs", "--output",
        dir.resolve("bfs").toString(), "--validate", wrong.toString()};
    assertEquals(1, Main.run(args, new PrintWriter(out), new PrintWriter(err)));
    assertTrue(err.toString().contains("vertex 8: expected 3, got 2"), err.toString());
    String[] lines = out.toString().strip().split("\n");
    assertTrue(lines[lines.length - 1].contains("\"valid\": false"), out.toString());

    args[args.length - 1] = GraphalyticsTest.resource("example-directed-BFS").toString();
    out = new StringWriter();
    assertEquals(0, Main.run(args, new PrintWriter(out), new PrintWriter(err)));
    assertTrue(out.toString().strip().endsWith("\"valid\": true}"), out.toString());
    assertTrue(err.toString().contains("reused the loaded example_directed"), err.toString()); // files unchanged
  }
}
