package tabulo.storage;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * Adds entries given in key order straight to a table's sorted files (a bulk import), bypassing the
 * write-ahead log and memtables. The entries appear together, durably, when the loader is closed.
 */
public interface SortedLoader extends AutoCloseable {
  /** Appends one entry; keys must not decrease. The key is copied. */
  void append(Key key, Value value);

  /** Publishes everything appended. */
  @Override
  void close();
}
