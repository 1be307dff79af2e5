package tabulo.accumulo;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;

import tabulo.algorithms.BfsTest;
import tabulo.algorithms.ComponentsTest;
import tabulo.algorithms.DegreesTest;
import tabulo.algorithms.EdgeBfsTest;
import tabulo.algorithms.LabelPropagationTest;
import tabulo.algorithms.ShortestPathsTest;

/**
 * Degrees, BFS (with parents, and EdgeBFS on an incidence table), components and shortest paths with their kernels inside the tablet servers of the shared
 * MiniAccumuloCluster, against the same brute-force oracles as on the embedded engine, for a reader with fewer labels and
 * fewer cases (each kernel run costs seconds here; the embedded tests do them all).
 */
class ServerSidePathsTest {
  @Test
  void matchBruteForceInTheTabletServers() {
    withLabels(store -> {
      DegreesTest.checkAll(store, "SSPD_", new Random(31), false);
      BfsTest.checkAll(store, "SSPB_", new Random(32), false);
      ShortestPathsTest.checkAll(store, "SSPS_", new Random(33), false);
      ComponentsTest.checkAll(store, "SSPC_", new Random(34), false);
    });
  }

  /** bfs --parents: min.second over ranks, in the tablet servers. */
  @Test
  void bfsParentsInTheTabletServers() {
    withLabels(store -> BfsTest.checkParents(store, "SSPP_", new Random(35), false));
  }

  /** bfs --incidence: EdgeBFS over Tedge with TedgeT and TedgeDeg, in the tablet servers; and its refusals. */
  @Test
  void edgeBfsInTheTabletServers() {
    withLabels(store -> {
      EdgeBfsTest.checkAll(store, "SSPE_", new Random(36), false);
      EdgeBfsTest.checkRefusals(store, "SSPR_");
    });
  }

  /** cdlp in tables on the tablet servers: LDBC's directed example, and sparse 64-bit ids undirected. */
  @Test
  void labelPropagationInTheTabletServers() {
    LabelPropagationTest.checkAll(MiniAccumulo.store(), "SSPL_", Set.of("ldbcDirected", "idsUndirected"), false);
  }

  /** Runs {@code checks} with root holding the test graphs' labels too, as before afterwards. */
  private static void withLabels(Consumer<AccumuloStore> checks) {
    AccumuloStore store = MiniAccumulo.store();
    Authorizations saved = store.authorizations("root");
    Set<String> labels = new HashSet<>(List.of("red", "blue"));
    saved.getAuthorizations().forEach(b -> labels.add(new String(b, java.nio.charset.StandardCharsets.UTF_8)));
    store.setAuthorizations("root", new Authorizations(labels.toArray(new String[0])));
    try {
      checks.accept(store);
    } finally {
      store.setAuthorizations("root", saved);
    }
  }
}
