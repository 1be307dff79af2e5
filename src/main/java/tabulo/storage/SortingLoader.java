package tabulo.storage;

import java.util.Arrays;


/**
 * Takes cells in any order and adds them to a table in sorted bulk loads of at most {@code chunk} cells,
 * skipping the write-ahead log and memtables. What {@link #flush()} returns from is durable. For bulk
 * producers (ingest, multiply kernels) whose output is published or retried as a whole. Cells with the
 * same coordinates are all kept (for the table's combiner, or its versioning, to resolve).
 */
public final class SortingLoader implements AutoCloseable {
  /** Told, at each load, how many cells each row got (rows in key order). */
  @FunctionalInterface
  public interface RowCounts {
    void row(byte[] row, long cells);
  }

  private static final byte[] EMPTY = new byte[0];

  private final Store store;
  private final String table;
  private final int chunk;
  private final RowCounts rowCounts;
  private int count;
  private long[] prefixes = new long[0];
  private byte[][] rows = new byte[0][];
  private byte[][] families = new byte[0][];
  private byte[][] qualifiers = new byte[0][];
  private byte[][] visibilities = new byte[0][];
  private byte[][] values = new byte[0][];

  public SortingLoader(Store store, String table, int chunk) {
    this(store, table, chunk, null);
  }

  /** A loader that also reports the cells per row of each load (a degree table counts them so, unhashed). */
  public SortingLoader(Store store, String table, int chunk, RowCounts rowCounts) {
    this.store = store;
    this.table = table;
    this.chunk = chunk;
    this.rowCounts = rowCounts;
  }

  /** A cell of the empty family with no visibility label. */
  public void put(byte[] row, byte[] qualifier, byte[] value) {
    put(row, EMPTY, qualifier, EMPTY, value);
  }

  public void put(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {
    if (count == rows.length) {
      grow();
    }
    prefixes[count] = RowPrefixSort.prefix(row, 0, row.length);
    rows[count] = row;
    families[count] = family;
    qualifiers[count] = qualifier;
    visibilities[count] = visibility;
    values[count] = value;
    count++;
    if (count >= chunk) {
      flush();
    }
  }

  private void grow() {
    int n = Math.min(Math.max(1024, count * 2), Math.max(chunk, count + 1));
    prefixes = Arrays.copyOf(prefixes, n);
    rows = Arrays.copyOf(rows, n);
    families = Arrays.copyOf(families, n);
    qualifiers = Arrays.copyOf(qualifiers, n);
    visibilities = Arrays.copyOf(visibilities, n);
    values = Arrays.copyOf(values, n);
  }

  /** Sorts and bulk-loads what is buffered; durable when it returns. */
  public void flush() {
    if (count == 0) {
      return;
    }
    int[] order = new int[count];
    for (int i = 0; i < count; i++) {
      order[i] = i;
    }
    RowPrefixSort.sort(prefixes, order, count, RowPrefixSort.Rows.of(rows), this::compareCells);
    long ts = System.currentTimeMillis();
    try (SortedLoader loader = store.bulkLoad(table)) {
      for (int i : order) {
        loader.append(rows[i], families[i], qualifiers[i], visibilities[i], ts, values[i]);
      }
    }
    if (rowCounts != null) {
      countRows(order);
    }
    Arrays.fill(rows, 0, count, null);
    Arrays.fill(families, 0, count, null);
    Arrays.fill(qualifiers, 0, count, null);
    Arrays.fill(visibilities, 0, count, null);
    Arrays.fill(values, 0, count, null);
    count = 0;
  }

  private void countRows(int[] order) {
    byte[] row = rows[order[0]];
    long cells = 0;
    for (int i : order) {
      if (!Arrays.equals(rows[i], row)) {
        rowCounts.row(row, cells);
        row = rows[i];
        cells = 0;
      }
      cells++;
    }
    rowCounts.row(row, cells);
  }

  private int compareCells(int a, int b) {
    int c = Arrays.compareUnsigned(rows[a], rows[b]);
    c = c != 0 ? c : Arrays.compareUnsigned(families[a], families[b]);
    c = c != 0 ? c : Arrays.compareUnsigned(qualifiers[a], qualifiers[b]);
    return c != 0 ? c : Arrays.compareUnsigned(visibilities[a], visibilities[b]);
  }

  @Override
  public void close() {
    flush();
  }
}
