package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Store;

/**
 * Local clustering coefficient against brute force (linked pairs of neighbours / all pairs), per reader; directed
 * (LDBC Graphalytics' LCC) against a count of the directed edges among in- and out-neighbours, and LDBC's
 * published output for its example-directed graph.
 */
public class ClusteringTest {
  @TempDir
  Path dir;

  /** lcc(v) for every vertex with a neighbour: 0 without triangles (degree below 2 included). */
  static Map<String, Double> oracle(Map<String, TreeSet<String>> adj) {
    Map<String, Double> triangles = GraphOracle.trianglesPerVertex(adj);
    Map<String, Double> lcc = new TreeMap<>();
    adj.forEach((v, n) -> {
      double d = n.size();
      lcc.put(v, triangles.containsKey(v) ? 2 * triangles.get(v) / (d * (d - 1)) : 0.0);
    });
    return lcc;
  }

  /**
   * Directed lcc(v) for every vertex with a neighbour: N(v) = in- and out-neighbours but v, lcc = the edges u → w
   * between members of N(v) / (|N(v)|(|N(v)|-1)), 0 where there are none.
   */
  static Map<String, Double> directedOracle(List<GraphOracle.Edge> edges, Authorizations reader) {
    Map<String, TreeSet<String>> both = GraphOracle.adjacency(edges, reader);
    Set<String> arcs = new TreeSet<>(); // the edges the reader sees, self-loops aside
    for (GraphOracle.Edge e : edges) {
      if (GraphOracle.adjacency(List.of(e), reader).containsKey(e.from())) {
        arcs.add(e.from() + "\0" + e.to());
      }
    }
    Map<String, Double> lcc = new TreeMap<>();
    both.forEach((v, n) -> {
      long links = 0;
      for (String u : n) {
        for (String w : n) {
          links += arcs.contains(u + "\0" + w) ? 1 : 0;
        }
      }
      double d = n.size();
      lcc.put(v, links == 0 ? 0.0 : links / (d * (d - 1)));
    });
    return lcc;
  }

  /** Directed lcc for each reader and graph named, as {@link #checkAll} does undirected. */
  public static void checkDirected(Store store, String prefix, List<Authorizations> readers, Set<String> graphs) {
    GraphOracle.cases(new Random(8), graphs).forEach((name, edges) -> {
      GraphOracle.write(store, prefix + name, edges);
      for (Authorizations reader : readers) {
        String out = prefix + name + "_dlcc" + reader.toString().replace(",", "");
        try (Session s = Session.open(store).auths(reader).unitEntries(3)) {
          Clustering.run(s.matrix(prefix + name), Target.table(out), Clustering.Options.defaults().directed(true));
        }
        Map<String, Double> expected = directedOracle(edges, reader);
        Map<String, Double> got = GraphOracle.read(store, out, reader, false);
        assertEquals(expected.keySet(), got.keySet(), name + " " + reader);
        expected.forEach((v, x) -> assertEquals(x, got.get(v), 1e-12, name + " " + reader + " " + v));
      }
    });
  }

  public static void checkAll(Store store, String prefix, List<Authorizations> readers, Set<String> graphs) {
    GraphOracle.cases(new Random(8), graphs).forEach((name, edges) -> {
      GraphOracle.write(store, prefix + name, edges);
      for (Authorizations reader : readers) {
        String out = prefix + name + "_lcc" + reader.toString().replace(",", "");
        try (Session s = Session.open(store).auths(reader).unitEntries(3)) {
          Clustering.run(s.matrix(prefix + name), Target.table(out), Clustering.Options.defaults());
        }
        assertEquals(oracle(GraphOracle.adjacency(edges, reader)), GraphOracle.read(store, out, reader, false),
            name + " " + reader);
      }
    });
  }

