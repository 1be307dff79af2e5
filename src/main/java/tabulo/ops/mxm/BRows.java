package tabulo.ops.mxm;

import java.util.Arrays;
import java.util.List;

import tabulo.kernel.Columns;
import tabulo.kernel.KeyDictionary;
import tabulo.kernel.MatrixRow;
import tabulo.storage.RowPrefixSort;

/**
 * The fetched rows of B, decoded: per B row its entries as column numbers, values and visibilities.
 * Columns are numbered in key order, so a row of C in ascending column numbers is in key order.
 * {@link BRowFetcher} fills the rows ({@link #append}) with columns numbered first seen first, then
 * renumbers them ({@link #numberInKeyOrder}).
 */
final class BRows {
  private static final byte[] EMPTY = new byte[0];

  int[][] cols;
  double[][] vals;
  byte[][][] vis; // null for a row without labels
  byte[][] families; // by column number
  byte[][] qualifiers;
  int columns;
  KeyDictionary ids; // column key -> column number
  byte[][] keys; // by column number: the column key, in key order

  /** Room for {@code n} B rows, none fetched yet. */
  BRows(int n) {
    cols = new int[n][];
    vals = new double[n][];
    vis = new byte[n][][];
  }

  /** Adds one piece of B row {@code idx}: usually the whole row, else appended to what came before. */
  void append(int idx, int[] rowCols, MatrixRow r) {
    byte[][] labels = r.labelled ? Arrays.copyOf(r.visibilities, r.size) : null;
    if (cols[idx] == null) {
      cols[idx] = rowCols;
      vals[idx] = Arrays.copyOf(r.values, r.size);
      vis[idx] = labels;
      return;
    }
    int n = cols[idx].length;
    if (vis[idx] != null || labels != null) {
      byte[][] merged = new byte[n + r.size][];
      for (int e = 0; e < n; e++) {
        merged[e] = vis[idx] == null ? EMPTY : vis[idx][e];
      }
      for (int e = 0; e < r.size; e++) {
        merged[n + e] = labels == null ? EMPTY : labels[e];
      }
      vis[idx] = merged;
    }
    cols[idx] = Arrays.copyOf(cols[idx], n + r.size);
    System.arraycopy(rowCols, 0, cols[idx], n, r.size);
    vals[idx] = Arrays.copyOf(vals[idx], n + r.size);
    System.arraycopy(r.values, 0, vals[idx], n, r.size);
  }

  /** Renumbers the columns, first seen first, to their positions in key order. */
  void numberInKeyOrder(List<byte[]> firstSeenFamilies, List<byte[]> firstSeenQualifiers) {
    int n = firstSeenFamilies.size();
    int[] order = inKeyOrder(firstSeenFamilies, firstSeenQualifiers);
    int[] rank = new int[n];
    families = new byte[n][];
    qualifiers = new byte[n][];
    ids = new KeyDictionary(n);
    keys = new byte[n][];
    for (int r = 0; r < n; r++) {
      rank[order[r]] = r;
      families[r] = firstSeenFamilies.get(order[r]);
      qualifiers[r] = firstSeenQualifiers.get(order[r]);
      keys[r] = Columns.key(families[r], qualifiers[r]);
      ids.add(keys[r]); // numbered r
    }
    columns = n;
    for (int i = 0; i < cols.length; i++) {
      int[] row = cols[i];
      if (row != null) {
        for (int e = 0; e < row.length; e++) {
          row[e] = rank[row[e]];
        }
        inColumnOrder(i);
      }
    }
  }

  /**
   * The columns' numbers in (family, qualifier) order: by radix on the qualifiers when every family is
   * empty (the usual case; a comparison sort spent most of its time on cache misses), else by comparisons.
   */
  private static int[] inKeyOrder(List<byte[]> families, List<byte[]> qualifiers) {
    int n = families.size();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    if (families.stream().allMatch(f -> f.length == 0)) {
      byte[][] q = qualifiers.toArray(new byte[0][]);
      long[] prefixes = new long[n];
      for (int i = 0; i < n; i++) {
        prefixes[i] = RowPrefixSort.prefix(q[i], 0, q[i].length);
      }
      RowPrefixSort.sort(prefixes, order, n, RowPrefixSort.Rows.of(q),
          (x, z) -> Arrays.compareUnsigned(q[x], q[z]));
      return order;
    }
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, (x, z) -> {
      int cmp = Arrays.compareUnsigned(families.get(x), families.get(z));
      return cmp != 0 ? cmp : Arrays.compareUnsigned(qualifiers.get(x), qualifiers.get(z));
    });
    for (int i = 0; i < n; i++) {
      order[i] = boxed[i];
    }
    return order;
  }

  /**
   * Puts B row {@code i}'s entries in column order when they are not (a row handed over in pieces out of
   * order), so a positional mask can find a row's first and last admitted entries by binary search.
   */
  private void inColumnOrder(int i) {
    int[] row = cols[i];
    boolean sorted = true;
    for (int e = 1; e < row.length && sorted; e++) {
      sorted = row[e - 1] < row[e];
    }
    if (sorted) {
      return;
    }
    Integer[] order = new Integer[row.length];
    for (int e = 0; e < row.length; e++) {
      order[e] = e;
    }
    Arrays.sort(order, (x, z) -> Integer.compare(row[x], row[z]));
    int[] c = new int[row.length];
    double[] v = new double[row.length];
    byte[][] l = vis[i] == null ? null : new byte[row.length][];
    for (int e = 0; e < row.length; e++) {
      c[e] = row[order[e]];
      v[e] = vals[i][order[e]];
      if (l != null) {
        l[e] = vis[i][order[e]];
      }
    }
    cols[i] = c;
    vals[i] = v;
    vis[i] = l;
  }

  /** The first position of {@code cols} (ascending) holding a column at or after {@code first}. */
  static int firstAtOrAfter(int[] cols, int first) {
    if (first == 0) {
      return 0;
    }
    int lo = 0;
    int hi = cols.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cols[mid] < first) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * One past the last position of {@code cols} (ascending) holding a column before {@code end}; all of them
   * when {@code end} is past the batch's columns ({@code columns}).
   */
  static int endBefore(int[] cols, int end, int columns) {
    return end >= columns ? cols.length : firstAtOrAfter(cols, end);
  }

  /** Whether any of the B rows {@code refs} carries a label. */
  boolean anyLabelled(int[] refs) {
    for (int r : refs) {
      if (vis[r] != null) {
        return true;
      }
    }
    return false;
  }
}
