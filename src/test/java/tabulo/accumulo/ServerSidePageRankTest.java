package tabulo.accumulo;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;

import tabulo.algorithms.PageRankTest;

/**
 * PageRank with its kernels inside the tablet servers of the shared MiniAccumuloCluster, against the same
 * power iteration over maps as on the embedded engine: the hand-made graph with dangling vertices, the
 * visibility case, six iterations in tables each against the oracle's sixth iterate (the rounds after
 * the first ones reuse emptied temporaries; the converged runs and the errors are PageRankTest's, on the
 * embedded engine).
 */
class ServerSidePageRankTest {
  @Test
  void matchesThePowerIterationInTheTabletServers() {
    AccumuloStore store = MiniAccumulo.store();
    Authorizations saved = store.authorizations("root");
    store.setAuthorizations("root", new Authorizations("secret"));
    try {
      // in tables, enough rounds that later ones reuse the emptied temporaries of earlier ones
      PageRankTest.checkIterations(store, "SSPR_", 6, false);
    } finally {
      store.setAuthorizations("root", saved);
    }
  }
}
