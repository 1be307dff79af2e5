package tabulo.math;

import java.util.Arrays;

/** A growable list of (row, column, value) entries on primitive arrays, the input to {@link CsrMatrix#of}. */
public final class Triples {
  private int[] rows;
  private int[] cols;
  private double[] values;
  private int size;

  public Triples() {
    this(16);
  }

  public Triples(int capacity) {
    int c = Math.max(1, capacity);
    rows = new int[c];
    cols = new int[c];
    values = new double[c];
  }

  public Triples add(int row, int col, double value) {
    if (size == rows.length) {
      int c = (int) Math.min(Integer.MAX_VALUE - 8, 2L * size);
      if (c == size) {
        throw new IllegalStateException("too many triples: " + size);
      }
      rows = Arrays.copyOf(rows, c);
      cols = Arrays.copyOf(cols, c);
      values = Arrays.copyOf(values, c);
    }
    rows[size] = row;
    cols[size] = col;
    values[size] = value;
    size++;
    return this;
  }

  public int size() {
    return size;
  }

  public int row(int i) {
    return rows[i];
  }

  public int col(int i) {
    return cols[i];
  }

  public double value(int i) {
    return values[i];
  }
}
