package tabulo.storage;

import java.util.Iterator;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.rfile.KeyValueFields;

/**
 * The result of a scan: iterate once, then close. Keys and values handed out may be reused by the
 * next call to {@code next()}; copy them to keep them.
 */
public interface Scan extends Iterable<Entry<Key, Value>>, AutoCloseable {
  /**
   * Hands the scan's cells, in the order iteration would, to {@code sink} (instead of iterating; once),
   * until it returns false; returns the cells handed over. A host may read them in place, with no Key or
   * Value per cell.
   */
  default long forEachCell(CellSink sink) {
    KeyValueFields fields = new KeyValueFields();
    long cells = 0;
    for (Entry<Key, Value> e : this) {
      cells++;
      if (!sink.accept(fields.set(e.getKey(), e.getValue()))) {
        break;
      }
    }
    return cells;
  }

  /**
   * The scan's cells in the order iteration would give them, pulled one at a time (instead of iterating or
   * {@link #forEachCell}; once). A host may read them in place, with no Key or Value per cell.
   */
  default Cells cells() {
    return entryCells(this);
  }

  /** The cells of {@code scan} through its entries (Keys and Values), never in place. */
  static Cells entryCells(Scan scan) {
    Iterator<Entry<Key, Value>> entries = scan.iterator();
    KeyValueFields fields = new KeyValueFields();
    return () -> {
      if (!entries.hasNext()) {
        return null;
      }
      Entry<Key, Value> e = entries.next();
      return fields.set(e.getKey(), e.getValue());
    };
  }

  @Override
  void close();
}
