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
    GraphOracle.cases(new Random(9), graphs).forEach((name, edges) -> {
      GraphOracle.write(store, prefix + name, edges);
      for (Authorizations reader : readers) {
        String out = prefix + name + "_j" + reader.toString().replace(",", "");
        try (Session s = Session.open(store).auths(reader).unitEntries(3)) {
          Jaccard.run(s.matrix(prefix + name), Target.table(out));
        }
        assertEquals(oracle(GraphOracle.adjacency(edges, reader)), GraphOracle.read(store, out, reader, true),
            name + " " + reader);
      }
    });
  }

  @Test
  void matchesBruteForceForEveryReader() {
    try (Store store = GraphOracle.open(dir)) {
      checkAll(store, "J_", GraphOracle.READERS, GraphOracle.ALL_GRAPHS);
    }
  }
}
