package tabulo.math;

import java.util.Arrays;

/**
 * Gustavson's dense accumulator for one row of a product at a time: values indexed by column, a marker
 * saying which columns the current row has touched, and the list of them, put in ascending order when
 * the row ends. Nothing is allocated per partial product; the arrays are reused from row to row, so one
 * accumulator serves one thread.
 *
 * <p>Used by the in-memory multiply ({@link CsrMatrix#mxm}) and by the row-by-row table kernel, so both
 * sum partial products the same way. Its inner loop, {@link #addScaledRow}, is the hot path of both.
 */
public final class SparseAccumulator {
  /** Rows touching more than 1/16 of the columns are put in order by scanning rather than sorting. */
  private static final int DENSE_ROW_FRACTION = 16;

  private final Semiring semiring;
  private final double[] values;
  private final int[] touchedIn; // the generation of the row that last touched each column
  private final int[] touched;
  private int generation; // of the current row; 0 marks no row
  private int count;

  /** An accumulator for rows with columns {@code [0, columns)}, summing with {@code semiring}'s plus. */
  public SparseAccumulator(int columns, Semiring semiring) {
    this.semiring = semiring;
    this.values = new double[columns];
    this.touchedIn = new int[columns];
    this.touched = new int[columns];
  }

  /** Starts a new, empty row. */
  public void startRow() {
    if (++generation == Integer.MAX_VALUE) { // after 2^31 rows: forget every mark once
      Arrays.fill(touchedIn, 0);
      generation = 1;
    }
    count = 0;
  }

  /**
   * Adds {@code a} times the entries {@code [from, to)} of a sparse row, given as parallel arrays of
   * columns and values, to the current row.
   */
  public void addScaledRow(double a, int[] cols, double[] vals, int from, int to) {
    Semiring s = semiring;
    double[] acc = values;
    int[] mark = touchedIn;
    int[] list = touched;
    int gen = generation;
    int t = count;
    for (int p = from; p < to; p++) {
      int j = cols[p];
      double prod = s.multiply(a, vals[p]);
      if (mark[j] != gen) {
        mark[j] = gen;
        acc[j] = prod;
        list[t++] = j;
      } else {
        acc[j] = s.add(acc[j], prod);
      }
    }
    count = t;
  }

  /**
   * {@link #addScaledRow} through a mask (GraphBLAS C&lt;M&gt;): only entries whose column {@code j} has
   * {@code (mask[j] == stamp) == admitted} are multiplied and added, so a masked-out column costs one look
   * at the mask and no product. Returns how many entries were added.
   */
  public int addScaledRowMasked(double a, int[] cols, double[] vals, int from, int to, int[] mask, int stamp,
      boolean admitted) {
    Semiring s = semiring;
    double[] acc = values;
    int[] mark = touchedIn;
    int[] list = touched;
    int gen = generation;
    int t = count;
    int added = 0;
    for (int p = from; p < to; p++) {
      int j = cols[p];
      if ((mask[j] == stamp) != admitted) {
        continue;
      }
      added++;
      double prod = s.multiply(a, vals[p]);
      if (mark[j] != gen) {
        mark[j] = gen;
        acc[j] = prod;
        list[t++] = j;
      } else {
        acc[j] = s.add(acc[j], prod);
      }
    }
    count = t;
    return added;
  }

  /**
   * Ends the current row: puts its columns in ascending order and returns how many there are; read them
   * with {@link #column} and their sums with {@link #value}.
   */
  public int finishRow() {
    int t = count;
    int p = values.length;
    if (t > p / DENSE_ROW_FRACTION) { // a hub's row: one pass over the marker beats a sort
      int gen = generation;
      int q = 0;
      for (int j = 0; j < p; j++) {
        if (touchedIn[j] == gen) {
          touched[q++] = j;
        }
      }
    } else {
      Arrays.sort(touched, 0, t);
    }
    return t;
  }

  /** The {@code q}-th column of the finished row, in ascending order. */
  public int column(int q) {
    return touched[q];
  }

  /** The sum accumulated in {@code column} of the current row. */
  public double value(int column) {
    return values[column];
  }
}
