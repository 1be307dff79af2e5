package tabulo.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tabulo.gen.SparseMatrices;
import tabulo.math.CsrMatrix;

/**
 * The partitioner on the test graphs (random sparse, 2D grid, Graph500 power law): the plan is within eps on
 * all three constraints exactly when it says so (checked by recounting the loads); its cut is never above the
 * contiguous split's when that split is itself within eps, and when it is not (the grid's edge rows, the
 * power law's hubs at low keys) the plan is at least better balanced.
 */
class PartitionerTest {
  private static void check(String name, CsrMatrix a, CsrMatrix b) {
    BipartiteModel m = BipartiteModel.of(a, b);
    for (int k : new int[] {2, 4, 8}) {
      Partitioner.Options o = new Partitioner.Options(k, 0.005, 1);
      SpGemmPartitioner.Plan plan = SpGemmPartitioner.plan(m, o);
      Assignment contiguous = ContiguousSplit.of(m, k);
      long[][] loads = recount(m, plan.assignment());
      double[] imbalance = Balance.imbalance(loads);
      boolean within = true;
      for (double x : imbalance) {
        within &= x <= 0.005 + 1e-12;
      }
      long cut = m.cut(plan.assignment());
      long contiguousCut = m.cut(contiguous);
      System.out.printf("%s K=%d cut %d (contiguous %d) volume %d (contiguous %d) imbalance %s balanced %s contiguous imbalance %s%n",
          name, k, cut, contiguousCut, CommunicationVolume.of(m, plan.assignment(), 0),
          CommunicationVolume.of(m, contiguous, 0), java.util.Arrays.toString(imbalance), plan.balanced(),
          java.util.Arrays.toString(Balance.imbalance(m.loads(contiguous))));
      assertEquals(within, plan.balanced(), name + " K=" + k + ": balance reported as " + plan.balanced());
      double[] contiguousImbalance = Balance.imbalance(m.loads(contiguous));
      if (Balance.within(contiguousImbalance, 0.005)) {
        assertTrue(cut <= contiguousCut, name + " K=" + k + ": cut " + cut + " > contiguous " + contiguousCut);
      } else {
        assertTrue(max(imbalance) < max(contiguousImbalance), name + " K=" + k + ": no better balanced");
      }
      for (int p : plan.assignment().ofA()) {
        assertTrue(p >= 0 && p < k);
      }
    }
  }

  private static double max(double[] xs) {
    return java.util.Arrays.stream(xs).max().orElse(0);
  }

  /** The loads counted from the matrices' rows, not from the model's bookkeeping. */
  private static long[][] recount(BipartiteModel m, Assignment p) {
    long[][] w = new long[p.parts()][3];
    for (int i = 0; i < m.rowsOfA(); i++) {
      w[p.ofA()[i]][0] += m.nnzA[i];
      w[p.ofA()[i]][2] += m.nnzC[i];
    }
    for (int j = 0; j < m.rowsOfB(); j++) {
      w[p.ofB()[j]][1] += m.nnzB[j];
    }
    return w;
  }

  @Test
  void randomSparse() {
    check("random", SparseMatrices.random(3000, 3000, 6, 7), SparseMatrices.random(3000, 2000, 5, 8));
  }

  @Test
  void gridSquared() {
    CsrMatrix a = SparseMatrices.poisson2d(50);
    check("grid A*A", a, a);
  }

  @Test
  void galerkinAP() {
    check("poisson A*P", SparseMatrices.poisson2d(60), SparseMatrices.aggregation2d(60, 3));
  }

  @Test
  void graph500() {
    check("graph500", SparseMatrices.graph500(11, 1), SparseMatrices.graph500(11, 2));
  }

  @Test
  void sameSeedSamePlan() {
    BipartiteModel m = BipartiteModel.of(SparseMatrices.random(800, 800, 4, 3), SparseMatrices.random(800, 800, 4, 4));
    Partitioner.Options o = new Partitioner.Options(4, 0.005, 42);
    Assignment x = SpGemmPartitioner.plan(m, o).assignment();
    Assignment y = SpGemmPartitioner.plan(m, o).assignment();
    assertArrayEquals(x.ofA(), y.ofA());
    assertArrayEquals(x.ofB(), y.ofB());
  }

  @Test
  void oneVertexTooHeavyIsReported() {
    // one row of A holds 10 of 12 entries: no 2-way split gets A within 0.5%
    BipartiteModel m = BipartiteModel.of(
        csr(3, 3, new int[][] {{0, 1, 2, 0, 1, 2, 0, 1, 2, 0}, {0}, {1}}), csr(3, 3, new int[][] {{0}, {1}, {2}}));
    Partitioner.Result r = Partitioner.partition(m.graph(), new Partitioner.Options(2, 0.005, 1), List.of());
    assertTrue(!r.balanced());
  }

  private static CsrMatrix csr(int rows, int cols, int[][] colsOfRow) {
    tabulo.math.Triples t = new tabulo.math.Triples();
    for (int i = 0; i < colsOfRow.length; i++) {
      for (int j : colsOfRow[i]) {
        t.add(i, j, 1);
      }
    }
    return CsrMatrix.of(rows, cols, t, tabulo.math.Monoids.PLUS);
  }
}
