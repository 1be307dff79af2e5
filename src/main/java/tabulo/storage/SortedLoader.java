package tabulo.storage;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.rfile.CellSlices;

/**
 * Adds entries given in key order straight to a table's sorted files (a bulk import), bypassing the
 * write-ahead log and memtables. The entries appear together, durably, when the loader is closed.
 */
public interface SortedLoader extends AutoCloseable {
  /** Appends one entry; keys must not decrease. The key is copied. */
  void append(Key key, Value value);

  /** Appends one entry given as its fields (none deleted; the arrays are not kept): no Key or Value built. */
  default void append(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp,
      byte[] value) {
    append(new Key(row, family, qualifier, visibility, timestamp, false, false), new Value(value, false));
  }

  /** Appends one cell given as slices of its array (read, not kept). */
  default void append(CellSlices cell) {
    append(CellSlices.key(cell), new Value(CellSlices.value(cell), false));
  }

  /**
   * Starts another run of entries in key order: the next key may again be the smallest. Every run is
   * still published together, at close.
   */
  void nextRun();

  /** Publishes everything appended. */
  @Override
  void close();

  /**
   * Drops everything appended instead of publishing it, leaving the table as it was (a loader that sends
   * entries through a writer cannot take back what it sent: it only closes the writer).
   */
  void abort();

  /** Whether {@link #abort()} and a failure leave the table as it was (false for a writer underneath). */
  default boolean allOrNothing() {
    return true;
  }

  /** A loader that sends each entry through a writer as a mutation; closing it closes the writer. */
  static SortedLoader through(TableWriter writer) {
    return new SortedLoader() {
      @Override
      public void append(Key key, Value value) {
        Mutation m = new Mutation(key.getRowData().toArray());
        ColumnVisibility vis = new ColumnVisibility(key.getColumnVisibilityData().toArray());
        if (key.isDeleted()) {
          m.putDelete(key.getColumnFamilyData().toArray(), key.getColumnQualifierData().toArray(), vis,
              key.getTimestamp());
        } else {
          m.put(key.getColumnFamilyData().toArray(), key.getColumnQualifierData().toArray(), vis,
              key.getTimestamp(), value.get());
        }
        writer.addMutation(m);
      }

      @Override
      public void nextRun() {
        // a writer takes entries in any order
      }

      @Override
      public void close() {
        writer.close();
      }

      @Override
      public void abort() {
        writer.close();
      }

      @Override
      public boolean allOrNothing() {
        return false;
      }
    };
  }
}
