package tabulo.d4m;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How an {@link Assoc}'s compressed rows are laid out: from entries already in (row, column) order,
 * keeping only the keys that have an entry ({@link #condensed}, the exit of every operation), or from
 * triples collected in any order by an {@link Assoc.Builder} ({@link #sorted}).
 */
final class AssocAssembly {
  private AssocAssembly() {}

  /**
   * Entries given in (row, column) order over the key spaces {@code rowKeys} and {@code colKeys}, kept
   * only for the keys that have an entry.
   */
  static Assoc condensed(String[] rowKeys, String[] colKeys, AssocEntries e) {
    boolean[] usedRow = new boolean[rowKeys.length];
    boolean[] usedCol = new boolean[colKeys.length];
    for (int p = 0; p < e.size; p++) {
      usedRow[e.rows[p]] = true;
      usedCol[e.cols[p]] = true;
    }
    int[] newRow = renumber(usedRow);
    int[] newCol = renumber(usedCol);
    String[] r = kept(rowKeys, usedRow);
    String[] c = kept(colKeys, usedCol);
    int[] start = new int[r.length + 1];
    int[] ci = new int[e.size];
    for (int p = 0; p < e.size; p++) {
      start[newRow[e.rows[p]] + 1]++;
      ci[p] = newCol[e.cols[p]];
    }
    for (int i = 0; i < r.length; i++) {
      start[i + 1] += start[i];
    }
    double[] nums = e.strings() ? null : Arrays.copyOf(e.numbers, e.size);
    String[] strs = e.strings() ? Arrays.copyOf(e.texts, e.size) : null;
    return new Assoc(r, c, start, ci, nums, strs);
  }

  /**
   * Triple p is ({@code rowList[p]}, {@code colList[p]}) with value {@code nums[p]}, or {@code strs[p]}
   * when {@code strings}; values for the same (row, column) are combined by {@code collision} in the
   * order given.
   */
  static Assoc sorted(List<String> rowList, List<String> colList, double[] nums, List<String> strs, boolean strings,
      Collision collision) {
    int n = rowList.size();
    if (n == 0) {
      return Assoc.empty();
    }
    String[] rowKeys = KeyOrder.sortedUnique(rowList);
    String[] colKeys = KeyOrder.sortedUnique(colList);
    int[] ri = indexes(rowList, rowKeys);
    int[] ci = indexes(colList, colKeys);
    int[] order = sortByRowThenColumn(ri, ci, rowKeys.length, colKeys.length);
    AssocEntries out = new AssocEntries(strings);
    int q = 0;
    while (q < n) {
      int p = order[q];
      double num = strings ? 0 : nums[p];
      String str = strings ? strs.get(p) : null;
      int k = q + 1;
      while (k < n && ri[order[k]] == ri[p] && ci[order[k]] == ci[p]) {
        if (strings) {
          str = collision.combine(str, strs.get(order[k]));
        } else {
          num = collision.combine(num, nums[order[k]]);
        }
        k++;
      }
      if (strings) {
        out.add(ri[p], ci[p], str);
      } else {
        out.add(ri[p], ci[p], num);
      }
      q = k;
    }
    return condensed(rowKeys, colKeys, out);
  }

  private static int[] renumber(boolean[] used) {
    int[] at = new int[used.length];
    int n = 0;
    for (int i = 0; i < used.length; i++) {
      at[i] = used[i] ? n++ : -1;
    }
    return at;
  }

  private static String[] kept(String[] keys, boolean[] used) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < keys.length; i++) {
      if (used[i]) {
        out.add(keys[i]);
      }
    }
    return out.toArray(new String[0]);
  }

  private static int[] indexes(List<String> keys, String[] sorted) {
    Map<String, Integer> at = new HashMap<>(sorted.length * 2);
    for (int i = 0; i < sorted.length; i++) {
      at.put(sorted[i], i);
    }
    int[] out = new int[keys.size()];
    for (int p = 0; p < out.length; p++) {
      out[p] = at.get(keys.get(p));
    }
    return out;
  }

  /** Two stable counting sorts (by column, then by row): equal positions stay in the order given. */
  private static int[] sortByRowThenColumn(int[] ri, int[] ci, int nRows, int nCols) {
    int n = ri.length;
    int[] byCol = countingSort(identity(n), ci, nCols);
    return countingSort(byCol, ri, nRows);
  }

  private static int[] identity(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  private static int[] countingSort(int[] items, int[] key, int buckets) {
    int[] start = new int[buckets + 1];
    for (int p : items) {
      start[key[p] + 1]++;
    }
    for (int b = 0; b < buckets; b++) {
      start[b + 1] += start[b];
    }
    int[] out = new int[items.length];
    for (int p : items) {
      out[start[key[p]]++] = p;
    }
    return out;
  }
}
