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

/** Local clustering coefficient against brute force (linked pairs of neighbours / all pairs), per reader. */
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

  @Test
  void matchesBruteForceForEveryReader() {
    try (Store store = GraphOracle.open(dir)) {
      checkAll(store, "C_", GraphOracle.READERS, GraphOracle.ALL_GRAPHS);
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
