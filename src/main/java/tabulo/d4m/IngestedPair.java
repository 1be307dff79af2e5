package tabulo.d4m;

import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

import tabulo.select.KeySpec;

import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * Whether table {@code PREFIXTedge} has a D4M transpose that can be read in its place, and the evidence.
 * A name is not evidence: the pair counts only when {@link SchemaIngest} made it (its record of ingested
 * files is in PREFIXTedgeDeg, and it writes every cell to both tables) and both tables still hold as many
 * entries (a cell written to one table alone, e.g. by {@code put}, makes the counts differ). Where the
 * counts are unknown (Accumulo gives file figures to administrators only, and counts bulk-imported files
 * once compacted) the pair is not used.
 *
 * @param transpose PREFIXTedgeT, or null when it is not known to be Tedge's transpose
 * @param why the evidence for, or the reason against, in a few words
 */
public record IngestedPair(String transpose, String why) {
  private static final String EDGE = "Tedge";

  /** The evidence for {@code table}. */
  public static IngestedPair of(Store store, String table) {
    if (!table.endsWith(EDGE)) {
      return new IngestedPair(null, table + " is not a D4M PREFIXTedge");
    }
    Schema schema = new Schema(table.substring(0, table.length() - EDGE.length()));
    String t = schema.transpose();
    if (!store.exists(t)) {
      return new IngestedPair(null, "no table " + t);
    }
    if (!store.exists(schema.degree()) || !recorded(store, schema)) {
      return new IngestedPair(null, "no ingest record in " + schema.degree() + ", so " + t
          + " is not known to be " + table + "'s transpose");
    }
    long[] n = new long[2];
    try {
      n[0] = store.info(table).knownEntries();
      n[1] = store.info(t).knownEntries();
    } catch (TabuloException e) {
      n[0] = -1;
    }
    if (n[0] < 0 || n[1] < 0) {
      return new IngestedPair(null, "the entry counts of " + table + " and " + t + " are unknown here");
    }
    if (n[0] != n[1]) {
      return new IngestedPair(null, String.format("%s holds %,d entries and %s %,d: written apart since the ingest",
          table, n[0], t, n[1]));
    }
    return new IngestedPair(t, String.format("ingest recorded the pair in %s and both hold %,d entries",
        schema.degree(), n[0]));
  }


  /**
   * The entries of PREFIXTedgeT's rows selected by {@code columns} (exploded columns of {@code table}), from
   * the degrees the ingest keeps in PREFIXTedgeDeg (a row per exploded column): what reading those rows of
   * the transpose costs, without reading them. Call only for a pair {@link #of} found.
   */
  public static long entriesInColumns(Store store, String table, KeySpec columns) {
    Schema schema = new Schema(table.substring(0, table.length() - EDGE.length()));
    long n = 0;
    try (Scan s = store.scan(schema.degree(), ScanSpec.all().ranges(columns.rowRanges()))) {
      for (Entry<Key, Value> e : s) {
        if (!Schema.isIngestBookkeeping(e.getKey().getRow().toString())) {
          n += Long.parseLong(e.getValue().toString());
        }
      }
    }
    return n;
  }

  private static boolean recorded(Store store, Schema schema) {
    try (Scan s = store.scan(schema.degree(), ScanSpec.all().range(Range.exact(IngestRecords.ROW)))) {
      return s.iterator().hasNext();
    }
  }
}
