package tabulo.d4m;

import java.util.Iterator;
import java.util.List;
import java.util.Map.Entry;
import java.util.NoSuchElementException;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

import tabulo.iterators.ColumnSpecFilter;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;

/**
 * The cells of a table selected by a D4M row spec (turned into row ranges) and column spec (a
 * {@link ColumnSpecFilter} running next to the data), streamed in key order. Close it when done.
 */
public final class TableCells implements Iterator<TableCells.D4mCell>, AutoCloseable {
  /** Above the table's own iterators (combiners, versioning), so columns are chosen from final values. */
  static final int COLUMN_FILTER_PRIORITY = 1000;

  /** One cell: its row, its D4M column and its value bytes. */
  public record D4mCell(String row, String col, byte[] value) {}

  private final Scan scan;
  private final Iterator<Entry<Key, Value>> it;

  private TableCells(Scan scan) {
    this.scan = scan;
    this.it = scan == null ? java.util.Collections.emptyIterator() : scan.iterator();
  }

  public static TableCells open(Store store, String table, KeySpec rows, KeySpec cols) {
    List<Range> ranges = rows.rowRanges();
    if (ranges.isEmpty() || cols.isEmpty()) {
      return new TableCells(null);
    }
    ScanSpec spec = ScanSpec.all().ranges(ranges);
    if (!cols.isAll()) {
      IteratorSetting filter = new IteratorSetting(COLUMN_FILTER_PRIORITY, "tabulo-cols", ColumnSpecFilter.class);
      ColumnSpecFilter.setSpec(filter, cols.toString());
      spec.iterator(filter);
    }
    return new TableCells(store.scan(table, spec));
  }

  @Override
  public boolean hasNext() {
    return it.hasNext();
  }

  @Override
  public D4mCell next() {
    if (!it.hasNext()) {
      throw new NoSuchElementException();
    }
    Entry<Key, Value> e = it.next();
    Key k = e.getKey();
    ByteSequence f = k.getColumnFamilyData();
    ByteSequence q = k.getColumnQualifierData();
    byte[] fb = f.toArray();
    byte[] qb = q.toArray();
    return new D4mCell(new String(k.getRowData().toArray(), java.nio.charset.StandardCharsets.UTF_8), CellCollector.column(fb, 0, fb.length, qb, 0, qb.length),
        e.getValue().get().clone());
  }

  @Override
  public void close() {
    if (scan != null) {
      scan.close();
    }
  }
}
