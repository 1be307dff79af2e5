package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

class CsrMatrixTest {
  /** Every entry as "i,j" -> value, in row then column order. */
  static TreeMap<List<Integer>, Double> entries(CsrMatrix m) {
    TreeMap<List<Integer>, Double> out = new TreeMap<>(CsrMatrixTest::compare);
    m.forEach((i, j, v) -> {
      Double before = out.put(List.of(i, j), v);
      assertEquals(null, before, "position stored twice: " + i + "," + j);
    });
    return out;
  }

  static int compare(List<Integer> a, List<Integer> b) {
    int c = Integer.compare(a.get(0), b.get(0));
    return c != 0 ? c : Integer.compare(a.get(1), b.get(1));
  }

  static void assertSorted(CsrMatrix m) {
    for (int i = 0; i < m.rows(); i++) {
      for (int p = m.rowStart(i) + 1; p < m.rowStart(i + 1); p++) {
        assertTrue(m.col(p - 1) < m.col(p), "row " + i + " not strictly increasing");
      }
    }
  }

  @Test
  void handWorkedExample() {
    // [[1, 0, 2],
    //  [0, 0, 0],
    //  [3, 4, 0]]   entry (0,2) given as 5 and -3, entry (2,0) as 3 once
    Triples t = new Triples(2).add(2, 1, 4).add(0, 2, 5).add(2, 0, 3).add(0, 0, 1).add(0, 2, -3);
    CsrMatrix m = CsrMatrix.of(3, 3, t, Monoids.PLUS);
    assertEquals(4, m.nnz());
    assertEquals(2, m.rowLength(0));
    assertEquals(0, m.rowLength(1));
    assertEquals(2.0, m.get(0, 2, Double.NaN));
    assertEquals(Double.NaN, m.get(1, 1, Double.NaN));
    assertEquals(4.0, m.get(2, 1, 0));
    CsrMatrix min = CsrMatrix.of(3, 3, t, Monoids.MIN);
    assertEquals(-3.0, min.get(0, 2, 0));
    assertEquals("CsrMatrix 3 x 3, 4 entries", m.toString());
  }

  @Test
  void duplicatesCombineAgainstAMapOracle() {
    Random rnd = new Random(1);
    for (Monoid dup : List.of(Monoids.PLUS, Monoids.MIN, Monoids.MAX, Monoids.TIMES, Monoids.OR)) {
      for (int round = 0; round < 50; round++) {
        int rows = rnd.nextInt(8);
        int cols = rnd.nextInt(8);
        Triples t = new Triples();
        Map<List<Integer>, Double> oracle = new TreeMap<>(CsrMatrixTest::compare);
        int n = rows == 0 || cols == 0 ? 0 : rnd.nextInt(40);
        for (int k = 0; k < n; k++) {
          int i = rnd.nextInt(rows);
          int j = rnd.nextInt(cols);
          double v = rnd.nextInt(7) - 3;
          t.add(i, j, v);
          oracle.merge(List.of(i, j), v, dup::add);
        }
        CsrMatrix m = CsrMatrix.of(rows, cols, t, dup);
        assertSorted(m);
        assertEquals(oracle, entries(m), dup.name());
        assertEquals(rows, m.rows());
        assertEquals(cols, m.cols());
      }
    }
  }

  @Test
  void zerosAreStoredEntries() {
    CsrMatrix m = CsrMatrix.of(2, 2, new Triples().add(1, 1, 0.0).add(0, 1, 2).add(0, 1, -2), Monoids.PLUS);
    assertEquals(2, m.nnz());
    assertEquals(0.0, m.get(0, 1, Double.NaN));
  }

  @Test
  void transposeAgainstBruteForce() {
    Random rnd = new Random(2);
    for (int round = 0; round < 100; round++) {
      CsrMatrix m = random(rnd, rnd.nextInt(9), rnd.nextInt(9), rnd.nextDouble());
      CsrMatrix t = m.transpose();
      assertEquals(m.cols(), t.rows());
      assertEquals(m.rows(), t.cols());
      assertSorted(t);
      TreeMap<List<Integer>, Double> flipped = new TreeMap<>(CsrMatrixTest::compare);
      entries(m).forEach((ij, v) -> flipped.put(List.of(ij.get(1), ij.get(0)), v));
      assertEquals(flipped, entries(t));
      assertEquals(entries(m), entries(t.transpose()));
    }
  }

  @Test
  void refusesEntriesOutsideTheShape() {
    assertThrows(IllegalArgumentException.class, () -> CsrMatrix.of(2, 2, new Triples().add(2, 0, 1), Monoids.PLUS));
    assertThrows(IllegalArgumentException.class, () -> CsrMatrix.of(2, 2, new Triples().add(0, -1, 1), Monoids.PLUS));
    assertThrows(IllegalArgumentException.class, () -> CsrMatrix.of(-1, 2, new Triples(), Monoids.PLUS));
  }

  /** A random matrix with about density * rows * cols entries, small integer values including 0. */
  static CsrMatrix random(Random rnd, int rows, int cols, double density) {
    Triples t = new Triples();
    List<int[]> cells = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        if (rnd.nextDouble() < density) {
          cells.add(new int[] {i, j});
        }
      }
    }
    java.util.Collections.shuffle(cells, rnd);
    for (int[] c : cells) {
      t.add(c[0], c[1], rnd.nextInt(9) - 4);
    }
    return CsrMatrix.of(rows, cols, t, Monoids.PLUS);
  }
}
