package tabulo.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.bench.AlgorithmsBaseline.Csr;
import tabulo.bench.UndirectedBaseline.Sparse;
import tabulo.embedded.EmbeddedStore;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * The baselines of {@code bench algorithms} on a hand-worked graph, the check catching a wrong cell, and
 * a whole run on a small Graph500 graph whose every result agrees with its baseline.
 */
class AlgorithmsBaselineTest {
  @TempDir
  Path dir;

  // a -> b, b -> c, c -> a, c -> d, d -> c (a duplicate of c - d), e -> e (a self-loop only), f -> g
  // undirected: triangle a b c; pendant d on c; e alone; f - g.
  private static void writeGraph(Store store, String table) {
    store.create(table, TableSettings.defaults());
    try (TableWriter w = store.writer(table)) {
      for (String[] e : new String[][] {{"a", "b"}, {"b", "c"}, {"c", "a"}, {"c", "d"}, {"d", "c"}, {"e", "e"},
          {"f", "g"}}) {
        Mutation m = new Mutation(e[0]);
        m.put("", e[1], "1");
        w.addMutation(m);
      }
    }
  }

  @Test
  void baselinesOnAHandWorkedGraph() throws Exception {
    try (Store store = EmbeddedStore.open(dir.resolve("db"), "root")) {
      writeGraph(store, "G");
      Csr g = AlgorithmsBaseline.read(store, "G");
      assertArrayEquals(new String[] {"a", "b", "c", "d", "e", "f", "g"}, g.keys());
      // components: smallest key of each: a b c d -> a; e -> e; f g -> f
      int[] label = AlgorithmsBaseline.components(g);
      assertArrayEquals(new int[] {0, 0, 0, 0, 4, 5, 5}, label);
      // BFS from b over the edges as stored: b 0, c 1, a 2, d 2; e f g unreached
      assertArrayEquals(new int[] {2, 0, 1, 2, -1, -1, -1}, AlgorithmsBaseline.bfs(g, 1));
      Csr a = UndirectedBaseline.undirected(g);
      assertEquals(1, UndirectedBaseline.triangles(a));
      // Jaccard: N(a) = {b,c}, N(b) = {a,c}, N(c) = {a,b,d}, N(d) = {c}, N(f) = {g}, N(g) = {f}
      Sparse j = UndirectedBaseline.jaccard(a);
      assertEquals(1.0 / 3, at(j, 0, 1)); // {c} / {a,b,c}
      assertEquals(1.0 / 4, at(j, 0, 2)); // {b} / {a,b,c,d}
      assertEquals(1.0 / 2, at(j, 0, 3)); // {c} / {b,c}
      assertEquals(1.0 / 4, at(j, 1, 2)); // {a} / {a,b,c,d}
      assertEquals(1.0 / 2, at(j, 1, 3)); // {c} / {a,c}
      assertEquals(Double.NaN, at(j, 2, 3)); // c and d share no neighbour
      assertEquals(5, j.offsets()[j.offsets().length - 1]);
      assertEquals(5, ResultCheck.sparse(j).cells());
      // 3-truss: the triangle's six directed edges, each in one triangle; d, f - g dropped
      Sparse t = UndirectedBaseline.kTruss(a, 3);
      assertEquals(1.0, at(t, 0, 1));
      assertEquals(1.0, at(t, 2, 0));
      assertEquals(Double.NaN, at(t, 2, 3));
      assertEquals(Double.NaN, at(t, 5, 6));
      // PageRank: ranks sum to 1
      double sum = 0;
      for (double r : AlgorithmsBaseline.pageRank(g, 0.85, 20)) {
        sum += r;
      }
      assertEquals(1.0, sum, 1e-12);
    }
  }

