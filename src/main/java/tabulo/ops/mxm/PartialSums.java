package tabulo.ops.mxm;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import tabulo.math.Semiring;
import tabulo.math.ValueCodec;
import tabulo.storage.SortingLoader;

/**
 * The outer product's partial products of one unit, summed per cell (row, column, label) with the
 * semiring's add before they are written: C's combiner would sum them anyway (the add is a commutative
 * monoid), so a cell that many shared rows reach, such as each entry of y = A^T w for a vector w, is
 * written and later read once per unit instead of once per partial product. Holds at most
 * {@code limit} cells, then writes them out and starts again (C's combiner sums across the flushes too).
 */
final class PartialSums {
  private static final byte[] NO_FAMILY = new byte[0];
  private final Semiring semiring;
  private final ValueCodec codec;
  private final SortingLoader c;
  private final SortingLoader ct; // null: no transpose
  private final int limit;
  private final Map<Cell, double[]> sums = new HashMap<>();
  private long written;

  PartialSums(Semiring semiring, ValueCodec codec, SortingLoader c, SortingLoader ct, int limit) {
    this.semiring = semiring;
    this.codec = codec;
    this.c = c;
    this.ct = ct;
    this.limit = limit;
  }

  /**
   * Adds {@code value} to cell (row, family:qualifier) under {@code label}; {@code columnKey} is C^T's row
   * (null when no C^T is written).
   */
  void add(byte[] row, byte[] family, byte[] qualifier, byte[] columnKey, byte[] label, double value) {
    double[] sum = sums.get(new Cell(row, family, qualifier, columnKey, label));
    if (sum != null) {
      sum[0] = semiring.add(sum[0], value);
      return;
    }
    if (sums.size() >= limit) {
      flush();
    }
    sums.put(new Cell(row, family, qualifier, columnKey, label), new double[] {value});
  }

  /** Writes the cells summed so far to the loaders. */
  void flush() {
    for (Map.Entry<Cell, double[]> e : sums.entrySet()) {
      Cell k = e.getKey();
      byte[] v = codec.encode(e.getValue()[0]);
      c.put(k.row, k.family, k.qualifier, k.label, v);
      if (ct != null) {
        ct.put(k.columnKey, NO_FAMILY, k.row, k.label, v);
      }
    }
    written += sums.size();
    sums.clear();
  }

  /** Cells written to C so far (each summing one or more partial products). */
  long written() {
    return written;
  }

  /** A cell of C: its hash computed once, as every partial product looks it up. */
  private static final class Cell {
    final byte[] row;
    final byte[] family;
    final byte[] qualifier;
    final byte[] columnKey;
    final byte[] label;
    private final int hash;

    Cell(byte[] row, byte[] family, byte[] qualifier, byte[] columnKey, byte[] label) {
      this.row = row;
      this.family = family;
      this.qualifier = qualifier;
      this.columnKey = columnKey;
      this.label = label;
      this.hash = ((Arrays.hashCode(row) * 31 + Arrays.hashCode(family)) * 31 + Arrays.hashCode(qualifier)) * 31
          + Arrays.hashCode(label);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Cell other && hash == other.hash && Arrays.equals(row, other.row)
          && Arrays.equals(qualifier, other.qualifier) && Arrays.equals(family, other.family)
          && Arrays.equals(label, other.label);
    }
  }
}
