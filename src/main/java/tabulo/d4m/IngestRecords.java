package tabulo.d4m;

import java.nio.charset.StandardCharsets;
import java.util.Map.Entry;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;

/**
 * Which files a schema holds, so that rerunning a killed ingest adds each file exactly once.
 *
 * <p>Tedge, TedgeT and TedgeTxt take a file's cells again harmlessly (the same keys and values), but
 * TedgeDeg sums what it is given. So a file's record goes into TedgeDeg itself, in the one atomic load
 * that adds the file's degrees: row {@value #ROW}, family the file's absolute path, qualifier
 * {@code size=N;modified=T;sha256=H}, value 1 (summed by the table's combiner: the times the file was
 * ingested). The record is there exactly when the degrees are. No exploded column ({@code name|value},
 * name not empty) starts with '|', so the row is never a degree; {@code degree} leaves it out. Cells
 * are never deleted from TedgeDeg (a delete seen by its combiner in a partial compaction is unsafe in
 * general, and Accumulo logs an error for it).
 */
final class IngestRecords {
  static final String ROW = "|ingested";
  private static final byte[] ROW_BYTES = ROW.getBytes(StandardCharsets.UTF_8);
  private static final byte[] EMPTY = new byte[0];
  private static final byte[] ONE = {'1'};

  private final Set<String> recorded = ConcurrentHashMap.newKeySet();

  /** Reads the records of the schema's TedgeDeg (which must exist). */
  IngestRecords(Store store, Schema schema) {
    try (Scan s = store.scan(schema.degree(), ScanSpec.all().range(Range.exact(ROW)))) {
      for (Entry<Key, Value> e : s) {
        recorded.add(key(e.getKey().getColumnFamily().toString(), e.getKey().getColumnQualifier().toString()));
      }
    }
  }

  boolean contains(FileIdentity id) {
    return recorded.contains(key(id.path(), id.qualifier()));
  }

  /** Once the load holding the file's record is done. */
  void add(FileIdentity id) {
    recorded.add(key(id.path(), id.qualifier()));
  }

  static byte[] row() {
    return ROW_BYTES;
  }

  /** Appends the file's record to the load of its degrees (at its place in key order). */
  static void appendTo(SortedLoader degree, FileIdentity id, long timestamp) {
    degree.append(ROW_BYTES, id.path().getBytes(StandardCharsets.UTF_8),
        id.qualifier().getBytes(StandardCharsets.UTF_8), EMPTY, timestamp, ONE);
  }

  private static String key(String path, String identity) {
    return path + "\n" + identity;
  }
}
