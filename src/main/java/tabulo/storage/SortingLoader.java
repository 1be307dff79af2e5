package tabulo.storage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * Takes cells in any order and adds them to a table in sorted bulk loads of at most {@code chunk} cells,
 * skipping the write-ahead log and memtables. What {@link #flush()} returns from is durable. For bulk
 * producers (ingest, multiply kernels) whose output is published or retried as a whole. Cells with the
 * same coordinates are all kept (for the table's combiner, or its versioning, to resolve).
 */
public final class SortingLoader implements AutoCloseable {
  private record Cell(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {}

  private static final Comparator<Cell> ORDER = (a, b) -> {
    int c = Arrays.compareUnsigned(a.row, b.row);
    c = c != 0 ? c : Arrays.compareUnsigned(a.family, b.family);
    c = c != 0 ? c : Arrays.compareUnsigned(a.qualifier, b.qualifier);
    return c != 0 ? c : Arrays.compareUnsigned(a.visibility, b.visibility);
  };
  private static final byte[] EMPTY = new byte[0];

  private final Store store;
  private final String table;
  private final int chunk;
  private List<Cell> cells;

  public SortingLoader(Store store, String table, int chunk) {
    this.store = store;
    this.table = table;
    this.chunk = chunk;
    this.cells = new ArrayList<>(Math.min(chunk, 1 << 16));
  }

  /** A cell of the empty family with no visibility label. */
  public void put(byte[] row, byte[] qualifier, byte[] value) {
    put(row, EMPTY, qualifier, EMPTY, value);
  }

  public void put(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {
    cells.add(new Cell(row, family, qualifier, visibility, value));
    if (cells.size() >= chunk) {
      flush();
    }
  }

  /** Sorts and bulk-loads what is buffered; durable when it returns. */
  public void flush() {
    if (cells.isEmpty()) {
      return;
    }
    Cell[] sorted = cells.toArray(new Cell[0]);
    cells = new ArrayList<>(Math.min(chunk, 1 << 16));
    Arrays.sort(sorted, ORDER);
    long ts = System.currentTimeMillis();
    try (SortedLoader loader = store.bulkLoad(table)) {
      for (Cell c : sorted) {
        loader.append(new Key(c.row, c.family, c.qualifier, c.visibility, ts, false, false), new Value(c.value, false));
      }
    }
  }

  @Override
  public void close() {
    flush();
  }
}
