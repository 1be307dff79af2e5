package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tabulo.math.UnaryOps;
import tabulo.ops.EwiseAddTest;
import tabulo.ops.LabelledCells;
import tabulo.ops.LabelledCells.Cell;
import tabulo.ops.Session;
import tabulo.ops.StreamOpsTest;

/**
 * The streaming operations (ewise-add, ewise-mult, apply, select) with their kernels inside the tablet
 * servers of the shared MiniAccumuloCluster, against the same brute-force oracles as on the embedded engine.
 */
class ServerSideStreamOpsTest {
  private static AccumuloStore accumulo;

  @BeforeAll
  static void setUp() {
    accumulo = MiniAccumulo.store();
    accumulo.setAuthorizations(accumulo.user(), new Authorizations("red", "blue"));
  }

  @Test
  void ewiseAddMatchesBruteForce() {
    EwiseAddTest.checkAll(accumulo, "SSO_add_", new Random(11));
  }

  @Test
  void ewiseMultApplySelectMatchBruteForce() {
    StreamOpsTest.checkAll(accumulo, "SSO_ops_", new Random(12));
  }

  /** A kernel torn down between scan batches (one entry each) resumes in the tablet server, and misses nothing. */
  @Test
  void kernelsRunInTheTabletServersAndResume() throws Exception {
    List<Cell> a = LabelledCells.random(accumulo, new Random(13), "SSO_R_A", List.of("dave"), 2);
    accumulo.client().tableOperations().setProperty("SSO_R_A", "table.scan.max.memory", "1");
    AtomicLong resumes = new AtomicLong();
    try (Session s = Session.open(accumulo).unitEntries(4).onRunEnd(k -> resumes.addAndGet(k.resumes.get()))) {
      s.matrix("SSO_R_A").apply(UnaryOps.AINV).into("SSO_R_C");
    }
    for (Authorizations reader : LabelledCells.READERS) {
      assertEquals(LabelledCells.view(StreamOpsTest.map(a, x -> -x + 0.0), reader),
          LabelledCells.view(accumulo, "SSO_R_C", reader), "reader " + reader);
    }
    assertTrue(resumes.get() > 0, "kernels resumed " + resumes.get() + " times");
  }
}
