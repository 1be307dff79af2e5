package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

class MxmTest {
  /**
   * The definition, C(i,j) = plus over k of A(i,k) times B(k,j) over the k where both are stored,
   * as a triple loop over maps with the semiring written out independently ({@link SemiringsTest#SPECS}).
   */
  static TreeMap<List<Integer>, Double> bruteForce(CsrMatrix a, CsrMatrix b, SemiringsTest.Spec s, long[] partials) {
    TreeMap<List<Integer>, Double> av = CsrMatrixTest.entries(a);
    TreeMap<List<Integer>, Double> bv = CsrMatrixTest.entries(b);
    TreeMap<List<Integer>, Double> c = new TreeMap<>(CsrMatrixTest::compare);
    for (int i = 0; i < a.rows(); i++) {
      for (int j = 0; j < b.cols(); j++) {
        for (int k = 0; k < a.cols(); k++) {
          Double x = av.get(List.of(i, k));
          Double y = bv.get(List.of(k, j));
          if (x != null && y != null) {
            partials[0]++;
            double t = s.times().applyAsDouble(x, y);
            c.merge(List.of(i, j), t, (u, w) -> s.plus().applyAsDouble(u, w));
          }
        }
      }
    }
    return c;
  }

  @Test
  void everyBuiltInSemiringAgainstBruteForce() {
    Random rnd = new Random(4);
    for (Semiring s : Semirings.builtIns()) {
      SemiringsTest.Spec spec = SemiringsTest.SPECS.get(s.name());
      for (int round = 0; round < 60; round++) {
        int n = rnd.nextInt(7);
        int m = rnd.nextInt(7);
        int p = rnd.nextInt(7);
        CsrMatrix a = CsrMatrixTest.random(rnd, n, m, rnd.nextDouble());
        CsrMatrix b = CsrMatrixTest.random(rnd, m, p, rnd.nextDouble());
        long[] partials = {0};
        TreeMap<List<Integer>, Double> expected = bruteForce(a, b, spec, partials);
        CsrMatrix.Product c = a.mxm(b, s);
        CsrMatrixTest.assertSorted(c.matrix());
        assertEquals(n, c.matrix().rows());
        assertEquals(p, c.matrix().cols());
        assertEquals(expected, CsrMatrixTest.entries(c.matrix()), s.name() + " round " + round);
        assertEquals(partials[0], c.partialProducts(), s.name());
        assertEquals(partials[0], a.countPartialProducts(b), s.name());
      }
    }
  }

  @Test
  void handWorkedProducts() {
    // A = [[1, 2], [0, 3]], B = [[4, 0], [5, 6]]
    CsrMatrix a = CsrMatrix.of(2, 2, new Triples().add(0, 0, 1).add(0, 1, 2).add(1, 1, 3), Monoids.PLUS);
    CsrMatrix b = CsrMatrix.of(2, 2, new Triples().add(0, 0, 4).add(1, 0, 5).add(1, 1, 6), Monoids.PLUS);
    CsrMatrix.Product c = a.mxm(b, Semirings.PLUS_TIMES);
    // [[1*4 + 2*5, 2*6], [3*5, 3*6]]
    assertEquals(Map.of(List.of(0, 0), 14.0, List.of(0, 1), 12.0, List.of(1, 0), 15.0, List.of(1, 1), 18.0),
        CsrMatrixTest.entries(c.matrix()));
    assertEquals(5, c.partialProducts());
    // shortest two-hop paths: [[min(1+4, 2+5), 2+6], [3+5, 3+6]]
    assertEquals(Map.of(List.of(0, 0), 5.0, List.of(0, 1), 8.0, List.of(1, 0), 8.0, List.of(1, 1), 9.0),
        CsrMatrixTest.entries(a.mxm(b, Semirings.MIN_PLUS).matrix()));
    // structural counts
    assertEquals(Map.of(List.of(0, 0), 2.0, List.of(0, 1), 1.0, List.of(1, 0), 1.0, List.of(1, 1), 1.0),
        CsrMatrixTest.entries(a.mxm(b, Semirings.PLUS_PAIR).matrix()));
  }

  /** A^T B with A's rows shared: the partial products are sum over k of nnz(A row k) * nnz(B row k). */
  @Test
  void transposedProductCountsSharedRows() {
    Random rnd = new Random(8);
    CsrMatrix a = CsrMatrixTest.random(rnd, 30, 20, 0.2);
    CsrMatrix b = CsrMatrixTest.random(rnd, 30, 25, 0.3);
    long expected = 0;
    for (int k = 0; k < 30; k++) {
      expected += (long) a.rowLength(k) * b.rowLength(k);
    }
    CsrMatrix.Product c = a.transpose().mxm(b, Semirings.PLUS_TIMES);
    assertEquals(expected, c.partialProducts());
    assertEquals(expected, a.transpose().countPartialProducts(b));
    assertEquals(20, c.matrix().rows());
    assertEquals(25, c.matrix().cols());
  }

  @Test
  void refusesNonConformableShapes() {
    CsrMatrix a = CsrMatrix.of(2, 3, new Triples(), Monoids.PLUS);
    assertThrows(IllegalArgumentException.class, () -> a.mxm(a, Semirings.PLUS_TIMES));
    assertThrows(IllegalArgumentException.class, () -> a.countPartialProducts(a));
    assertEquals(0, a.mxm(a.transpose(), Semirings.PLUS_TIMES).matrix().nnz());
  }
}
