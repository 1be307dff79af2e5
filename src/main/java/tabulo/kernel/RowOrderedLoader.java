package tabulo.kernel;

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
  private record Cell(byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {}

  private static final Comparator<Cell> COLUMN_ORDER = (x, y) -> {
    int c = Arrays.compareUnsigned(x.family, y.family);
    if (c == 0) {
      c = Arrays.compareUnsigned(x.qualifier, y.qualifier);
    }
    return c != 0 ? c : Arrays.compareUnsigned(x.visibility, y.visibility);
  };

  private final Store store;
  private final String table;
  private final long timestamp = System.currentTimeMillis();
  private SortedLoader loader;
  private byte[] row;
  private final List<Cell> cells = new ArrayList<>();
  private boolean ordered = true;

  RowOrderedLoader(Store store, String table) {
    this.store = store;
    this.table = table;
  }

  /** Whether the cell comes strictly after {@code prev} in column order (qualifiers differ most often). */
  private static boolean follows(Cell prev, byte[] family, byte[] qualifier, byte[] visibility) {
    int c = prev.family == family ? 0 : Arrays.compareUnsigned(prev.family, family);
    if (c == 0) {
      c = Arrays.compareUnsigned(prev.qualifier, qualifier);
      if (c == 0) {
        c = Arrays.compareUnsigned(prev.visibility, visibility);
      }
    }
    return c < 0;
  }

  void put(byte[] rowKey, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {
    if (row != null && !Arrays.equals(row, rowKey)) {
      if (Arrays.compareUnsigned(rowKey, row) < 0) {
        throw new IllegalStateException("row " + new String(rowKey, java.nio.charset.StandardCharsets.UTF_8)
            + " after " + new String(row, java.nio.charset.StandardCharsets.UTF_8) + ": the output is not in row order");
      }
      flushRow();
    }
    row = rowKey;
    if (ordered && !cells.isEmpty()) {
      Cell prev = cells.get(cells.size() - 1);
      // unlabelled cells come in column order (a row operation emits its input's columns in order; the
      // RFile writer refuses any that do not); labelled ones may not: a conjunction reorders labels
      if ((prev.visibility.length > 0 || visibility.length > 0) && !follows(prev, family, qualifier, visibility)) {
        ordered = false;
      }
    }
    cells.add(new Cell(family, qualifier, visibility, value));
  }

  private void flushRow() {
    if (cells.isEmpty()) {
      return;
    }
    if (!ordered) {
      cells.sort(COLUMN_ORDER);
    }
    if (loader == null) {
      loader = store.bulkLoad(table);
    }
    Cell prev = null;
    for (Cell c : cells) {
      if (prev != null && COLUMN_ORDER.compare(prev, c) == 0) {
        continue; // one cell per key: equal keys are one cell to the table anyway
      }
      loader.append(row, c.family, c.qualifier, c.visibility, timestamp, c.value);
      prev = c;
    }
    cells.clear();
    ordered = true;
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
    cells.clear();
    if (loader != null) {
      loader.abort();
      loader = null;
    }
  }
}