  @Test
  void theCheckNamesAWrongCellAMissingOneAndAnExtraOne() throws Exception {
    try (Store store = EmbeddedStore.open(dir.resolve("db"), "root")) {
      writeGraph(store, "G");
      Csr g = AlgorithmsBaseline.read(store, "G");
      double[] expected = {0, 1, 2, 3, 4, 5, 6};
      store.create("OUT", TableSettings.defaults());
      try (TableWriter w = store.writer("OUT")) {
        for (int v = 0; v < 7; v++) {
          Mutation m = new Mutation(g.keys()[v]);
          m.put("", "x", Double.toString(expected[v]));
          w.addMutation(m);
        }
      }
      assertNull(ResultCheck.numbers(store, "OUT", g, false, ResultCheck.vector(expected)));
      expected[3] = 3.5;
      assertNotNull(ResultCheck.numbers(store, "OUT", g, false, ResultCheck.vector(expected)));
      expected[3] = 3;
      expected[6] = Double.NaN; // the table has a cell the baseline has not
      assertNotNull(ResultCheck.numbers(store, "OUT", g, false, ResultCheck.vector(expected)));
      assertNotNull(ResultCheck.labels(store, "OUT", g, new int[7]));
      assertNotNull(ResultCheck.count(44, 45));
    }
  }

  @Test
  void everyAlgorithmAgreesWithItsBaselineOnASmallGraph() throws Exception {
    try (Store store = EmbeddedStore.open(dir.resolve("db"), "root")) {
      List<AlgorithmsBenchmark.Row> rows = AlgorithmsBenchmark.run(store, 5, null, 2, 2,
          new PrintStream(OutputStream.nullOutputStream()));
      assertEquals(AlgorithmsBenchmark.algorithms().size(), rows.size());
      for (AlgorithmsBenchmark.Row r : rows) {
        assertNull(r.mismatch(), r.algorithm());
      }
    }
  }

  /**
   * The baseline's k-truss (which stops after a round that drops only edges in no triangle) against peeling
   * by brute force until no edge is below k-2 triangles, on random graphs dense enough that k = 4 and 5
   * peel in several rounds.
   */
  @Test
  void kTrussMatchesPeelingByBruteForce() {
    java.util.Random random = new java.util.Random(7);
    for (int graph = 0; graph < 20; graph++) {
      int n = 12 + random.nextInt(20);
      java.util.Set<Long> edges = new java.util.HashSet<>();
      int m = n * (2 + random.nextInt(4));
      for (int i = 0; i < m; i++) {
        int u = random.nextInt(n);
        int v = random.nextInt(n);
        if (u != v) {
          edges.add((long) Math.min(u, v) * n + Math.max(u, v));
        }
      }
      String[] keys = new String[n];
      int[] count = new int[n + 1];
      java.util.List<java.util.TreeSet<Integer>> adj = new java.util.ArrayList<>();
      for (int v = 0; v < n; v++) {
        keys[v] = String.format("v%03d", v);
        adj.add(new java.util.TreeSet<>());
      }
      for (long e : edges) {
        adj.get((int) (e / n)).add((int) (e % n));
        adj.get((int) (e % n)).add((int) (e / n));
      }
      int[] off = new int[n + 1];
      int[] targets = new int[2 * edges.size()];
      for (int v = 0, p = 0; v < n; v++) {
        off[v] = p;
        for (int w : adj.get(v)) {
          targets[p++] = w;
        }
        off[v + 1] = p;
      }
      Csr a = new Csr(keys, off, targets);
      for (int k = 3; k <= 5; k++) {
        java.util.List<java.util.TreeSet<Integer>> left = new java.util.ArrayList<>();
        adj.forEach(s -> left.add(new java.util.TreeSet<>(s)));
        boolean peeled = true;
        while (peeled) {
          peeled = false;
          for (int u = 0; u < n; u++) {
            for (int v : new java.util.ArrayList<>(left.get(u))) {
              if (common(left, u, v) < k - 2) {
                left.get(u).remove(v);
                left.get(v).remove(u);
                peeled = true;
              }
            }
          }
        }
        Sparse t = UndirectedBaseline.kTruss(a, k);
        for (int u = 0; u < n; u++) {
          for (int v : adj.get(u)) {
            double expected = left.get(u).contains(v) ? common(left, u, v) : Double.NaN;
            assertEquals(expected, at(t, u, v), "graph " + graph + " k=" + k + " edge " + u + "-" + v);
          }
        }
      }
    }
  }

  private static int common(java.util.List<java.util.TreeSet<Integer>> adj, int u, int v) {
    int c = 0;
    for (int w : adj.get(u)) {
      c += adj.get(v).contains(w) ? 1 : 0;
    }
    return c;
  }

  private static double at(Sparse s, int row, int col) {
    return ResultCheck.sparse(s).at(row, col);
  }
}
