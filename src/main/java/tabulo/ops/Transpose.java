package tabulo.ops;

import tabulo.kernel.RowReader;
import tabulo.kernel.Columns;

import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.ValueCodec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortingLoader;
import tabulo.storage.Store;

/**
 * Copies a table transposed: entry (r, c) -> (c, r) with its value and visibility unchanged, in sorted
 * bulk loads (no write-ahead log: the copy is a staging table, rebuilt if a run fails).
 */
public final class Transpose {
  private Transpose() {}

  /**
   * Writes src^T into the existing table dst; returns the number of entries copied. Each value must be
   * readable by {@code codec}, so a bad value is reported against the source table, row and column.
   */
  public static long copy(Store store, String src, String dst, Authorizations auths, ValueCodec codec) {
    long n = 0;
    try (Scan scan = store.scan(src, ScanSpec.all().auths(auths).unordered(2));
        SortingLoader loader = new SortingLoader(store, dst, CHUNK)) {
      for (Entry<Key, Value> e : scan) {
        Key k = e.getKey();
        byte[] row = RowReader.bytes(k.getRowData());
        byte[] family = RowReader.bytes(k.getColumnFamilyData());
        byte[] qualifier = RowReader.bytes(k.getColumnQualifierData());
        RowReader.decode(codec, e.getValue(), src, row, family, qualifier);
        loader.put(Columns.key(family, qualifier), EMPTY, row, RowReader.bytes(k.getColumnVisibilityData()),
            e.getValue().get());
        n++;
      }
    }
    return n;
  }

  /** Entries per sorted bulk load of the copy (bounded memory: tens of MB). */
  private static final int CHUNK = 500_000;

  private static final byte[] EMPTY = new byte[0];
}
