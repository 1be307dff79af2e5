package tabulo.kernel;

import java.util.Arrays;

import tabulo.math.ValueCodec;

/**
 * One row of a matrix read from a table: its key and, per stored entry, the column (family and
 * qualifier), the value decoded once to a double, and the visibility. Reused between rows. A row read
 * from a table also keeps each value's stored bytes, so an operation that passes a value through
 * unchanged writes them as they are instead of encoding the double again ({@link #valueBytes}).
 */
public final class MatrixRow {
  public byte[] row;
  public int size;
  public byte[][] families = new byte[16][];
  public byte[][] qualifiers = new byte[16][];
  public double[] values = new double[16];
  public byte[][] visibilities = new byte[16][];
  public boolean labelled; // some entry has a visibility label
  // the stored bytes of the values, one after another: value e ends at storedEnds[e]
  private byte[] stored = new byte[256];
  private int[] storedEnds = new int[16];
  private boolean allStored = true; // every entry came with its stored bytes

  public void clear(byte[] rowKey) {
    row = rowKey;
    size = 0;
    labelled = false;
    allStored = true;
  }

  /** Adds an entry without its stored bytes: {@link #valueBytes} encodes the value. */
  public void add(byte[] family, byte[] qualifier, double value, byte[] visibility) {
    allStored = false;
    append(family, qualifier, value, visibility);
  }

  /** Adds an entry with the bytes it was decoded from ({@code bytes[offset, offset + length)}, copied). */
  public void add(byte[] family, byte[] qualifier, double value, byte[] visibility, byte[] bytes, int offset,
      int length) {
    int from = size == 0 ? 0 : storedEnds[size - 1];
    if (from + length > stored.length) {
      stored = Arrays.copyOf(stored, Math.max(2 * stored.length, from + length));
    }
    System.arraycopy(bytes, offset, stored, from, length);
    append(family, qualifier, value, visibility);
    storedEnds[size - 1] = from + length;
  }

  private void append(byte[] family, byte[] qualifier, double value, byte[] visibility) {
    if (size == values.length) {
      int n = size * 2;
      families = Arrays.copyOf(families, n);
      qualifiers = Arrays.copyOf(qualifiers, n);
      values = Arrays.copyOf(values, n);
      visibilities = Arrays.copyOf(visibilities, n);
      storedEnds = Arrays.copyOf(storedEnds, n);
    }
    families[size] = family;
    qualifiers[size] = qualifier;
    values[size] = value;
    visibilities[size] = visibility;
    labelled |= visibility.length > 0;
    size++;
  }

  /**
   * Entry e's value as {@code codec} writes it: the stored bytes when the row kept them (they decode to
   * the same number), else the value encoded.
   */
  public byte[] valueBytes(int e, ValueCodec codec) {
    if (!allStored) {
      return codec.encode(values[e]);
    }
    return Arrays.copyOfRange(stored, e == 0 ? 0 : storedEnds[e - 1], storedEnds[e]);
  }

  /** The column as one key: the qualifier when the family is empty, else family:qualifier. */
  public byte[] columnKey(int i) {
    return Columns.key(families[i], qualifiers[i]);
  }

  /** A copy that keeps its own arrays (the reader reuses this one). */
  public MatrixRow copy() {
    MatrixRow c = new MatrixRow();
    c.row = row;
    c.size = size;
    c.families = Arrays.copyOf(families, size);
    c.qualifiers = Arrays.copyOf(qualifiers, size);
    c.values = Arrays.copyOf(values, size);
    c.visibilities = Arrays.copyOf(visibilities, size);
    c.labelled = labelled;
    c.allStored = allStored;
    if (allStored) {
      c.stored = Arrays.copyOf(stored, size == 0 ? 0 : storedEnds[size - 1]);
      c.storedEnds = Arrays.copyOf(storedEnds, size);
    }
    return c;
  }
}
