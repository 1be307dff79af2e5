package tabulo.ops.mxm;

import java.util.Arrays;

import tabulo.kernel.KeyDictionary;
import tabulo.kernel.LongDictionary;
import tabulo.math.Semiring;
import tabulo.math.ValueCodec;
import tabulo.storage.SortingLoader;

/**
 * The outer product's partial products of one unit, summed per cell (row, column, label) with the
 * semiring's add before they are written: C's combiner would sum them anyway (the add is a commutative
 * monoid), so a cell that many shared rows reach, such as each entry of y = A^T w for a vector w, is
 * written and later read once per unit instead of once per partial product. Holds at most
 * {@code limit} cells, then writes them out and starts again (C's combiner sums across the flushes too).
 * Rows, columns and labels are numbered in dictionaries and a cell is a pair of numbers in one long, so
 * a partial product costs a probe or two of a flat table, not a key object and a hash map node.
 */
final class PartialSums {
  private static final byte[] NO_FAMILY = new byte[0];
  private final Semiring semiring;
  private final ValueCodec codec;
  private final SortingLoader c;
  private final SortingLoader ct; // null: no transpose
  private final int limit;
  private final KeyDictionary rows = new KeyDictionary();
  private final KeyDictionary columns = new KeyDictionary(); // by family and qualifier, see columnTag
  private byte[][] families = new byte[4][];
  private byte[][] qualifiers = new byte[4][];
  private byte[][] columnKeys = new byte[4][]; // C^T's rows
  private int[] unlabelledPart = new int[4]; // per column: its part without a label, or -1
  private final KeyDictionary labels = new KeyDictionary();
  private final LongDictionary parts = new LongDictionary(); // (column, label) pairs
  private LongDictionary cells = new LongDictionary(); // (row, part) pairs
  private double[] sums = new double[16];
  private long written;

  PartialSums(Semiring semiring, ValueCodec codec, SortingLoader c, SortingLoader ct, int limit) {
    this.semiring = semiring;
    this.codec = codec;
    this.c = c;
    this.ct = ct;
    this.limit = limit;
  }

  /** The number of C's row {@code row} in this unit. */
  int row(byte[] row) {
    return rows.add(row);
  }

  /** The number of C's column (family, qualifier) in this unit; {@code columnKey} is C^T's row (may be null). */
  int column(byte[] family, byte[] qualifier, byte[] columnKey) {
    int n = columns.add(columnTag(family, qualifier));
    if (n == families.length) {
      families = Arrays.copyOf(families, 2 * n);
      qualifiers = Arrays.copyOf(qualifiers, 2 * n);
      columnKeys = Arrays.copyOf(columnKeys, 2 * n);
      unlabelledPart = Arrays.copyOf(unlabelledPart, 2 * n);
    }
    if (families[n] == null) {
      families[n] = family;
      qualifiers[n] = qualifier;
      columnKeys[n] = columnKey;
      unlabelledPart[n] = -1;
    }
    return n;
  }

  /** Adds {@code value} to cell (row, column) under {@code label} (empty: none), numbered as above. */
  void add(int row, int column, byte[] label, double value) {
    int part;
    if (label.length == 0) {
      part = unlabelledPart[column];
      if (part < 0) {
        part = unlabelledPart[column] = parts.add(((long) column << 32) | labels.add(label));
      }
    } else {
      part = parts.add(((long) column << 32) | labels.add(label));
    }
    long cell = ((long) row << 32) | part;
    int n = cells.find(cell);
    if (n >= 0) {
      sums[n] = semiring.add(sums[n], value);
      return;
    }
    if (cells.size() >= limit) {
      flush();
    }
    n = cells.add(cell);
    if (n == sums.length) {
      sums = Arrays.copyOf(sums, 2 * n);
    }
    sums[n] = value;
  }

  /** Writes the cells summed so far to the loaders. */
  void flush() {
    for (int n = 0; n < cells.size(); n++) {
      long cell = cells.key(n);
      byte[] row = rows.key((int) (cell >>> 32));
      long part = parts.key((int) cell);
      int column = (int) (part >>> 32);
      byte[] label = labels.key((int) part);
      byte[] v = codec.encode(sums[n]);
      c.put(row, families[column], qualifiers[column], label, v);
      if (ct != null) {
        ct.put(columnKeys[column], NO_FAMILY, row, label, v);
      }
    }
    written += cells.size();
    cells = new LongDictionary();
  }

  /** Cells written to C so far (each summing one or more partial products). */
  long written() {
    return written;
  }

  /** Family and qualifier as one dictionary key no other pair shares: the family's length first. */
  private static byte[] columnTag(byte[] family, byte[] qualifier) {
    byte[] t = new byte[4 + family.length + qualifier.length];
    t[0] = (byte) (family.length >>> 24);
    t[1] = (byte) (family.length >>> 16);
    t[2] = (byte) (family.length >>> 8);
    t[3] = (byte) family.length;
    System.arraycopy(family, 0, t, 4, family.length);
    System.arraycopy(qualifier, 0, t, 4 + family.length, qualifier.length);
    return t;
  }
}
