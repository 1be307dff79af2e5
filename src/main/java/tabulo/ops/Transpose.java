package tabulo.ops;

import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.math.ValueCodec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableWriter;

/** Copies a table transposed: entry (r, c) -> (c, r) with its value and visibility unchanged. */
public final class Transpose {
  private Transpose() {}

  /**
   * Writes src^T into the existing table dst; returns the number of entries copied. Each value must be
   * readable by {@code codec}, so a bad value is reported against the source table, row and column.
   */
  public static long copy(Store store, String src, String dst, Authorizations auths, ValueCodec codec) {
    long n = 0;
    try (Scan scan = store.scan(src, ScanSpec.all().auths(auths).unordered(2));
        TableWriter w = store.writer(dst)) {
      for (Entry<Key, Value> e : scan) {
        Key k = e.getKey();
        RowReader.decode(codec, e.getValue(), src, RowReader.bytes(k.getRowData()),
            RowReader.bytes(k.getColumnFamilyData()), RowReader.bytes(k.getColumnQualifierData()));
        Mutation m = new Mutation(Columns.key(RowReader.bytes(k.getColumnFamilyData()),
            RowReader.bytes(k.getColumnQualifierData())));
        byte[] vis = RowReader.bytes(k.getColumnVisibilityData());
        if (vis.length == 0) {
          m.put(NO_FAMILY, RowReader.bytes(k.getRowData()), e.getValue().get());
        } else {
          m.put(NO_FAMILY, RowReader.bytes(k.getRowData()), new ColumnVisibility(vis), e.getValue().get());
        }
        w.addMutation(m);
        n++;
      }
    }
    return n;
  }

  private static final byte[] NO_FAMILY = new byte[0];
}
