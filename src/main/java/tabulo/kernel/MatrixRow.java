package tabulo.kernel;

import java.util.Arrays;

/**
 * One row of a matrix read from a table: its key and, per stored entry, the column (family and
 * qualifier), the value decoded once to a double, and the visibility. Reused between rows.
 */
public final class MatrixRow {
  public byte[] row;
  public int size;
  public byte[][] families = new byte[16][];
  public byte[][] qualifiers = new byte[16][];
  public double[] values = new double[16];
  public byte[][] visibilities = new byte[16][];
  public boolean labelled; // some entry has a visibility label

  public void clear(byte[] rowKey) {
    row = rowKey;
    size = 0;
    labelled = false;
  }

  public void add(byte[] family, byte[] qualifier, double value, byte[] visibility) {
    if (size == values.length) {
      int n = size * 2;
      families = Arrays.copyOf(families, n);
      qualifiers = Arrays.copyOf(qualifiers, n);
      values = Arrays.copyOf(values, n);
      visibilities = Arrays.copyOf(visibilities, n);
    }
    families[size] = family;
    qualifiers[size] = qualifier;
    values[size] = value;
    visibilities[size] = visibility;
    labelled |= visibility.length > 0;
    size++;
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
    return c;
  }
}