  /**
   * Random unlabelled graphs (one with a hub linked to most vertices, so that the order by degree matters)
   * held in memory, undirected and directed, against the brute-force counts; one write, no table round
   * (the labelled graph of {@link #checkAll} is computed in tables).
   */
  @Test
  void unlabelledGraphsHeldInMemory() {
    try (Store store = GraphOracle.open(dir)) {
      Random rnd = new Random(31);
      for (int g = 0; g < 3; g++) {
        List<GraphOracle.Edge> edges = new java.util.ArrayList<>(GraphOracle.random(rnd, 25, 3 + 2 * g, ""));
        if (g == 2) {
          for (int v = 0; v < 25; v += 1 + rnd.nextInt(2)) {
            edges.add(rnd.nextBoolean() ? new GraphOracle.Edge("hub", "v" + v, "", 1)
                : new GraphOracle.Edge("v" + v, "hub", "", 1));
          }
        }
        GraphOracle.write(store, "U" + g, edges);
        for (boolean directed : new boolean[] {false, true}) {
          String out = "U" + g + (directed ? "_dlcc" : "_lcc");
          List<Integer> runs = new java.util.ArrayList<>();
          try (Session s = Session.open(store).onRunEnd(k -> runs.add(1))) {
            Clustering.run(s.matrix("U" + g), Target.table(out), Clustering.Options.defaults().directed(directed));
          }
          assertEquals(1, runs.size(), "over the arrays: one write");
          Map<String, Double> expected = directed ? directedOracle(edges, new Authorizations())
              : oracle(GraphOracle.adjacency(edges, new Authorizations()));
          Map<String, Double> got = GraphOracle.read(store, out, new Authorizations(), false);
          assertEquals(expected.keySet(), got.keySet(), out);
          expected.forEach((v, x) -> assertEquals(x, got.get(v), directed ? 1e-12 : 0, out + " " + v));
        }
      }
    }
  }

  @Test
  void matchesBruteForceForEveryReader() {
    try (Store store = GraphOracle.open(dir)) {
      checkAll(store, "C_", GraphOracle.READERS, GraphOracle.ALL_GRAPHS);
    }
  }

  @Test
  void directedMatchesBruteForceForEveryReader() {
    try (Store store = GraphOracle.open(dir)) {
      checkDirected(store, "D_", GraphOracle.READERS, GraphOracle.ALL_GRAPHS);
    }
  }

  /** LDBC Graphalytics' example-directed graph: its published LCC output (vertices with a neighbour). */
  @Test
  void directedLdbcExampleIsThePublishedOne() {
    String[] arcs = "1 3,1 5,2 4,2 5,2 10,3 1,3 5,3 8,3 10,5 3,5 4,5 8,6 3,6 4,7 4,8 1,9 4".split(",");
    List<GraphOracle.Edge> edges = new java.util.ArrayList<>();
    for (String a : arcs) {
      edges.add(new GraphOracle.Edge(a.split(" ")[0], a.split(" ")[1], "", 1));
    }
    double[] published = {0.6666666666666666, 0.1666666666666667, 0.15, 0.05, 0.25, 0, 0, 0.8333333333333334, 0, 0};
    try (Store store = GraphOracle.open(dir)) {
      GraphOracle.write(store, "ldbc", edges);
      try (Session s = Session.open(store)) {
        Clustering.run(s.matrix("ldbc"), Target.table("lcc"), Clustering.Options.defaults().directed(true));
      }
      Map<String, Double> lcc = GraphOracle.read(store, "lcc", new Authorizations(), false);
      assertEquals(10, lcc.size());
      for (int v = 1; v <= 10; v++) {
        assertEquals(published[v - 1], lcc.get(Integer.toString(v)), 1e-4 * published[v - 1], "vertex " + v);
      }
    }
  }

  @Test
  void karateClubAverageIsThePublishedOne() {
    try (Store store = GraphOracle.open(dir)) {
      GraphOracle.write(store, "karate", GraphOracle.karate());
      try (Session s = Session.open(store)) {
        Clustering.run(s.matrix("karate"), Target.table("lcc"), Clustering.Options.defaults());
      }
      Map<String, Double> lcc = GraphOracle.read(store, "lcc", new Authorizations(), false);
      assertEquals(34, lcc.size());
      // NetworkX: average_clustering(karate_club_graph()) = 0.5706384782076823
      assertEquals(0.5706384782076823, lcc.values().stream().mapToDouble(Double::doubleValue).average().orElse(0),
          1e-12);
    }
  }
}
