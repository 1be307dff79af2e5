package tabulo.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tabulo.gen.SparseMatrices;
import tabulo.math.CsrMatrix;
import tabulo.math.Semirings;

/**
 * Per-part costs of the row-by-row multiply against brute force over the matrices: per part the entries of its
 * A rows, the B rows its A rows need (each once) split by where they lie, its partial products and the entries
 * of its rows of C (from the product itself).
 */
class PartCostsTest {
  @Test
  void partCostsMatchBruteForce() {
    CsrMatrix a = SparseMatrices.graph500(8, 1, true);
    CsrMatrix b = SparseMatrices.graph500(8, 2, true);
    BipartiteModel m = BipartiteModel.of(a, b);
    CsrMatrix c = a.mxm(b, Semirings.PLUS_TIMES).matrix();
    for (Assignment p : List.of(SpGemmPartitioner.plan(m, new Partitioner.Options(3, 0.05, 1)).assignment(),
        PartCosts.bySplits(m, List.of(key(100), key(200))))) {
      PartCosts.Part[] got = PartCosts.of(m, p);
      PartCosts.Part[] onTwo = PartCosts.of(m, p, 2); // parts 0 and 2 share server 0
      long remote = 0;
      for (int k = 0; k < p.parts(); k++) {
        long aEntries = 0;
        long pp = 0;
        long cEntries = 0;
        Set<Integer> needed = new HashSet<>();
        for (int i = 0; i < a.rows(); i++) {
          if (p.ofA()[i] != k) {
            continue;
          }
          aEntries += a.rowLength(i);
          cEntries += c.rowLength(i);
          for (int q = a.rowStart(i); q < a.rowStart(i + 1); q++) {
            needed.add(a.col(q));
            pp += b.rowLength(a.col(q));
          }
        }
        long local = 0;
        long far = 0;
        long sameServer = 0;
        for (int j : needed) {
          if (p.ofB()[j] == k) {
            local += b.rowLength(j);
          } else {
            far += b.rowLength(j);
          }
          if (p.ofB()[j] % 2 == k % 2) {
            sameServer += b.rowLength(j);
          }
        }
        assertEquals(new PartCosts.Part(aEntries, local, far, pp, cEntries), got[k], "part " + k);
        assertEquals(new PartCosts.Part(aEntries, sameServer, local + far - sameServer, pp, cEntries), onTwo[k],
            "part " + k + " on server " + k % 2);
        remote += far;
      }
      assertEquals(CommunicationVolume.of(m, p, 0), remote, "one batch per part: the volume");
    }
  }

  @Test
  void splitsPlaceRowsAsTabletsDo() {
    BipartiteModel m = BipartiteModel.of(SparseMatrices.graph500(6, 1, true), SparseMatrices.graph500(6, 2, true));
    Assignment p = PartCosts.bySplits(m, List.of(key(10), key(40)));
    assertEquals(3, p.parts());
    for (int i = 0; i < m.rowsOfA(); i++) { // a tablet ends at its split point, inclusive
      assertEquals(i <= 10 ? 0 : i <= 40 ? 1 : 2, p.ofA()[i], "row " + i);
    }
    for (int j = 0; j < m.rowsOfB(); j++) {
      assertEquals(j <= 10 ? 0 : j <= 40 ? 1 : 2, p.ofB()[j], "B row " + j);
    }
  }

  private static byte[] key(int i) {
    return String.format("%010d", i).getBytes(StandardCharsets.UTF_8);
  }
}
