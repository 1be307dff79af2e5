package tabulo.ops.mxm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;

import tabulo.kernel.Columns;
import tabulo.kernel.KeyDictionary;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowReader;
import tabulo.kernel.Scans;
import tabulo.kernel.Sites;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;

/**
 * Fetches the B rows a row-by-row batch needs and decodes them once ({@link BRows}): from B's D4M
 * transpose when the column filter selects few enough of its cells (one sequential read of the selected
 * columns beats a seek per B row), else by one scan of exactly those B rows. Counts the entries read, and
 * those read from another server.
 */
final class BRowFetcher {
  private static final byte[] EMPTY = new byte[0];
  private static final int FETCH_THREADS = 4;
  /**
   * About what one seek to a B row costs, in entries read in order: B's rows come from its transpose when
   * the selected columns hold at most this many entries per B row the batch needs.
   */
  private static final long ENTRIES_PER_SEEK = 8;

  private BRowFetcher() {}

  /** The B rows (rows of table {@code b}) the batch needs, decoded once. */
  static BRows fetch(BatchReads reads, String b, RowBatch batch) {
    MxmPlan.Reads how = reads.plan().reads;
    if (how.rightTransposed() != null
        && how.rightTransposedEntries() <= (long) batch.bKeys.size() * ENTRIES_PER_SEEK) {
      return fetchFromTranspose(reads, batch);
    }
    return fetchRows(reads, b, batch);
  }

  /**
   * The batch's B rows from B^T: its rows that the column filter selects (B's columns), read in order,
   * each cell (column j, row k) kept when the batch needs row k. Ingest's pairs hold empty families, so
   * B^T's row is B's column qualifier and its qualifier B's row.
   */
  private static BRows fetchFromTranspose(BatchReads reads, RowBatch batch) {
    MxmOptions options = reads.options();
    String bTranspose = reads.plan().reads.rightTransposed();
    int n = batch.bKeys.size();
    int[] sizes = new int[n];
    IntList rowOf = new IntList();
    IntList colOf = new IntList();
    List<byte[]> qualifiers = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    List<byte[]> labels = new ArrayList<>();
    boolean anyLabel = false;
    Sites.RemoteRows remoteB = batch.sites.of(bTranspose);
    ScanSpec spec = Scans.spec(options.cols.rowRanges(), KeySpec.all(), reads.auths());
    try (Scan ts = reads.store().scan(bTranspose, spec)) {
      RowReader reader = new RowReader(bTranspose, ts, reads.codec(), reads.counters().entriesRead);
      MatrixRow r;
      while ((r = reader.next()) != null) {
        boolean remote = remoteB != null && remoteB.remote(r.row);
        int col = -1;
        for (int e = 0; e < r.size; e++) {
          int idx = batch.bKeys.find(r.qualifiers[e]);
          if (idx < 0 || r.families[e].length > 0) {
            continue;
          }
          if (col < 0) {
            col = qualifiers.size();
            qualifiers.add(r.row.clone());
          }
          rowOf.add(idx);
          colOf.add(col);
          values.add(r.values[e]);
          labels.add(r.labelled ? r.visibilities[e].clone() : EMPTY);
          anyLabel |= r.labelled && r.visibilities[e].length > 0;
          sizes[idx]++;
          if (remote) {
            reads.counters().remoteEntries.incrementAndGet(); // an entry of B, read from B^T on another server
          }
        }
      }
    }
    BRows out = new BRows(n);
    for (int i = 0; i < n; i++) {
      if (sizes[i] > 0) {
        out.cols[i] = new int[sizes[i]];
        out.vals[i] = new double[sizes[i]];
        out.vis[i] = anyLabel ? new byte[sizes[i]][] : null;
      }
    }
    int[] filled = new int[n];
    for (int p = 0; p < rowOf.size; p++) {
      int i = rowOf.items[p];
      int at = filled[i]++;
      out.cols[i][at] = colOf.items[p];
      out.vals[i][at] = values.get(p);
      if (anyLabel) {
        out.vis[i][at] = labels.get(p);
      }
    }
    List<byte[]> families = new ArrayList<>(qualifiers.size());
    for (int j = 0; j < qualifiers.size(); j++) {
      families.add(EMPTY);
    }
    out.numberInKeyOrder(families, qualifiers);
    return out;
  }

  /** A growable array of ints. */
  private static final class IntList {
    int[] items = new int[64];
    int size;

    void add(int v) {
      if (size == items.length) {
        items = Arrays.copyOf(items, 2 * size);
      }
      items[size++] = v;
    }
  }

  /** One scan of all the B rows the batch needs, in key order, decoded once. */
  private static BRows fetchRows(BatchReads reads, String b, RowBatch batch) {
    MxmOptions options = reads.options();
    List<byte[]> keys = new ArrayList<>(batch.bKeys.size());
    for (int i = 0; i < batch.bKeys.size(); i++) {
      keys.add(batch.bKeys.key(i));
    }
    keys.sort(Arrays::compareUnsigned);
    List<Range> ranges = new ArrayList<>(keys.size());
    for (byte[] k : keys) {
      ranges.add(Range.exact(new Text(k)));
    }
    BRows out = new BRows(batch.bKeys.size());
    KeyDictionary columnIds = new KeyDictionary();
    List<byte[]> families = new ArrayList<>();
    List<byte[]> qualifiers = new ArrayList<>();
    Sites.RemoteRows remote = batch.sites.of(b);
    boolean singleTable = reads.singleTable();
    int partWidth = reads.plan().reads.partWidth();
    // unordered: a host reads the tablets in parallel, and may hand a row over in more than one piece
    ScanSpec spec = Scans.spec(ranges, options.cols, reads.auths()).unordered(FETCH_THREADS);
    byte[] outFamily = singleTable ? SingleTableLayout.C.getBytes(StandardCharsets.UTF_8) : null;
    try (Scan bs = reads.store().scan(b, singleTable ? spec.fetch(SingleTableLayout.B) : spec)) {
      RowReader reader = new RowReader(b, bs, reads.codec(), reads.counters().entriesRead);
      MatrixRow r;
      while ((r = reader.next()) != null) {
        int idx = batch.bKeys.find(r.row);
        if (idx < 0) {
          continue;
        }
        if (remote != null ? remote.remote(r.row)
            : partWidth > 0 && !samePart(partWidth, r.row, batch.rows.get(0).row)) {
          reads.counters().remoteEntries.addAndGet(r.size);
        }
        int[] cols = new int[r.size];
        for (int e = 0; e < r.size; e++) {
          int id = columnIds.add(Columns.key(r.families[e], r.qualifiers[e]));
          if (id == families.size()) { // a new column
            families.add(singleTable ? outFamily : r.families[e]); // C's cells go to M's family C
            qualifiers.add(r.qualifiers[e]);
          }
          cols[e] = id;
        }
        out.append(idx, cols, r);
      }
    }
    out.numberInKeyOrder(families, qualifiers);
    return out;
  }

  /**
   * Planned multiply: whether a B row lies in the driver row's part (the same part prefix of width {@code w};
   * a tablet is one part).
   */
  private static boolean samePart(int w, byte[] bRow, byte[] yRow) {
    return bRow.length >= w && yRow.length >= w && Arrays.equals(bRow, 0, w, yRow, 0, w);
  }
}
