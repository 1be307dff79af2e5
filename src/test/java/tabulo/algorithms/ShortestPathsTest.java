package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.math.DecimalCodec;
import tabulo.ops.Matrices;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Bellman-Ford distances against Dijkstra over adjacency sets (positive weights, every reader's view), a
 * hand-worked graph with a negative edge, a negative cycle (an error, nothing written), a missing source
 * and a non-numeric weight (errors naming the table, row and column).
 */
public class ShortestPathsTest {
  private static final ShortestPaths.Options DEFAULTS = ShortestPaths.Options.defaults();

  @TempDir
  Path dir;

  public static void checkAll(Store store, String prefix, Random rnd) {
    checkAll(store, prefix, rnd, true);
  }

  /** The checks on any store; {@code full} false: one reader with fewer labels and fewer cases (a kernel run costs seconds on Accumulo). */
  public static void checkAll(Store store, String prefix, Random rnd, boolean full) {
    List<TestGraphs.Edge> edges = TestGraphs.random(rnd, 30, 70);
    TestGraphs.write(store, prefix + "G", edges);
    int n = 0;
    for (Authorizations reader : full ? List.of(new Authorizations("red", "blue"), new Authorizations("blue"))
        : List.of(new Authorizations("blue"))) {
      Map<String, Map<String, Double>> adj = TestGraphs.adjacency(TestGraphs.visible(edges, reader), false);
      for (String from : full ? List.of("alice0", "zed", "zoe") : List.of("alice0")) {
        String out = prefix + "SP" + (n++);
        try (Session s = Session.open(store).auths(reader)) {
          ShortestPaths.run(s.matrix(prefix + "G"), Target.table(out), DEFAULTS.from(from));
        }
        assertEquals(TestGraphs.vector(dijkstra(adj, from), "distance"), Matrices.read(store, out), from + ", " + reader);
      }
    }
    // by hand: a -1-> b -(-2)-> c, a -5-> c, c -0.5-> d: d(c) = -1, d(d) = -0.5 (the negative edge wins)
    put(store, prefix + "NEG", new String[][] {{"a", "b", "1"}, {"b", "c", "-2"}, {"a", "c", "5"}, {"c", "d", "0.5"}});
    try (Session s = Session.open(store)) {
      ShortestPaths.run(s.matrix(prefix + "NEG"), Target.table(prefix + "NEGD"), DEFAULTS.from("a"));
    }
    assertEquals(TestGraphs.vector(Map.of("a", 0.0, "b", 1.0, "c", -1.0, "d", -0.5), "distance"),
        Matrices.read(store, prefix + "NEGD"));

    if (!full) {
      return;
    }
    put(store, prefix + "CYC", new String[][] {{"a", "b", "1"}, {"b", "c", "-2"}, {"c", "a", "0.5"}, {"x", "y", "1"}});
    try (Session s = Session.open(store)) {
      Exception e = assertThrows(RuntimeException.class,
          () -> ShortestPaths.run(s.matrix(prefix + "CYC"), Target.table(prefix + "CYCD"), DEFAULTS.from("a")));
      assertTrue(e.getMessage().contains("negative cycle"), e.getMessage());
      // unreachable from x: no error
      ShortestPaths.run(s.matrix(prefix + "CYC"), Target.table(prefix + "CYCX"), DEFAULTS.from("x"));
      e = assertThrows(RuntimeException.class,
          () -> ShortestPaths.run(s.matrix(prefix + "CYC"), Target.table(prefix + "NOBODY"), DEFAULTS.from("nobody")));
      assertTrue(e.getMessage().contains("--from=nobody is no vertex of " + prefix + "CYC"), e.getMessage());
    }
    assertFalse(store.exists(prefix + "CYCD"));
    assertEquals(TestGraphs.vector(Map.of("x", 0.0, "y", 1.0), "distance"), Matrices.read(store, prefix + "CYCX"));

    put(store, prefix + "TXT", new String[][] {{"a", "b", "1"}, {"b", "c", "far"}});
    try (Session s = Session.open(store)) {
      Exception e = assertThrows(RuntimeException.class,
          () -> ShortestPaths.run(s.matrix(prefix + "TXT"), Target.table(prefix + "TXTD"), DEFAULTS.from("a")));
      assertTrue(e.getMessage().contains(prefix + "TXT") && e.getMessage().contains("far"), e.getMessage());
    }
    assertFalse(store.exists(prefix + "TXTD"));
  }

  static void put(Store store, String table, String[][] edges) {
    store.create(table, TableSettings.defaults());
    try (TableWriter w = store.writer(table)) {
      for (String[] e : edges) {
        Mutation m = new Mutation(e[0]);
        m.put("", e[1], e[2]);
        w.addMutation(m);
      }
    }
  }

  /** Dijkstra over non-negative weights. */
  static Map<String, Double> dijkstra(Map<String, Map<String, Double>> adj, String from) {
    Map<String, Double> dist = new TreeMap<>();
    if (!adj.containsKey(from)) {
      return dist;
    }
    PriorityQueue<Map.Entry<String, Double>> queue = new PriorityQueue<>(Map.Entry.comparingByValue());
    queue.add(Map.entry(from, 0.0));
    while (!queue.isEmpty()) {
      Map.Entry<String, Double> top = queue.poll();
      if (dist.containsKey(top.getKey())) {
        continue;
      }
      dist.put(top.getKey(), top.getValue());
      adj.get(top.getKey()).forEach((v, w) -> {
        if (!dist.containsKey(v)) {
          queue.add(Map.entry(v, top.getValue() + w));
        }
      });
    }
    return dist;
  }

  /**
   * An unlabelled graph with real weights (a zero weight, a self-loop, a key only a target) held in memory
   * (the labelled graphs above are computed in tables), against Dijkstra from several sources; the
   * hand-worked negative edge, a negative cycle (an error, nothing written) and a missing source; one
   * write, no table round. A value that is no number is computed in tables (checkAll's TXT).
   */
  @Test
  void anUnlabelledGraphHeldInMemory() {
    try (Store store = DegreesTest.open(dir)) {
      Random rnd = new Random(27);
      List<TestGraphs.Edge> edges = new java.util.ArrayList<>();
      for (TestGraphs.Edge e : TestGraphs.random(rnd, 40, 120)) {
        double w = rnd.nextInt(10) == 0 ? 0 : Double.parseDouble(DecimalCodec.format(rnd.nextDouble() * 3));
        edges.add(new TestGraphs.Edge(e.u(), e.v(), w, ""));
      }
      edges.add(new TestGraphs.Edge("alice0", "alice0", 0.5, ""));
      edges.add(new TestGraphs.Edge("bob1", "zz-only-a-target", 0.25, ""));
      TestGraphs.write(store, "G", edges);
      Map<String, Map<String, Double>> adj = TestGraphs.adjacency(edges, false);
      int n = 0;
      for (String from : List.of("alice0", "bob1", "zed", "zz-only-a-target")) {
        String out = "SP" + (n++);
        List<Long> runs = new java.util.ArrayList<>();
        List<Long> changes = new java.util.ArrayList<>();
        int rounds;
        try (Session s = Session.open(store).onRunEnd(k -> runs.add(1L))) {
          rounds = ShortestPaths.run(s.matrix("G"), Target.table(out),
              DEFAULTS.from(from).listener((i, c) -> changes.add(Math.round(c))));
        }
        assertEquals(TestGraphs.vector(dijkstra(adj, from), "distance"), Matrices.read(store, out), from);
        assertEquals(0, changes.get(changes.size() - 1), "the last round changes nothing");
        assertEquals(rounds, changes.size());
        assertEquals(1, runs.size(), "over the arrays: one write");
        try (Session s = Session.open(store).inMemory(false)) { // Bellman-Ford's rounds in tables
          assertEquals(ShortestPaths.run(s.matrix("G"), Target.table(out + "T"), DEFAULTS.from(from)), rounds,
              "Dijkstra's search over the arrays counts Bellman-Ford's rounds: " + from);
        }
      }
      put(store, "NEG", new String[][] {{"a", "b", "1"}, {"b", "c", "-2"}, {"a", "c", "5"}, {"c", "d", "0.5"}});
      put(store, "CYC", new String[][] {{"a", "b", "1"}, {"b", "c", "-2"}, {"c", "a", "0.5"}, {"x", "y", "1"}});
      try (Session s = Session.open(store)) {
        ShortestPaths.run(s.matrix("NEG"), Target.table("NEGD"), DEFAULTS.from("a"));
        Exception e = assertThrows(RuntimeException.class,
            () -> ShortestPaths.run(s.matrix("CYC"), Target.table("CYCD"), DEFAULTS.from("a")));
        assertTrue(e.getMessage().contains("negative cycle"), e.getMessage());
        e = assertThrows(RuntimeException.class,
            () -> ShortestPaths.run(s.matrix("CYC"), Target.table("NOBODY"), DEFAULTS.from("nobody")));
        assertTrue(e.getMessage().contains("--from=nobody is no vertex of CYC"), e.getMessage());
      }
      assertEquals(TestGraphs.vector(Map.of("a", 0.0, "b", 1.0, "c", -1.0, "d", -0.5), "distance"),
          Matrices.read(store, "NEGD"));
      assertFalse(store.exists("CYCD"));
      assertFalse(store.exists("NOBODY"));
    }
  }

  @Test
  void matchesDijkstraAndHandWorkedCases() {
    try (Store store = DegreesTest.open(dir)) {
      checkAll(store, "", new Random(23));
    }
  }
}
