package tabulo.bench;

import java.util.Arrays;

import tabulo.math.BinaryOp;
import tabulo.math.CsrMatrix;
import tabulo.math.Monoid;
import tabulo.math.UnaryOp;

/**
 * The streaming GraphBLAS operations over CSR arrays, on one thread, each writing its result in key order
 * to a {@link TsvCellWriter}: the in-memory baseline for the table operations. Row and column order is
 * vertex order, which is the tables' key order because {@link tabulo.gen.VertexKeys} are zero-padded
 * (byte order = numeric order), so comparing vertex ids compares the keys as unsigned bytes.
 */
final class StreamingOps {
  private StreamingOps() {}

  /** An index-and-value predicate (GraphBLAS's IndexUnaryOp for select). */
  @FunctionalInterface
  interface EntryTest {
    boolean keep(int row, int col, double value);
  }

  /** The union: {@code op(a, b)} where both have an entry, the lone value as it is elsewhere. */
  static void ewiseAdd(CsrMatrix a, CsrMatrix b, BinaryOp op, TsvCellWriter out) {
    merge(a, b, op, true, out);
  }

  /** The intersection: {@code op(a, b)} where both have an entry. */
  static void ewiseMult(CsrMatrix a, CsrMatrix b, BinaryOp op, TsvCellWriter out) {
    merge(a, b, op, false, out);
  }

  /**
   * Walks each row of a and b together in column order, writing {@code op(a, b)} where both have an entry
   * and, for the union, each lone entry as it is. The intersection stops a row when either side ends.
   */
  private static void merge(CsrMatrix a, CsrMatrix b, BinaryOp op, boolean union, TsvCellWriter out) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
      throw new IllegalArgumentException("element-wise operands differ in shape: " + a + " and " + b);
    }
    for (int i = 0; i < a.rows(); i++) {
      int p = a.rowStart(i);
      int pEnd = a.rowStart(i + 1);
      int q = b.rowStart(i);
      int qEnd = b.rowStart(i + 1);
      while (union ? p < pEnd || q < qEnd : p < pEnd && q < qEnd) {
        int ja = p < pEnd ? a.col(p) : Integer.MAX_VALUE; // past the end: after every column
        int jb = q < qEnd ? b.col(q) : Integer.MAX_VALUE;
        if (ja < jb) {
          if (union) {
            out.entry(i, ja, a.value(p));
          }
          p++;
        } else if (jb < ja) {
          if (union) {
            out.entry(i, jb, b.value(q));
          }
          q++;
        } else {
          out.entry(i, ja, op.apply(a.value(p++), b.value(q++)));
        }
      }
    }
  }

  /** Every stored entry mapped through {@code op}. */
  static void apply(CsrMatrix a, UnaryOp op, TsvCellWriter out) {
    a.forEach((i, j, v) -> out.entry(i, j, op.apply(v)));
  }

  /** The entries {@code test} keeps. */
  static void select(CsrMatrix a, EntryTest test, TsvCellWriter out) {
    a.forEach((i, j, v) -> {
      if (test.keep(i, j, v)) {
        out.entry(i, j, v);
      }
    });
  }

  /** Strictly upper triangular: row key below column key, which for vertex keys is row id below column id. */
  static final EntryTest TRIU = (i, j, v) -> i < j;

  /** Each non-empty row's values folded with {@code m} from its identity, in column order. */
  static void reduceRows(CsrMatrix a, Monoid m, TsvCellWriter out) {
    for (int i = 0; i < a.rows(); i++) {
      int end = a.rowStart(i + 1);
      if (a.rowStart(i) == end) {
        continue; // GraphBLAS: an empty row has no entry in the result
      }
      double acc = m.identity();
      for (int p = a.rowStart(i); p < end; p++) {
        acc = m.add(acc, a.value(p));
      }
      out.vectorEntry(i, acc);
    }
  }

  /** Each non-empty column's values folded with {@code m} from its identity, in row order. */
  static void reduceCols(CsrMatrix a, Monoid m, TsvCellWriter out) {
    double[] acc = new double[a.cols()];
    boolean[] seen = new boolean[a.cols()];
    Arrays.fill(acc, m.identity());
    for (int p = 0; p < a.nnz(); p++) {
      int j = a.col(p);
      acc[j] = m.add(acc[j], a.value(p));
      seen[j] = true;
    }
    for (int j = 0; j < acc.length; j++) {
      if (seen[j]) {
        out.vectorEntry(j, acc[j]);
      }
    }
  }

  /** Every value folded with {@code m} from its identity, row by row. */
  static void reduceScalar(CsrMatrix a, Monoid m, TsvCellWriter out) {
    double acc = m.identity();
    for (int p = 0; p < a.nnz(); p++) {
      acc = m.add(acc, a.value(p));
    }
    out.scalar(acc);
  }

  /** A^T, by one counting sort over the columns, then written row by row. */
  static void transpose(CsrMatrix a, TsvCellWriter out) {
    a.transpose().forEach(out::entry);
  }

  /** Rows {@code from <= i < to} (a contiguous key range), read straight from the row offsets. */
  static void extractRows(CsrMatrix a, int from, int to, TsvCellWriter out) {
    for (int i = from; i < to; i++) {
      for (int p = a.rowStart(i); p < a.rowStart(i + 1); p++) {
        out.entry(i, a.col(p), a.value(p));
      }
    }
  }
}
