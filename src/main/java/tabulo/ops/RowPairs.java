package tabulo.ops;

import java.util.Arrays;

import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowStream;
import tabulo.kernel.Visibilities;

/**
 * The element-wise join of two rows of one key, column by column (entries are in key order). Where both
 * rows hold a column, every pair of their cells (one per label) gives one cell carrying both labels.
 */
final class RowPairs {
  /** The value of a cell held by both rows. */
  interface Both {
    byte[] apply(double x, double y);
  }

  /** The value of a cell held by one row only. */
  interface One {
    byte[] apply(double x);
  }

  private RowPairs() {}

  /** A ∪ B: {@code both} where both hold a column, {@code one} where one does (null for none). */
  static void union(byte[] row, MatrixRow a, MatrixRow b, RowStream.Output out, Both both, One one) {
    join(row, a, b, out, both, one, one);
  }

  /** A ∩ B. */
  static void intersection(byte[] row, MatrixRow a, MatrixRow b, RowStream.Output out, Both both) {
    if (a != null && b != null) {
      join(row, a, b, out, both, null, null);
    }
  }

  private static final ThreadLocal<Visibilities> VISIBILITIES = ThreadLocal.withInitial(Visibilities::new);

  /** Walks both rows in column order; {@code onlyA}/{@code onlyB} null: skip such columns. */
  static void join(byte[] row, MatrixRow a, MatrixRow b, RowStream.Output out, Both both, One onlyA, One onlyB) {
    int na = a == null ? 0 : a.size;
    int nb = b == null ? 0 : b.size;
    int i = 0;
    int j = 0;
    while (i < na || j < nb) {
      int c = i >= na ? 1 : j >= nb ? -1 : compareColumns(a, i, b, j);
      int ei = c <= 0 ? i + 1 : i; // past this column's cells (one per label)
      int ej = c >= 0 ? j + 1 : j;
      if (c <= 0) {
        while (ei < na && compareColumns(a, i, a, ei) == 0) {
          ei++;
        }
      }
      if (c >= 0) {
        while (ej < nb && compareColumns(b, j, b, ej) == 0) {
          ej++;
        }
      }
      if (c == 0) {
        for (int x = i; x < ei; x++) {
          for (int y = j; y < ej; y++) {
            out.put(0, row, a.families[x], a.qualifiers[x], both(a.visibilities[x], b.visibilities[y]),
                both.apply(a.values[x], b.values[y]));
          }
        }
      } else if (c < 0 && onlyA != null) {
        for (int x = i; x < ei; x++) {
          out.put(0, row, a.families[x], a.qualifiers[x], a.visibilities[x], onlyA.apply(a.values[x]));
        }
      } else if (c > 0 && onlyB != null) {
        for (int y = j; y < ej; y++) {
          out.put(0, row, b.families[y], b.qualifiers[y], b.visibilities[y], onlyB.apply(b.values[y]));
        }
      }
      i = ei;
      j = ej;
    }
  }

  /** The label of a pair's cell; unlabelled pairs (the common case) skip the thread's conjunction cache. */
  private static byte[] both(byte[] x, byte[] y) {
    return x.length == 0 && y.length == 0 ? x : VISIBILITIES.get().and(x, y).getExpression();
  }

  private static int compareColumns(MatrixRow a, int i, MatrixRow b, int j) {
    int c = Arrays.compareUnsigned(a.families[i], b.families[j]);
    return c != 0 ? c : Arrays.compareUnsigned(a.qualifiers[i], b.qualifiers[j]);
  }
}
