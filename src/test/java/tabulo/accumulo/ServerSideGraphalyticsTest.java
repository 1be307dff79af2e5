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
 * embedded engine: every algorithm on LDBC's two example graphs in tables (kernels in the tablet servers),
 * validated against LDBC's published outputs; the algorithms with an in-memory version (cdlp, pr, wcc)
 * again over the graph read from Accumulo into this process (bfs, sssp and lcc compute in tables either
 * way); and the directed graph with vertices without edges, sinks and sparse 64-bit ids by default (in
 * memory where an algorithm can be) against the oracle. A round in tables costs a fraction of a second
 * here whatever the graph's size, so the graphs are tiny and the cases fewer than embedded
 * (GraphalyticsTest runs them all, both ways, and the undirected sparse graph too).
 */
class ServerSideGraphalyticsTest {
  @TempDir
  Path dir;

  @Test
  void ldbcExamplesInTables() {
    GraphalyticsTest.checkLdbcExamples(MiniAccumulo.store(), dir, true, List.of(Algorithm.values()));
  }

  /** The driver's sessions read the graph from the tablet servers into arrays here; others compute in tables. */
  @Test
  void ldbcExamplesHeldInMemory() {
    AccumuloStore store = MiniAccumulo.store();
    GraphalyticsTest.checkLdbcExamples(store, dir, false, List.of(Algorithm.CDLP, Algorithm.PR, Algorithm.WCC));
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
