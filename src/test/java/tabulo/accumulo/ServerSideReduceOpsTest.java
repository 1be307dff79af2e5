package tabulo.accumulo;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;

import tabulo.math.Monoids;
import tabulo.ops.ReduceOpsTest;

/**
 * Reduce, transpose, extract and assign with their kernels inside the tablet servers of the shared
 * MiniAccumuloCluster, against the same brute-force oracles (every reader's view) as on the embedded engine.
 */
class ServerSideReduceOpsTest {
  @Test
  void matchesBruteForceInTheTabletServers() {
    AccumuloStore store = MiniAccumulo.store();
    Authorizations saved = store.authorizations("root");
    Set<String> labels = new HashSet<>(List.of("red", "blue"));
    saved.getAuthorizations().forEach(b -> labels.add(new String(b, java.nio.charset.StandardCharsets.UTF_8)));
    store.setAuthorizations("root", new Authorizations(labels.toArray(new String[0])));
    try {
      // one monoid and two scalar readers: every kernel run costs seconds here (the embedded test does them all)
      ReduceOpsTest.checkAll(store, "SSR_", new Random(13), List.of(Monoids.PLUS),
          List.of(new Authorizations("red", "blue"), new Authorizations("red")));
    } finally {
      store.setAuthorizations("root", saved);
    }
  }
}
