package tabulo.accumulo;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;

import tabulo.algorithms.ClusteringTest;
import tabulo.algorithms.JaccardTest;
import tabulo.algorithms.KTrussTest;
import tabulo.algorithms.TrianglesTest;

/**
 * Triangles, clustering (undirected and directed), k-truss and Jaccard with their kernels inside the tablet servers of the shared
 * MiniAccumuloCluster, against the same brute-force oracles as on the embedded engine (fewer graphs and readers).
 */
class ServerSideTrianglesTest {
  @Test
  void matchesBruteForceInTheTabletServers() {
    AccumuloStore store = MiniAccumulo.store();
    Authorizations saved = store.authorizations("root");
    Set<String> labels = new HashSet<>(List.of("red", "blue"));
    saved.getAuthorizations().forEach(b -> labels.add(new String(b, java.nio.charset.StandardCharsets.UTF_8)));
    store.setAuthorizations("root", new Authorizations(labels.toArray(new String[0])));
    // one reader, the small graph and the labelled one: every kernel run costs a second or more here
    List<Authorizations> readers = List.of(new Authorizations("red"));
    Set<String> graphs = Set.of("small", "labelled");
    try {
      TrianglesTest.checkAll(store, "SST_", readers, graphs);
      ClusteringTest.checkAll(store, "SSC_", readers, graphs);
      ClusteringTest.checkDirected(store, "SSCD_", readers, Set.of("small"));
      JaccardTest.checkAll(store, "SSJ_", readers, graphs);
      KTrussTest.checkAll(store, "SSK_", readers, graphs, 3);
    } finally {
      store.setAuthorizations("root", saved);
    }
  }
}
