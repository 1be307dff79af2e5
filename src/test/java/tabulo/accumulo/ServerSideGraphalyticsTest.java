package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.algorithms.resident.Resident;
import tabulo.graphalytics.Algorithm;
import tabulo.graphalytics.GraphalyticsTest;
import tabulo.ops.Session;

/**
 * LDBC Graphalytics' driver on the shared MiniAccumuloCluster, against the same references as on the
 * embedded engine: every algorithm on LDBC's two example graphs over the graph read from Accumulo into this
 * process (the driver's default), and on the directed example in tables (kernels in the tablet servers),
 * validated against LDBC's published outputs; and the directed graph with vertices without edges, sinks
 * and sparse 64-bit ids by default against the oracle. A round in tables costs a fraction of a second here
 * whatever the graph's size, so only the directed example (in- and out-neighbours both count there) runs in
 * tables; GraphalyticsTest runs every case both ways on the embedded engine.
 */
class ServerSideGraphalyticsTest {
  @TempDir
  Path dir;

  @Test
  void ldbcDirectedExampleInTables() {
    GraphalyticsTest.checkLdbcExample(MiniAccumulo.store(), dir, "example-directed", true,
        List.of(Algorithm.values()));
  }

  /** The driver's sessions read the graph from the tablet servers into arrays here; others compute in tables. */
  @Test
  void ldbcExamplesHeldInMemory() {
    AccumuloStore store = MiniAccumulo.store();
    GraphalyticsTest.checkLdbcExamples(store, dir, false, List.of(Algorithm.values()));
    try (Session s = Session.open(store).inMemoryFromAfar(true); Session plain = Session.open(store)) {
      assertNotNull(Resident.graphFor(s.matrix("example_directed")), "held in memory");
      assertNull(Resident.graphFor(plain.matrix("example_directed")), "in tables, next to the data");
    }
  }

  @Test
  void sparseIdsIsolatedVerticesAndSinksAsTheOracle() throws IOException {
    GraphalyticsTest.checkSparseIds(MiniAccumulo.store(), dir, true, false, List.of(Algorithm.values()));
  }
}
