package tabulo.storage;

import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * The result of a scan: iterate once, then close. Keys and values handed out may be reused by the
 * next call to {@code next()}; copy them to keep them.
 */
public interface Scan extends Iterable<Entry<Key, Value>>, AutoCloseable {
  @Override
  void close();
}
