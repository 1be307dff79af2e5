package tabulo.accumulo;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;

import tabulo.algorithms.BfsTest;
import tabulo.algorithms.ComponentsTest;
import tabulo.algorithms.DegreesTest;
import tabulo.algorithms.ShortestPathsTest;

/**
 * Degrees, BFS, components and shortest paths with their kernels inside the tablet servers of the shared
 * MiniAccumuloCluster, against the same brute-force oracles as on the embedded engine, for a reader with fewer labels and
 * fewer cases (each kernel run costs seconds here; the embedded tests do them all).
 */
class ServerSidePathsTest {
  @Test
  void matchBruteForceInTheTabletServers() {
    AccumuloStore store = MiniAccumulo.store();
    Authorizations saved = store.authorizations("root");
    Set<String> labels = new HashSet<>(List.of("red", "blue"));
    saved.getAuthorizations().forEach(b -> labels.add(new String(b, java.nio.charset.StandardCharsets.UTF_8)));
    store.setAuthorizations("root", new Authorizations(labels.toArray(new String[0])));
    try {
      DegreesTest.checkAll(store, "SSPD_", new Random(31), false);
      BfsTest.checkAll(store, "SSPB_", new Random(32), false);
      ShortestPathsTest.checkAll(store, "SSPS_", new Random(33), false);
      ComponentsTest.checkAll(store, "SSPC_", new Random(34), false);
    } finally {
      store.setAuthorizations("root", saved);
    }
  }
}
