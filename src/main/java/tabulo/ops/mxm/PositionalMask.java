package tabulo.ops.mxm;

import java.util.Arrays;

/**
 * A mask on C's positions rather than on a table: which columns of a row are computed, by comparing the
 * column key with the row key (unsigned bytes, as {@code select} compares them and with its names):
 * GraphBLAS's tril and triu applied inside the multiply. Row-by-row numbers a batch's columns in key
 * order, so in each row the admitted columns are one interval of column numbers, and the accumulator
 * never computes the others ({@link MxmOptions#positional}).
 */
public enum PositionalMask {
  /** Lower triangle and diagonal: column key &lt;= row key. */
  TRIL("tril", false, true),
  /** Upper triangle and diagonal: column key &gt;= row key. */
  TRIU("triu", true, true),
  /** Strictly lower triangle: column key &lt; row key. */
  LOWER("lower", false, false),
  /** Strictly upper triangle: column key &gt; row key. */
  UPPER("upper", true, false);

  private final String label;
  private final boolean upper; // the admitted columns are after the row key (else before it)
  private final boolean diagonal; // the column equal to the row key is admitted

  PositionalMask(String label, boolean upper, boolean diagonal) {
    this.label = label;
    this.upper = upper;
    this.diagonal = diagonal;
  }

  /** Its name, as {@code select} names it. */
  public String label() {
    return label;
  }

  /** The mask of this name (tril, triu, lower, upper); else {@link IllegalArgumentException} listing them. */
  public static PositionalMask named(String name) {
    for (PositionalMask m : values()) {
      if (m.label.equals(name)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown positional mask '" + name + "'; known: tril, triu, lower, upper");
  }

  /** The first column number (in key order, of {@code keys}) the mask admits in row {@code row}. */
  int first(byte[][] keys, int columns, byte[] row) {
    return upper ? firstColumn(keys, columns, row, !diagonal) : 0;
  }

  /** One past the last column number the mask admits in row {@code row}. */
  int end(byte[][] keys, int columns, byte[] row) {
    return upper ? columns : firstColumn(keys, columns, row, diagonal);
  }

  /** The first column whose key is after {@code row} ({@code after}), or at or after it. */
  private static int firstColumn(byte[][] keys, int columns, byte[] row, boolean after) {
    int lo = 0;
    int hi = columns;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int c = Arrays.compareUnsigned(keys[mid], row);
      if (c < 0 || (after && c == 0)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
