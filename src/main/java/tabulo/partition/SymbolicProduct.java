package tabulo.partition;

/**
 * nnz(c_i) of C = A B without computing a value: row i of C has an entry in every column some row j of B
 * has, for the columns j of row i of A. Gustavson's marker (the column's last row) counts each column once
 * per row, in time flops(A B) and space one int per column of C.
 */
final class SymbolicProduct {
  private SymbolicProduct() {}

  /**
   * Per row of A, the distinct columns of C. {@code aStart/aCol}: A's rows as indexes of B's rows;
   * {@code bStart/bCol}: B's rows as column indexes in {@code [0, columns)}.
   */
  static long[] rowCounts(int aRows, int[] aStart, int[] aCol, int[] bStart, int[] bCol, int columns) {
    int[] lastRow = new int[columns];
    java.util.Arrays.fill(lastRow, -1);
    long[] counts = new long[aRows];
    for (int i = 0; i < aRows; i++) {
      long count = 0;
      for (int p = aStart[i]; p < aStart[i + 1]; p++) {
        int j = aCol[p];
        for (int q = bStart[j]; q < bStart[j + 1]; q++) {
          int k = bCol[q];
          if (lastRow[k] != i) {
            lastRow[k] = i;
            count++;
          }
        }
      }
      counts[i] = count;
    }
    return counts;
  }
}
