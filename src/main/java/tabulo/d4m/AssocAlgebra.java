package tabulo.d4m;

import java.util.Arrays;

import tabulo.math.CsrMatrix;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.math.Semiring;
import tabulo.math.Triples;
import tabulo.math.UnaryOp;

/**
 * The matrix operations on an {@link Assoc}: transpose, the semiring product, reductions along rows
 * or columns, and apply. All but transpose work on numbers, a string array counting as its
 * {@link Assoc#logical}; results equal to 0 are not stored.
 */
final class AssocAlgebra {
  private AssocAlgebra() {}

  /** A^T: one counting sort of the entries by column. */
  static Assoc transpose(Assoc a) {
    int n = a.nnz();
    int nCols = a.cols.length;
    int[] start = new int[nCols + 1];
    for (int p = 0; p < n; p++) {
      start[a.colIndex[p] + 1]++;
    }
    for (int j = 0; j < nCols; j++) {
      start[j + 1] += start[j];
    }
    int[] next = Arrays.copyOf(start, nCols);
    int[] ci = new int[n];
    double[] nums = a.numbers == null ? null : new double[n];
    String[] strs = a.texts == null ? null : new String[n];
    a.forEachPosition((i, p) -> {
      int at = next[a.colIndex[p]]++;
      ci[at] = i;
      if (nums != null) {
        nums[at] = a.numbers[p];
      } else {
        strs[at] = a.texts[p];
      }
    });
    return new Assoc(a.cols, a.rows, start, ci, nums, strs);
  }

  /**
   * A (+.x) B, matching A's column keys with B's row keys: the keys are dictionary-encoded over their
   * union and the product computed by {@link CsrMatrix#mxm}.
   */
  static Assoc mxm(Assoc a, Assoc b, Semiring semiring) {
    Assoc x = a.numeric();
    Assoc y = b.numeric();
    String[] inner = KeyOrder.union(x.cols, y.rows);
    int[] xCol = KeyOrder.positions(x.cols, inner);
    int[] yRow = KeyOrder.positions(y.rows, inner);
    Triples ta = new Triples(x.nnz());
    x.forEachPosition((i, p) -> ta.add(i, xCol[x.colIndex[p]], x.numbers[p]));
    Triples tb = new Triples(y.nnz());
    y.forEachPosition((i, p) -> tb.add(yRow[i], y.colIndex[p], y.numbers[p]));
    CsrMatrix ma = CsrMatrix.of(x.rows.length, inner.length, ta, Monoids.PLUS);
    CsrMatrix mb = CsrMatrix.of(inner.length, y.cols.length, tb, Monoids.PLUS);
    CsrMatrix c = ma.mxm(mb, semiring).matrix();
    AssocEntries out = new AssocEntries(false);
    c.forEach(out::add);
    return AssocAssembly.condensed(x.rows, y.cols, out);
  }

  /** Each row's values folded with {@code m} from its identity, in column order; one column keyed "". */
  static Assoc reduceRows(Assoc a, Monoid m) {
    Assoc x = a.numeric();
    AssocEntries out = new AssocEntries(false);
    for (int i = 0; i < x.rows.length; i++) {
      double acc = m.identity();
      for (int p = x.rowStart[i]; p < x.rowStart[i + 1]; p++) {
        acc = m.add(acc, x.numbers[p]);
      }
      out.add(i, 0, acc);
    }
    return AssocAssembly.condensed(x.rows, new String[] {""}, out);
  }

  /** Each column's values folded with {@code m} from its identity, in row order; one row keyed "". */
  static Assoc reduceCols(Assoc a, Monoid m) {
    Assoc x = a.numeric();
    double[] acc = new double[x.cols.length];
    Arrays.fill(acc, m.identity());
    for (int p = 0; p < x.nnz(); p++) {
      acc[x.colIndex[p]] = m.add(acc[x.colIndex[p]], x.numbers[p]);
    }
    AssocEntries out = new AssocEntries(false);
    for (int j = 0; j < x.cols.length; j++) {
      out.add(0, j, acc[j]);
    }
    return AssocAssembly.condensed(new String[] {""}, x.cols, out);
  }

  /** {@code op} on every stored value; absent entries stay absent. */
  static Assoc apply(Assoc a, UnaryOp op) {
    Assoc x = a.numeric();
    AssocEntries e = new AssocEntries(false);
    x.forEachPosition((i, p) -> e.add(i, x.colIndex[p], op.apply(x.numbers[p])));
    return AssocAssembly.condensed(x.rows, x.cols, e);
  }
}
