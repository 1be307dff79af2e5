package tabulo.d4m;

import java.util.Arrays;

/**
 * Entries appended in (row, column) order against index spaces of row and column keys; the raw form
 * of an {@link Assoc} under construction. Numeric zeros are not stored: in D4M, as in a sparse matrix,
 * zero is absence.
 */
final class AssocEntries {
  private final boolean strings;
  int size;
  int[] rows = new int[16];
  int[] cols = new int[16];
  double[] numbers;
  String[] texts;

  AssocEntries(boolean strings) {
    this.strings = strings;
    if (strings) {
      texts = new String[16];
    } else {
      numbers = new double[16];
    }
  }

  boolean strings() {
    return strings;
  }

  void add(int row, int col, double value) {
    if (value == 0.0) {
      return;
    }
    grow();
    rows[size] = row;
    cols[size] = col;
    numbers[size++] = value;
  }

  void add(int row, int col, String value) {
    grow();
    rows[size] = row;
    cols[size] = col;
    texts[size++] = value;
  }

  private void grow() {
    if (size == rows.length) {
      int n = size * 2;
      rows = Arrays.copyOf(rows, n);
      cols = Arrays.copyOf(cols, n);
      if (strings) {
        texts = Arrays.copyOf(texts, n);
      } else {
        numbers = Arrays.copyOf(numbers, n);
      }
    }
  }
}
