package tabulo.d4m;

import java.util.Arrays;

import tabulo.select.KeySpec;

/**
 * Selection from an {@link Assoc}: D4M's {@code A(rows, cols)} by key pattern or by position, and
 * {@code A > x} on the values. Each keeps the chosen entries as they are and condenses the keys.
 */
final class AssocSelect {
  private AssocSelect() {}

  /** The entries whose row matches {@code rowSpec} and column {@code colSpec}. */
  static Assoc byKeys(Assoc a, KeySpec rowSpec, KeySpec colSpec) {
    boolean[] keepRow = new boolean[a.rows.length];
    boolean[] keepCol = new boolean[a.cols.length];
    for (int i = 0; i < a.rows.length; i++) {
      keepRow[i] = rowSpec.matches(a.rows[i]);
    }
    for (int j = 0; j < a.cols.length; j++) {
      keepCol[j] = colSpec.matches(a.cols[j]);
    }
    return masked(a, keepRow, keepCol);
  }

  /** The rows and columns at these 0-based positions (null: all); positions out of range are ignored. */
  static Assoc byPositions(Assoc a, int[] rowPositions, int[] colPositions) {
    return masked(a, mask(rowPositions, a.rows.length), mask(colPositions, a.cols.length));
  }

  /** The entries of a numeric array whose value compares to {@code x} as asked. */
  static Assoc where(Assoc a, Assoc.Compare op, double x) {
    if (a.isString()) {
      throw new IllegalArgumentException("a string array compared with a number");
    }
    AssocEntries e = new AssocEntries(false);
    a.forEachPosition((i, p) -> {
      if (op.holds(Double.compare(a.numbers[p], x))) {
        e.add(i, a.colIndex[p], a.numbers[p]);
      }
    });
    return AssocAssembly.condensed(a.rows, a.cols, e);
  }

  /** The entries of a string array whose value compares to {@code x} in UTF-8 order. */
  static Assoc where(Assoc a, Assoc.Compare op, String x) {
    if (!a.isString()) {
      throw new IllegalArgumentException("a numeric array compared with a string");
    }
    AssocEntries e = new AssocEntries(true);
    a.forEachPosition((i, p) -> {
      if (op.holds(KeyOrder.compare(a.texts[p], x))) {
        e.add(i, a.colIndex[p], a.texts[p]);
      }
    });
    return AssocAssembly.condensed(a.rows, a.cols, e);
  }

  private static boolean[] mask(int[] positions, int n) {
    boolean[] m = new boolean[n];
    if (positions == null) {
      Arrays.fill(m, true);
    } else {
      for (int p : positions) {
        if (p >= 0 && p < n) {
          m[p] = true;
        }
      }
    }
    return m;
  }

  private static Assoc masked(Assoc a, boolean[] keepRow, boolean[] keepCol) {
    AssocEntries e = new AssocEntries(a.isString());
    for (int i = 0; i < a.rows.length; i++) {
      if (keepRow[i]) {
        for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; p++) {
          if (keepCol[a.colIndex[p]]) {
            if (a.texts != null) {
              e.add(i, a.colIndex[p], a.texts[p]);
            } else {
              e.add(i, a.colIndex[p], a.numbers[p]);
            }
          }
        }
      }
    }
    return AssocAssembly.condensed(a.rows, a.cols, e);
  }
}
