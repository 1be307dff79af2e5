package tabulo.math;

import java.util.Arrays;

/**
 * An immutable sparse matrix in compressed sparse row form: row {@code i} holds the entries at positions
 * {@code [rowStart(i), rowStart(i+1))}, columns strictly increasing. Every given entry is kept, even one
 * whose value is a semiring's zero: the structure is what was stored, as in a table.
 *
 * <p>This is the in-memory baseline for the table kernels (McSherry's COST: a competent single thread on
 * the same machine), and the oracle their results are checked against.
 */
public final class CsrMatrix {
  private final int rows;
  private final int cols;
  private final int[] rowStart;
  private final int[] colIndex;
  private final double[] values;

  /** The result of {@link #mxm}: the product and how many partial products (multiplies) it took. */
  public record Product(CsrMatrix matrix, long partialProducts) {}

  /** Trusts its arguments: rows sorted and duplicate-free, arrays exactly sized. */
  CsrMatrix(int rows, int cols, int[] rowStart, int[] colIndex, double[] values) {
    this.rows = rows;
    this.cols = cols;
    this.rowStart = rowStart;
    this.colIndex = colIndex;
    this.values = values;
  }

  /**
   * A {@code rows x cols} matrix of the triples, entries at the same position combined by {@code dup}
   * (in the order given). Runs in O(nnz + rows + cols): two stable counting sorts, by column then row.
   */
  public static CsrMatrix of(int rows, int cols, Triples t, Monoid dup) {
    if (rows < 0 || cols < 0) {
      throw new IllegalArgumentException("negative dimensions " + rows + " x " + cols);
    }
    int n = t.size();
    for (int p = 0; p < n; p++) {
      if (t.row(p) < 0 || t.row(p) >= rows || t.col(p) < 0 || t.col(p) >= cols) {
        throw new IllegalArgumentException("entry (" + t.row(p) + ", " + t.col(p) + ") is outside " + rows
            + " x " + cols);
      }
    }
    int[] byCol = new int[n];
    int[] colStart = new int[cols + 1];
    for (int p = 0; p < n; p++) {
      colStart[t.col(p) + 1]++;
    }
    prefixSum(colStart);
    for (int p = 0; p < n; p++) {
      byCol[colStart[t.col(p)]++] = p;
    }
    int[] rowStart = new int[rows + 1];
    for (int p = 0; p < n; p++) {
      rowStart[t.row(p) + 1]++;
    }
    prefixSum(rowStart);
    int[] next = Arrays.copyOf(rowStart, rows);
    int[] colIndex = new int[n];
    double[] values = new double[n];
    for (int q = 0; q < n; q++) {
      int p = byCol[q];
      int at = next[t.row(p)]++;
      colIndex[at] = t.col(p);
      values[at] = t.value(p);
    }
    return combineDuplicates(rows, cols, rowStart, colIndex, values, dup);
  }

  /** Merges equal neighbours within each row, in place; rowStart is rewritten to the merged positions. */
  private static CsrMatrix combineDuplicates(int rows, int cols, int[] rowStart, int[] colIndex,
      double[] values, Monoid dup) {
    int out = 0;
    for (int i = 0; i < rows; i++) {
      int begin = rowStart[i];
      int from = out; // where row i starts in the merged arrays
      int end = rowStart[i + 1];
      for (int p = begin; p < end; p++) {
        if (out > from && colIndex[out - 1] == colIndex[p]) {
          values[out - 1] = dup.add(values[out - 1], values[p]);
        } else {
          colIndex[out] = colIndex[p];
          values[out] = values[p];
          out++;
        }
      }
      rowStart[i] = from;
    }
    rowStart[rows] = out;
    return new CsrMatrix(rows, cols, rowStart, trim(colIndex, out), trim(values, out));
  }

  private static int[] trim(int[] a, int n) {
    return a.length == n ? a : Arrays.copyOf(a, n);
  }

  private static double[] trim(double[] a, int n) {
    return a.length == n ? a : Arrays.copyOf(a, n);
  }

  private static void prefixSum(int[] counts) {
    for (int i = 1; i < counts.length; i++) {
      counts[i] += counts[i - 1];
    }
  }

  public int rows() {
    return rows;
  }

  public int cols() {
    return cols;
  }

  /** The number of stored entries. */
  public int nnz() {
    return rowStart[rows];
  }

  /** The position of row {@code i}'s first entry; {@code rowStart(rows())} is {@link #nnz}. */
  public int rowStart(int i) {
    return rowStart[i];
  }

  public int rowLength(int i) {
    return rowStart[i + 1] - rowStart[i];
  }

  /** The column of the entry at position {@code p}. */
  public int col(int p) {
    return colIndex[p];
  }

  /** The value of the entry at position {@code p}. */
  public double value(int p) {
    return values[p];
  }

  /** The value at (i, j), or {@code absent} if nothing is stored there. */
  public double get(int i, int j, double absent) {
    int p = Arrays.binarySearch(colIndex, rowStart[i], rowStart[i + 1], j);
    return p >= 0 ? values[p] : absent;
  }

  /** Every entry, row by row, columns increasing. */
  public void forEach(EntryConsumer c) {
    for (int i = 0; i < rows; i++) {
      for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
        c.accept(i, colIndex[p], values[p]);
      }
    }
  }

  /** Receives entries without boxing. */
  @FunctionalInterface
  public interface EntryConsumer {
    void accept(int row, int col, double value);
  }

  /** A^T: one counting sort by column; scanning rows in order leaves each new row sorted. */
  public CsrMatrix transpose() {
    int n = nnz();
    int[] tStart = new int[cols + 1];
    for (int p = 0; p < n; p++) {
      tStart[colIndex[p] + 1]++;
    }
    prefixSum(tStart);
    int[] next = Arrays.copyOf(tStart, cols);
    int[] tCol = new int[n];
    double[] tVal = new double[n];
    for (int i = 0; i < rows; i++) {
      for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
        int at = next[colIndex[p]]++;
        tCol[at] = i;
        tVal[at] = values[p];
      }
    }
    return new CsrMatrix(cols, rows, tStart, tCol, tVal);
  }

  /**
   * C = this (+.x) b over semiring {@code s}, with Gustavson's row-by-row algorithm on one thread: the
   * COST baseline for the table kernels. An entry of C exists where at least one partial product
   * landed, whatever its value.
   */
  public Product mxm(CsrMatrix b, Semiring s) {
    return Gustavson.multiply(this, b, s);
  }

  /**
   * The partial products of {@code this (+.x) b}: over the shared index k, nnz(column k of this) times
   * nnz(row k of b). For A^T B with A's rows shared that is the sum over k of nnz(A row k) * nnz(B row k).
   */
  public long countPartialProducts(CsrMatrix b) {
    requireConformable(b);
    long count = 0;
    int n = nnz();
    for (int p = 0; p < n; p++) {
      count += b.rowLength(colIndex[p]);
    }
    return count;
  }

  void requireConformable(CsrMatrix b) {
    if (cols != b.rows) {
      throw new IllegalArgumentException("cannot multiply " + rows + " x " + cols + " by " + b.rows + " x "
          + b.cols);
    }
  }

  // the kernel reads the arrays directly
  int[] rowStarts() {
    return rowStart;
  }

  int[] colIndexes() {
    return colIndex;
  }

  double[] valueArray() {
    return values;
  }

  @Override
  public String toString() {
    return "CsrMatrix " + rows + " x " + cols + ", " + nnz() + " entries";
  }
}
