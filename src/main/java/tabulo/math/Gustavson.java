package tabulo.math;

import java.util.Arrays;

/**
 * Gustavson's row-by-row sparse matrix multiply: row i of C is the semiring sum, over the entries
 * A(i,k), of A(i,k) times row k of B. Partial products gather in a dense accumulator indexed by column,
 * with a marker saying which columns row i has touched and a list of them to visit (and sort) at the
 * end of the row; nothing is allocated per partial product.
 */
final class Gustavson {
  private static final int MIN_CAPACITY = 16;
  /** Rows touching more than 1/16 of the columns are collected by scanning rather than sorting. */
  private static final int DENSE_ROW_FRACTION = 16;

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

    double[] acc = new double[p];
    int[] touchedBy = new int[p]; // the last row that touched each column
    Arrays.fill(touchedBy, -1);
    int[] touched = new int[p];

    int[] cStart = new int[n + 1];
    int capacity = Math.max(MIN_CAPACITY, a.nnz() + b.nnz());
    int[] cCol = new int[capacity];
    double[] cVal = new double[capacity];
    int nz = 0;
    long partials = 0;

    for (int i = 0; i < n; i++) {
      int count = 0;
      for (int pa = aStart[i], aEnd = aStart[i + 1]; pa < aEnd; pa++) {
        int k = aCol[pa];
        double av = aVal[pa];
        int bBegin = bStart[k];
        int bEnd = bStart[k + 1];
        partials += bEnd - bBegin;
        for (int pb = bBegin; pb < bEnd; pb++) {
          int j = bCol[pb];
          double t = s.multiply(av, bVal[pb]);
          if (touchedBy[j] != i) {
            touchedBy[j] = i;
            acc[j] = t;
            touched[count++] = j;
          } else {
            acc[j] = s.add(acc[j], t);
          }
        }
      }
      if (nz + count > cCol.length) {
        int grown = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * cCol.length, (long) nz + count));
        if (grown < nz + count) {
          throw new IllegalStateException("product has more than " + grown + " entries");
        }
        cCol = Arrays.copyOf(cCol, grown);
        cVal = Arrays.copyOf(cVal, grown);
      }
      if (count > p / DENSE_ROW_FRACTION) { // a hub's row: one pass over the marker beats a sort
        for (int j = 0; j < p; j++) {
          if (touchedBy[j] == i) {
            cCol[nz] = j;
            cVal[nz] = acc[j];
            nz++;
          }
        }
      } else {
        Arrays.sort(touched, 0, count);
        for (int q = 0; q < count; q++) {
          int j = touched[q];
          cCol[nz] = j;
          cVal[nz] = acc[j];
          nz++;
        }
      }
      cStart[i + 1] = nz;
    }
    CsrMatrix c = new CsrMatrix(n, p, cStart, Arrays.copyOf(cCol, nz), Arrays.copyOf(cVal, nz));
    return new CsrMatrix.Product(c, partials);
  }
}
