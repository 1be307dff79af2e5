package tabulo.graphalytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.Store;
import tabulo.storage.TableWriter;

/**
 * The graph's image that a load keeps beside G is never used stale: a run after a put to G, a delete of
 * one of its cells or a compaction computes what the oracle computes on the graph as it is now.
 */
class GraphalyticsImageTest {
  @TempDir
  Path dir;

  @Test
  void aRunAfterAChangeToGSeesTheChange() throws IOException {
    try (Store store = GraphalyticsTest.open(dir)) {
      String base = GraphalyticsTest.write(dir, "sparse", true, GraphalyticsTest.VERTICES, GraphalyticsTest.EDGES,
          1, 3);
      GraphalyticsDriver.Loaded loaded = GraphalyticsDriver.load(store, base, null, false, () -> false);
      String g = loaded.graph().edges();
      assertTrue(Files.exists(store.sideFile(g, "resident-graph")), "the load keeps G's image");
      List<LdbcOracle.Edge> edges = edges();
      check(store, base, edges, "as loaded");

      put(store, g, "5", "42", "0.25"); // 5 was a sink, 42 had no edge
      edges.add(new LdbcOracle.Edge(5, 42, 0.25));
      check(store, base, edges, "after a put");

      put(store, g, "1", "10", "9"); // a shorter way became longer
      edges.replaceAll(e -> e.src() == 1 && e.dst() == 10 ? new LdbcOracle.Edge(1, 10, 9) : e);
      store.flush(g);
      check(store, base, edges, "after a put replacing a value, flushed");

      try (TableWriter w = store.writer(g)) {
        Mutation m = new Mutation("3");
        m.putDelete("", "9");
        w.addMutation(m);
      }
      edges.removeIf(e -> e.src() == 3 && e.dst() == 9);
      store.compact(g);
      check(store, base, edges, "after a delete, compacted");
    }
  }

  private static void put(Store store, String table, String row, String column, String value) {
    try (TableWriter w = store.writer(table)) {
      Mutation m = new Mutation(row);
      m.put("", column, value);
      w.addMutation(m);
    }
  }

  private static List<LdbcOracle.Edge> edges() {
    List<LdbcOracle.Edge> edges = new ArrayList<>();
    for (String e : GraphalyticsTest.EDGES.split(",")) {
      String[] f = e.split(" ");
      edges.add(new LdbcOracle.Edge(Long.parseLong(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2])));
    }
    return edges;
  }

  /** bfs, sssp, pr and wcc on the loaded graph, each against the oracle on {@code edges}. */
  private void check(Store store, String base, List<LdbcOracle.Edge> edges, String when) throws IOException {
    List<Long> vertices = new ArrayList<>();
    for (String v : GraphalyticsTest.VERTICES.split(" ")) {
      vertices.add(Long.parseLong(v));
    }
    LdbcOracle oracle = new LdbcOracle(vertices, edges, true);
    for (Algorithm a : List.of(Algorithm.BFS, Algorithm.SSSP, Algorithm.PR, Algorithm.WCC)) {
      Path out = dir.resolve(a.label());
      RunReport r = GraphalyticsTest.run(store, base, a, out, null, false);
      assertEquals(false, r.loadedNow(), "the loaded graph is reused: " + a);
      Map<Long, String> got = GraphalyticsTest.read(out);
      Map<Long, ?> want = switch (a) {
        case BFS -> oracle.bfs(1);
        case SSSP -> oracle.sssp(3);
        case PR -> oracle.pr(0.85, 3);
        case WCC -> oracle.wcc();
        default -> throw new IllegalStateException();
      };
      assertEquals(want.size(), got.size(), a + " " + when);
      for (Map.Entry<Long, ?> e : want.entrySet()) {
        String what = a + " " + when + ", vertex " + e.getKey();
        String have = got.get(e.getKey());
        if (a == Algorithm.WCC) {
          continue; // labels compared as a partition below
        }
        if (e.getValue() instanceof Long x) {
          assertEquals(Long.toString(x), have, what);
        } else {
          assertEquals((Double) e.getValue(), Double.parseDouble(have), 1e-12, what);
        }
      }
      if (a == Algorithm.WCC) {
        for (long u : vertices) {
          for (long v : vertices) {
            assertEquals(want.get(u).equals(want.get(v)), got.get(u).equals(got.get(v)),
                "wcc " + when + ": " + u + " and " + v + " in one component");
          }
        }
      }
    }
  }
}
