package tabulo.graphalytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.cli.Main;
import tabulo.ops.CrashingStore;
import tabulo.ops.DeadRuns;
import tabulo.ops.Workspace;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * Bad input names its file and line (or the properties file and key) and loads nothing; a failed load
 * leaves the graph loaded before as it was, and a reload cut short anywhere the old graph or the new whole; a run that does not validate exits 1 naming the vertex, after
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

  /**
   * Ids written with leading zeros or a plus sign, fields split by tabs and runs of spaces, lines ended by
   * CR LF or CR alone: the edges load under their ids' decimal keys (hand-worked), and an error after
   * such lines names the line as a text editor counts them.
   */
  @Test
  void idsWrittenAnyWayLoadAsTheirDecimalKeys() throws IOException {
    try (Store store = GraphalyticsTest.open(dir)) {
      String base = GraphalyticsTest.write(dir, "any", false, "1 2 3 10", "1 2 1", 1, 1);
      Files.writeString(Path.of(base + ".v"), "001\r\n+2\r3\n\t10 \n");
      Files.writeString(Path.of(base + ".e"), "001\t+2  0.5\r\n\r\n 2 3\t1.5\r0010 +0003 2e0");
      GraphalyticsDriver.load(store, base, null, true, () -> false);
      List<String> cells = new ArrayList<>();
      for (Map.Entry<org.apache.accumulo.core.data.Key, org.apache.accumulo.core.data.Value> e
          : store.scanAll("any", tabulo.storage.ScanSpec.all())) {
        cells.add(e.getKey().getRow() + " " + e.getKey().getColumnQualifier() + " " + e.getValue());
      }
      assertEquals(List.of("1 2 0.5", "10 3 2e0", "2 1 0.5", "2 3 1.5", "3 10 2e0", "3 2 1.5"), cells);

      Files.writeString(Path.of(base + ".e"), "1 2 0.5\r\n\r2 3 1.5\r\n2 7 1");
      String m = assertThrows(TabuloException.class, () -> GraphalyticsDriver.load(store, base, null, true,
          () -> false)).getMessage();
      assertTrue(m.contains("any.e line 4") && m.contains("vertex 7 is not in"), m);
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

  /**
   * Loading a dataset over a loaded one, cut short at each change the load makes to the store: by a failure
   * it sees, or by a kill (nothing more reaches the store, and the next run finds the run dead). The
   * graph's three tables then hold the old dataset or the new one whole, and the next load reuses the old
   * one or loads it again over the new one. Early cuts leave the old graph, late ones the new.
   */
  @Test
  void aReloadCutShortAnywhereLeavesTheOldOrTheNewGraphWhole() throws Exception {
    String oldBase = GraphalyticsTest.write(dir, "old", true, "1 2 3 4", "1 2 1,2 3 1,3 4 1", 1, 1);
    String newBase = GraphalyticsTest.write(dir, "new", false, "1 2 3 4 5", "1 2 2,2 3 2,3 4 2,4 5 2,5 1 2", 1, 1);
    try (Store store = GraphalyticsTest.open(dir)) {
      GraphalyticsDriver.load(store, newBase, "g", true, () -> false);
      Map<String, List<String>> newCells = cells(store);
      GraphalyticsDriver.load(store, oldBase, "g", true, () -> false);
      Map<String, List<String>> oldCells = cells(store);
      Set<String> tables = new TreeSet<>(store.tables());
      for (boolean kill : new boolean[] {false, true}) {
        List<String> outcomes = new ArrayList<>();
        for (int k = 1; ; k++) {
          String where = (kill ? "killed" : "failed") + " at change " + k;
          CrashingStore crashing = new CrashingStore(store, k, kill);
          try {
            GraphalyticsDriver.load(crashing.store(), newBase, "g", true, () -> false);
          } catch (CrashingStore.Crash e) {
            assertTrue(crashing.fired(), where);
          }
          if (!kill) { // undone or completed by the run itself
            assertTrue(Set.of(oldCells, newCells).contains(cells(store)), where + ": " + cells(store));
          }
          DeadRuns.markDead(store); // the process has ended
          Workspace.clearDeadRuns(store); // as the next run does first
          Map<String, List<String>> now = cells(store);
          assertTrue(now.equals(oldCells) || now.equals(newCells), where + ": neither graph whole: " + now);
          outcomes.add(now.equals(oldCells) ? "old" : "new");
          assertEquals(tables, new TreeSet<>(store.tables()), where + ": no temporary left");
          GraphalyticsDriver.Loaded next = GraphalyticsDriver.load(store, oldBase, "g", false, () -> false);
          assertEquals(now.equals(newCells), next.fresh(), where + ": the old graph is reused where it was left");
          assertEquals(oldCells, cells(store), where);
          if (!crashing.fired()) {
            break;
          }
        }
        int firstNew = outcomes.indexOf("new");
        assertTrue(firstNew > 0 && outcomes.subList(firstNew, outcomes.size()).stream().allMatch("new"::equals),
            outcomes.toString());
      }
    }
  }

  /** The cells of graph g's three tables, as 'row column value'. */
  private static Map<String, List<String>> cells(Store store) {
    Map<String, List<String>> m = new TreeMap<>();
    for (String t : List.of("g", "g_vertices", "g_dataset")) {
      m.put(t, !store.exists(t) ? null : store.scanAll(t, tabulo.storage.ScanSpec.all()).stream()
          .map(e -> e.getKey().getRow() + " " + e.getKey().getColumnQualifier() + " " + e.getValue()).toList());
    }
    return m;
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
