package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import tabulo.d4m.KeySpec;
import tabulo.embedded.EmbeddedStore;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.ops.Matrices;
import tabulo.ops.Mxm;
import tabulo.ops.MxmOptions;
import tabulo.ops.MxmOptions.Algorithm;
import tabulo.ops.MxmResult;

/**
 * Both multiply algorithms running as iterators inside the tablet servers of the shared
 * MiniAccumuloCluster, against the embedded engine and a brute-force oracle: every semiring, with two
 * tablet servers and then with one; exact across Accumulo's tear-down and re-seek of the kernels.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServerSideMxmTest {
  @TempDir
  static Path dir;

  private static AccumuloStore accumulo;
  private static EmbeddedStore embedded;
  private static Map<String, Map<String, Double>> a;
  private static Map<String, Map<String, Double>> b;
  private static int runs;

  @BeforeAll
  static void setUp() {
    accumulo = MiniAccumulo.store();
    embedded = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    a = Matrices.random(accumulo, new Random(5), "SSM_A", List.of("c", "k"));
    b = Matrices.random(accumulo, new Random(6), "SSM_B", List.of("dave"));
    assertEquals(a, Matrices.random(embedded, new Random(5), "SSM_A", List.of("c", "k")));
    assertEquals(b, Matrices.random(embedded, new Random(6), "SSM_B", List.of("dave")));
  }

  @AfterAll
  static void tearDown() {
    embedded.close();
  }

  /** C = A^T B (outer) and C = A B (row-by-row) for every semiring, on both hosts, against the oracle. */
  private static void everySemiringMatchesEmbeddedAndOracle(String label) {
    for (Semiring s : Semirings.builtIns()) {
      for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
        boolean t = alg == Algorithm.OUTER;
        MxmOptions o = MxmOptions.defaults().semiring(s).algorithm(alg).transposeA(t).batchRows(3).unitEntries(4);
        String c = "SSM_C" + (++runs);
        MxmResult r = Mxm.multiply(accumulo, "SSM_A", "SSM_B", c, o);
        Mxm.multiply(embedded, "SSM_A", "SSM_B", c, o);
        Map<String, Map<String, Double>> expected = Matrices.oracle(a, b, t, s, KeySpec.all(), KeySpec.all(),
            KeySpec.all());
        String what = label + ", " + s.name() + ", " + alg;
        assertEquals(expected, Matrices.read(embedded, c), what + " (embedded)");
        assertEquals(expected, Matrices.read(accumulo, c), what + " (Accumulo)");
        assertTrue(r.resumes() > 0, what + ": kernels resumed after tear-down " + r.resumes() + " times");
        accumulo.delete(c);
      }
    }
  }

  @Test
  @Order(1)
  void everySemiringWithTwoTabletServers() {
    assertEquals(2, accumulo.client().instanceOperations().getTabletServers().size());
    everySemiringMatchesEmbeddedAndOracle("2 tablet servers");
  }
}
