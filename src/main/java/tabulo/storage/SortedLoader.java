package tabulo.storage;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.rfile.Cell;

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
  default void append(Cell cell) {
    append(Cell.key(cell), new Value(Cell.value(cell), false));
  }

  /** Publishes everything appended. */
  @Override
  void close();

  /** A loader that sends each entry through a writer as a mutation; closing it closes the writer. */
  static SortedLoader through(TableWriter writer) {
    return new SortedLoader() {
      @Override
      public void append(Key key, Value value) {
        Mutation m = new Mutation(key.getRowData().toArray());
        m.put(key.getColumnFamilyData().toArray(), key.getColumnQualifierData().toArray(),
            new ColumnVisibility(key.getColumnVisibilityData().toArray()), key.getTimestamp(), value.get());
        writer.addMutation(m);
      }

      @Override
      public void close() {
        writer.close();
      }
    };
  }
}
