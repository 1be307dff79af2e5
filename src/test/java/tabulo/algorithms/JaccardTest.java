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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Store;

/** Jaccard similarity against brute force: every pair u &lt; v, its neighbour sets intersected and joined. */
public class JaccardTest {
  @TempDir
  Path dir;

  static Map<String, Double> oracle(Map<String, TreeSet<String>> adj) {
    Map<String, Double> j = new TreeMap<>();
    for (String u : adj.keySet()) {
      for (String v : adj.keySet()) {
        if (u.compareTo(v) >= 0) {
          continue;
        }
        TreeSet<String> inter = new TreeSet<>(adj.get(u));
        inter.retainAll(adj.get(v));
        TreeSet<String> union = new TreeSet<>(adj.get(u));
        union.addAll(adj.get(v));
        if (!inter.isEmpty()) {
          j.put(u + " " + v, (double) inter.size() / union.size());
        }
      }
    }
    return j;
  }

  public static void checkAll(Store store, String prefix, List<Authorizations> readers, Set<String> graphs) {
    checkAll(store, prefix, true, readers, graphs);
  }

  /** The checks; {@code inMemory}: whether the session may hold an unlabelled graph in memory. */
  public static void checkAll(Store store, String prefix, boolean inMemory, List<Authorizations> readers,
      Set<String> graphs) {
    GraphOracle.cases(new Random(9), graphs).forEach((name, edges) -> {
      GraphOracle.write(store, prefix + name, edges);
      for (Authorizations reader : readers) {
        String out = prefix + name + "_j" + reader.toString().replace(",", "");
        try (Session s = Session.open(store).auths(reader).unitEntries(3).inMemory(inMemory)) {
          Jaccard.run(s.matrix(prefix + name), Target.table(out), Jaccard.Options.defaults());
        }
        assertEquals(oracle(GraphOracle.adjacency(edges, reader)), GraphOracle.read(store, out, reader, true),
            name + " " + reader);
      }
    });
  }

  /**
   * The fused kernel against the unfused composition (its oracle) on larger random graphs, labelled, split
   * in several tablets, read by every reader; values compared as read by that reader.
   */
  @Test
  void fusedMatchesTheComposition() {
    try (Store store = GraphOracle.open(dir)) {
      Random rnd = new Random(12);
      for (int n : new int[] {40, 90}) {
        List<GraphOracle.Edge> edges = GraphOracle.random(rnd, n, 9, "", "", "", "red", "blue", "red&blue", "red|blue");
        String g = "JF_" + n;
        GraphOracle.write(store, g, edges, "v2", "v33", "v6");
        for (Authorizations reader : GraphOracle.READERS) {
          String tag = g + "_" + reader.toString().replace(",", "");
          try (Session s = Session.open(store).auths(reader)) {
            Jaccard.run(s.matrix(g), Target.table(tag + "_fused"), Jaccard.Options.defaults());
            ComposedJaccard.run(s.matrix(g), Target.table(tag + "_composed"));
          }
          Map<String, Double> composed = GraphOracle.read(store, tag + "_composed", reader, true);
          Map<String, Double> fused = GraphOracle.read(store, tag + "_fused", reader, true);
          assertEquals(composed.keySet(), fused.keySet(), tag);
          composed.forEach((k, v) -> assertEquals(v, fused.get(k), 1e-12, tag + " " + k));
          assertEquals(oracle(GraphOracle.adjacency(edges, reader)).size(), fused.size(), tag);
        }
      }
    }
  }

  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void matchesBruteForceForEveryReader(boolean inMemory) {
    try (Store store = GraphOracle.open(dir)) {
      checkAll(store, "J_", inMemory, GraphOracle.READERS, GraphOracle.ALL_GRAPHS);
    }
  }
}
