package tabulo.kernel;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import tabulo.storage.SortedLoader;
import tabulo.storage.Store;

/**
 * Cells that come row by row in key order (a streaming kernel's row-aligned output) appended straight
 * to a bulk load: only one row's cells are held, sorted when they are not already in column order,
 * instead of sorting the whole output.
 */
final class RowOrderedLoader implements AutoCloseable {
  /** One of the held row's cells: its column (family, qualifier, visibility) and value. */
  private record ColumnValue(byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {}

  private static final Comparator<ColumnValue> COLUMN_ORDER = (x, y) -> compareColumns(x.family, x.qualifier,
      x.visibility, y.family, y.qualifier, y.visibility);

  private final Store store;
  private final String table;
  private final long timestamp = System.currentTimeMillis();
  private SortedLoader loader;
  private byte[] row;
  // the current row's cells, as they came
  private int count;
  private byte[][] families = new byte[16][];
  private byte[][] qualifiers = new byte[16][];
  private byte[][] visibilities = new byte[16][];
  private byte[][] values = new byte[16][];
  private boolean increasing = true; // each cell strictly after the one before: appended as they are

  RowOrderedLoader(Store store, String table) {
    this.store = store;
    this.table = table;
  }

  /** Column order (family, qualifier, visibility); qualifiers differ most often, families are often one array. */
  private static int compareColumns(byte[] f1, byte[] q1, byte[] v1, byte[] f2, byte[] q2, byte[] v2) {
    int c = f1 == f2 ? 0 : Arrays.compareUnsigned(f1, f2);
    if (c == 0) {
      c = Arrays.compareUnsigned(q1, q2);
      if (c == 0) {
        c = Arrays.compareUnsigned(v1, v2);
      }
    }
    return c;
  }

  void put(byte[] rowKey, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {
    if (row != null && !Arrays.equals(row, rowKey)) {
      if (Arrays.compareUnsigned(rowKey, row) < 0) {
        throw new IllegalStateException("row " + new String(rowKey, StandardCharsets.UTF_8) + " after "
            + new String(row, StandardCharsets.UTF_8) + ": the output is not in row order");
      }
      flushRow();
    }
    row = rowKey;
    if (count == values.length) {
      grow();
    }
    // a conjunction of labels may reorder a row's cells, and two cells may have one key
    if (increasing && count > 0 && compareColumns(families[count - 1], qualifiers[count - 1],
        visibilities[count - 1], family, qualifier, visibility) >= 0) {
      increasing = false;
    }
    families[count] = family;
    qualifiers[count] = qualifier;
    visibilities[count] = visibility;
    values[count] = value;
    count++;
  }

  private void grow() {
    int n = count * 2;
    families = Arrays.copyOf(families, n);
    qualifiers = Arrays.copyOf(qualifiers, n);
    visibilities = Arrays.copyOf(visibilities, n);
    values = Arrays.copyOf(values, n);
  }

  private void flushRow() {
    if (count == 0) {
      return;
    }
    if (loader == null) {
      loader = store.bulkLoad(table);
    }
    if (increasing) {
      for (int i = 0; i < count; i++) {
        loader.append(row, families[i], qualifiers[i], visibilities[i], timestamp, values[i]);
      }
    } else {
      appendSorted();
    }
    count = 0;
    increasing = true;
  }

  /** The row's cells in column order, one per key (equal keys are one cell to the table anyway). */
  private void appendSorted() {
    List<ColumnValue> cells = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      cells.add(new ColumnValue(families[i], qualifiers[i], visibilities[i], values[i]));
    }
    cells.sort(COLUMN_ORDER);
    ColumnValue prev = null;
    for (ColumnValue c : cells) {
      if (prev != null && COLUMN_ORDER.compare(prev, c) == 0) {
        continue;
      }
      loader.append(row, c.family, c.qualifier, c.visibility, timestamp, c.value);
      prev = c;
    }
  }

  /** Appends the last row and publishes the load: durable when it returns. */
  @Override
  public void close() {
    flushRow();
    if (loader != null) {
      loader.close();
      loader = null;
    }
  }

  /** Drops what was appended (after a failure). */
  void abort() {
    count = 0;
    if (loader != null) {
      loader.abort();
      loader = null;
    }
  }
}
