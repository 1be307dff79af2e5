package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
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

/** The k-truss against brute force: peel edges in fewer than k-2 triangles until none is left to peel. */
public class KTrussTest {
  @TempDir
  Path dir;

  /** Every truss edge, both directions, valued with its triangles in the truss. */
  static Map<String, Double> oracle(Map<String, TreeSet<String>> adj, int k) {
    boolean peeled = true;
    while (peeled) {
      peeled = false;
      for (String u : adj.keySet()) {
        for (String v : new ArrayList<>(adj.get(u))) {
          if (support(adj, u, v) < k - 2) {
            adj.get(u).remove(v);
            adj.get(v).remove(u);
            peeled = true;
          }
        }
      }
    }
    Map<String, Double> truss = new TreeMap<>();
    adj.forEach((u, n) -> n.forEach(v -> truss.put(u + " " + v, (double) support(adj, u, v))));
    return truss;
  }

  private static long support(Map<String, TreeSet<String>> adj, String u, String v) {
    return adj.get(u).stream().filter(w -> adj.get(v).contains(w)).count();
  }

  public static void checkAll(Store store, String prefix, List<Authorizations> readers, Set<String> graphs, int... ks) {
    checkAll(store, prefix, true, readers, graphs, ks);
  }

  /** The checks; {@code inMemory}: whether the session may hold an unlabelled graph in memory. */
  public static void checkAll(Store store, String prefix, boolean inMemory, List<Authorizations> readers,
      Set<String> graphs, int... ks) {
    GraphOracle.cases(new Random(10), graphs).forEach((name, edges) -> {
      GraphOracle.write(store, prefix + name, edges);
      for (Authorizations reader : readers) {
        for (int k : ks) {
          String out = prefix + name + "_k" + k + reader.toString().replace(",", "");
          List<Long> removed = new ArrayList<>();
          try (Session s = Session.open(store).auths(reader).unitEntries(3).inMemory(inMemory)) {
            KTruss.run(s.matrix(prefix + name), Target.table(out),
                KTruss.Options.defaults().k(k).listener((i, gone) -> removed.add(Math.round(gone))));
          }
          assertEquals(oracle(GraphOracle.adjacency(edges, reader), k), GraphOracle.read(store, out, reader, true),
              name + " k=" + k + " " + reader);
          if (k == 3) { // one iteration: it removes only edges in no triangle, which changes no other's count
            assertEquals(1, removed.size(), name + " k=3 " + reader);
          } else {
            assertEquals(0L, removed.get(removed.size() - 1), "the last iteration removes nothing");
          }
        }
      }
    });
  }

  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void matchesBruteForceForEveryReader(boolean inMemory) {
    try (Store store = GraphOracle.open(dir)) {
      checkAll(store, "K_", inMemory, GraphOracle.READERS, GraphOracle.ALL_GRAPHS, 3, 4);
    }
  }

  @Test
  void kBelow3IsAnError() {
    try (Store store = GraphOracle.open(dir)) {
      GraphOracle.write(store, "g", GraphOracle.small());
      try (Session s = Session.open(store)) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> KTruss.run(s.matrix("g"), Target.table("out"), KTruss.Options.defaults().k(2)));
        assertTrue(e.getMessage().contains("at least 3"), e.getMessage());
      }
      assertTrue(!store.exists("out"));
    }
  }
}
