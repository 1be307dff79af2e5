package tabulo.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import tabulo.gen.SparseMatrices;
import tabulo.math.CsrMatrix;
import tabulo.math.Monoids;
import tabulo.math.Triples;

/**
 * The model's cut and communication volume against brute force over the matrices' entries: the batches are
 * formed by replaying RowByRow's loop (take rows while the batch needs fewer than N distinct B rows) part by
 * part, and every remote B row in a batch's set is paid once.
 */
class CommunicationVolumeTest {
  /** Brute force: per part its rows of A in key (index) order, batched as RowByRow does. */
  private static long bruteVolume(CsrMatrix a, CsrMatrix b, Assignment p, int batch) {
    long volume = 0;
    for (int k = 0; k < p.parts(); k++) {
      List<Integer> rows = new ArrayList<>();
      for (int i = 0; i < a.rows(); i++) {
        if (p.ofA()[i] == k && a.rowLength(i) > 0) { // a table has no empty rows
          rows.add(i);
        }
      }
      int next = 0;
      while (next < rows.size()) {
        Set<Integer> needed = new HashSet<>();
        while (needed.size() < batch && next < rows.size()) {
          int i = rows.get(next++);
          for (int q = a.rowStart(i); q < a.rowStart(i + 1); q++) {
            needed.add(a.col(q));
          }
        }
        for (int j : needed) {
          if (p.ofB()[j] != k) {
            volume += b.rowLength(j);
          }
        }
      }
    }
    return volume;
  }

  private static long bruteCut(CsrMatrix a, CsrMatrix b, Assignment p) {
    long cut = 0;
    for (int i = 0; i < a.rows(); i++) {
      for (int q = a.rowStart(i); q < a.rowStart(i + 1); q++) {
        if (p.ofA()[i] != p.ofB()[a.col(q)]) {
          cut += b.rowLength(a.col(q));
        }
      }
    }
    return cut;
  }

  private static Assignment random(int parts, int rowsA, int rowsB, SplittableRandom r) {
    int[] x = new int[rowsA];
    int[] y = new int[rowsB];
    for (int i = 0; i < rowsA; i++) {
      x[i] = r.nextInt(parts);
    }
    for (int j = 0; j < rowsB; j++) {
      y[j] = r.nextInt(parts);
    }
    return new Assignment(parts, x, y);
  }

  @Test
  void randomCasesAgainstBruteForce() {
    SplittableRandom r = new SplittableRandom(5);
    for (int round = 0; round < 40; round++) {
      int n = 5 + r.nextInt(40);
      CsrMatrix a = SparseMatrices.random(n, n, 1 + r.nextInt(4), r.nextLong());
      CsrMatrix b = SparseMatrices.random(n, 2 + r.nextInt(30), 1 + r.nextInt(5), r.nextLong());
      BipartiteModel m = BipartiteModel.of(a, b);
      int parts = 1 + r.nextInt(5);
      Assignment p = round % 2 == 0 ? random(parts, n, n, r) : SpGemmPartitioner.plan(m,
          new Partitioner.Options(parts, 0.05, round)).assignment();
      assertEquals(bruteCut(a, b, p), m.cut(p), "cut, round " + round);
      for (int batch : new int[] {1, 2, 3, 7, 1000}) {
        assertEquals(bruteVolume(a, b, p, batch), CommunicationVolume.of(m, p, batch),
            "volume, round " + round + ", batch " + batch);
      }
      assertEquals(bruteVolume(a, b, p, Integer.MAX_VALUE), CommunicationVolume.of(m, p, 0));
    }
  }

  /**
   * By hand, the paper's point (its Fig. 1): B row y (3 entries) lives on part 1; rows 0, 1 and 2 of A on part 0
   * each need it. The cut counts it three times (9); one batch fetches it once (3), batches of one B row
   * three times (9), batches of two B rows twice (6).
   */
  @Test
  void byHand() {
    // columns: y = 0, w = 1; B row y has 3 entries, B row w 1 entry
    CsrMatrix a = csr(3, 2, new int[][] {{0, 1}, {0}, {0}});
    CsrMatrix b = csr(2, 4, new int[][] {{0, 1, 2}, {3}});
    BipartiteModel m = BipartiteModel.of(a, b);
    Assignment p = new Assignment(2, new int[] {0, 0, 0}, new int[] {1, 0});
    assertEquals(9, m.cut(p));
    assertEquals(3, CommunicationVolume.of(m, p, 0));
    // batch 1: row 0 alone (needs y, w: 2 >= 1), row 1 alone, row 2 alone: y fetched 3 times
    assertEquals(9, CommunicationVolume.of(m, p, 1));
    // batch 2: row 0 (2 rows of B, full), then rows 1 and 2 together (1 < 2 after row 1): y twice
    assertEquals(6, CommunicationVolume.of(m, p, 2));
    // nnz(c): row 0 = columns {0,1,2,3}, rows 1 and 2 = {0,1,2}
    assertEquals(List.of(4L, 3L, 3L), List.of(m.nnzC[0], m.nnzC[1], m.nnzC[2]));
  }

  private static CsrMatrix csr(int rows, int cols, int[][] colsOfRow) {
    Triples t = new Triples();
    for (int i = 0; i < colsOfRow.length; i++) {
      for (int j : colsOfRow[i]) {
        t.add(i, j, 1);
      }
    }
    return CsrMatrix.of(rows, cols, t, Monoids.PLUS);
  }
}
