package tabulo.ops.mxm;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.storage.TableWriter;

/**
 * One row's cells sent as mutations of at most {@code maxCells} cells each. A tablet server holds a mutation
 * whole (in its write-ahead log entry and in memory) and a batch writer refuses one larger than its buffer,
 * so a result row of a million columns (a row-vector frontier, a hub's row) must not become one mutation.
 */
final class RowMutations {
  /** Cells per mutation: about a megabyte of short cells. */
  static final int MAX_CELLS = 20_000;

  private final byte[] row;
  private final TableWriter out;
  private final int maxCells;
  private Mutation pending;
  private long cells;

  RowMutations(byte[] row, TableWriter out) {
    this(row, out, MAX_CELLS);
  }

  RowMutations(byte[] row, TableWriter out, int maxCells) {
    if (maxCells < 1) {
      throw new IllegalArgumentException("maxCells must be at least 1, not " + maxCells);
    }
    this.row = row;
    this.out = out;
    this.maxCells = maxCells;
  }

  void put(byte[] family, byte[] qualifier, ColumnVisibility visibility, byte[] value) {
    if (pending == null) {
      pending = new Mutation(row);
    }
    pending.put(family, qualifier, visibility, value);
    cells++;
    if (pending.size() >= maxCells) {
      out.addMutation(pending);
      pending = null;
    }
  }

  /** Sends what is pending; the number of cells put. */
  long finish() {
    if (pending != null) {
      out.addMutation(pending);
      pending = null;
    }
    return cells;
  }
}
