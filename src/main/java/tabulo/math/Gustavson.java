package tabulo.math;

import java.util.Arrays;

/**
 * Gustavson's row-by-row sparse matrix multiply: row i of C is the semiring sum, over the entries
 * A(i,k), of A(i,k) times row k of B, gathered in a {@link SparseAccumulator}.
 */
final class Gustavson {
  private static final int MIN_CAPACITY = 16;

  private Gustavson() {}

  static CsrMatrix.Product multiply(CsrMatrix a, CsrMatrix b, Semiring s) {
    a.requireConformable(b);
    int n = a.rows();
    int p = b.cols();
    int[] aStart = a.rowStarts();
    int[] aCol = a.colIndexes();
    double[] aVal = a.valueArray();
    int[] bStart = b.rowStarts();
    int[] bCol = b.colIndexes();
    double[] bVal = b.valueArray();
    SparseAccumulator acc = new SparseAccumulator(p, s);

    int[] cStart = new int[n + 1];
    int capacity = Math.max(MIN_CAPACITY, a.nnz() + b.nnz());
    int[] cCol = new int[capacity];
    double[] cVal = new double[capacity];
    int nz = 0;
    long partials = 0;

    for (int i = 0; i < n; i++) {
      acc.startRow();
      for (int pa = aStart[i], aEnd = aStart[i + 1]; pa < aEnd; pa++) {
        int k = aCol[pa];
        int bBegin = bStart[k];
        int bEnd = bStart[k + 1];
        partials += bEnd - bBegin;
        acc.addScaledRow(aVal[pa], bCol, bVal, bBegin, bEnd);
      }
      int count = acc.finishRow();
      if (nz + count > cCol.length) {
        int grown = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * cCol.length, (long) nz + count));
        if (grown < nz + count) {
          throw new IllegalStateException("product has more than " + grown + " entries");
        }
        cCol = Arrays.copyOf(cCol, grown);
        cVal = Arrays.copyOf(cVal, grown);
      }
      for (int q = 0; q < count; q++) {
        int j = acc.column(q);
        cCol[nz] = j;
        cVal[nz] = acc.value(j);
        nz++;
      }
      cStart[i + 1] = nz;
    }
    CsrMatrix c = new CsrMatrix(n, p, cStart, Arrays.copyOf(cCol, nz), Arrays.copyOf(cVal, nz));
    return new CsrMatrix.Product(c, partials);
  }
}
