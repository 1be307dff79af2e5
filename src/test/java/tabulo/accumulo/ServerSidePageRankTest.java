package tabulo.accumulo;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;

import tabulo.algorithms.PageRankTest;

/**
 * PageRank with its kernels inside the tablet servers of the shared MiniAccumuloCluster, against the same
 * power iteration over maps as on the embedded engine: the hand-made graph with dangling vertices, the
 * visibility case, two iterations each against the oracle's second iterate (every kernel run costs
 * about a second here; the converged runs and the errors are PageRankTest's, on the embedded engine).
 */
class ServerSidePageRankTest {
  @Test
  void matchesThePowerIterationInTheTabletServers() {
    AccumuloStore store = MiniAccumulo.store();
    Authorizations saved = store.authorizations("root");
    store.setAuthorizations("root", new Authorizations("secret"));
    try {
      PageRankTest.checkIterations(store, "SSPR_", 2);
    } finally {
      store.setAuthorizations("root", saved);
    }
  }
}
