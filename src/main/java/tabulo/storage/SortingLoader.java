package tabulo.storage;

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
  private final PackedCells cells = new PackedCells();
  private final boolean publishAtClose;
  private SortedLoader load; // with publishAtClose: the one load every chunk is a run of

  public SortingLoader(Store store, String table, int chunk) {
    this(store, table, chunk, null, false);
  }

  /** A loader that also reports the cells per row of each load (a degree table counts them so, unhashed). */
  public SortingLoader(Store store, String table, int chunk, RowCounts rowCounts) {
    this(store, table, chunk, rowCounts, false);
  }

  private SortingLoader(Store store, String table, int chunk, RowCounts rowCounts, boolean publishAtClose) {
    this.store = store;
    this.table = table;
    this.chunk = chunk;
    this.rowCounts = rowCounts;
    this.publishAtClose = publishAtClose;
  }

  /**
   * A loader whose chunks are sorted runs of one bulk load, published together by {@link #close()} (one
   * commit, not one per chunk) and dropped by {@link #abort()}: for output that is durable as a whole.
   */
  public static SortingLoader publishedAtClose(Store store, String table, int chunk) {
    return new SortingLoader(store, table, chunk, null, true);
  }

  /** The same, also reporting the cells per row of each chunk. */
  public static SortingLoader publishedAtClose(Store store, String table, int chunk, RowCounts rowCounts) {
    return new SortingLoader(store, table, chunk, rowCounts, true);
  }

  /** A cell of the empty family with no visibility label. */
  public void put(byte[] row, byte[] qualifier, byte[] value) {
    put(row, EMPTY, qualifier, EMPTY, value);
  }

  public void put(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {
    cells.add(row, family, qualifier, visibility, value);
    if (cells.count() >= chunk) {
      flush();
    }
  }

  /**
   * Sorts and bulk-loads what is buffered; durable when it returns (published at close, with
   * {@link #publishedAtClose}).
   */
  public void flush() {
    if (cells.count() == 0) {
      return;
    }
    int[] order = cells.sortedOffsets();
    PackedCells.Cursor cell = cells.cursor(System.currentTimeMillis());
    if (publishAtClose) {
      if (load == null) {
        load = store.bulkLoad(table);
      } else {
        load.nextRun();
      }
      cells.appendInOrder(load, order, cell);
    } else {
      try (SortedLoader loader = store.bulkLoad(table)) {
        cells.appendInOrder(loader, order, cell);
      }
    }
    if (rowCounts != null) {
      countRows(order, cell);
    }
    cells.clear();
  }

  private void countRows(int[] order, PackedCells.Cursor cell) {
    int rowAt = order[0];
    long count = 0;
    for (int at : order) {
      if (!cell.at(at).sameRow(rowAt)) {
        rowCounts.row(cell.at(rowAt).row(), count);
        rowAt = at;
        count = 0;
      }
      count++;
    }
    rowCounts.row(cell.at(rowAt).row(), count);
  }

  @Override
  public void close() {
    publish();
  }

  /**
   * Loads what is buffered and, with {@link #publishedAtClose}, publishes every run so far in one commit;
   * the loader then takes cells for the next publication.
   */
  public void publish() {
    flush();
    if (load != null) {
      SortedLoader l = load;
      load = null;
      l.close();
    }
  }

  /** Drops what is buffered and, with {@link #publishedAtClose}, every run not yet published. */
  public void abort() {
    cells.clear();
    if (load != null) {
      SortedLoader l = load;
      load = null;
      l.abort();
    }
  }
}
