package tabulo.ops.mxm;

import tabulo.kernel.TabletKernel;
import tabulo.kernel.TabletRun;
import tabulo.kernel.KernelCounters;
import tabulo.kernel.DriverRows;
import tabulo.kernel.Tasks;
import tabulo.kernel.Scans;
import tabulo.kernel.RowReader;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.Columns;
import tabulo.kernel.MaskFilter;
import tabulo.kernel.Visibilities;
import tabulo.kernel.Sites;
import tabulo.kernel.KeyDictionary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.io.Text;

import tabulo.math.EncodeCache;
import tabulo.math.Semiring;
import tabulo.math.SparseAccumulator;
import tabulo.math.ValueCodec;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.RowPrefixSort;
import tabulo.storage.Store;
import tabulo.storage.TableWriter;

/**
 * Demirci and Aykanat's row-by-row multiply (RRp), C = Y (+.x) B, for one tablet of Y: rows of Y are
 * batched until they need {@code batchRows} distinct rows of B; one scan fetches those B rows and decodes
 * them once into primitive arrays (columns numbered by a per-batch dictionary, in key order); worker
 * threads then compute whole rows of C with Gustavson's dense accumulator ({@link SparseAccumulator})
 * and write each finished row once, in key order, straight to C's sorted files (no log, no memtable: C
 * is split like Y, so each worker's rows land in the tablet that holds the same rows of Y).
 * C needs no combiner to sum its parts and is final when the call returns (its scan-time sum across
 * labels is {@link Mxm}'s, as for the outer product).
 *
 * <p>With a mask M (C&lt;M&gt;), each batch also reads M's rows over the batch's span, beside the driver:
 * a row of Y whose mask row admits nothing is dropped before its B rows are fetched, and the accumulator
 * multiplies only the columns the mask admits (the complement: only the others), so masked-out entries of
 * C cost a look at the mask, never a product. The mask cell's label joins the label of the cell it admits
 * ({@link MaskFilter}).
 *
 * <p>In the single-table layout ({@link SingleTableLayout}) Y, B and C are families of one table M: Y's rows
 * are M's family A (each cell's column nested in its qualifier), B rows are fetched as M's family B, and
 * C's cells go to family C of the same rows of M, keeping B's nested qualifiers (so they stay in key order).
 */
final class RowByRow implements TabletKernel {
  private final Store store;
  private final String y;
  private final String b;
  private final MxmOptions options;
  private final Authorizations auths;
  private final String cTable;
  private final String ctTable; // null: no transpose
  private final ExecutorService pool;
  private final KernelCounters counters;
  private final boolean singleTable;

  RowByRow(Store store, MxmPlan plan, ExecutorService pool, KernelCounters counters) {
    this.store = store;
    this.y = plan.left;
    this.b = plan.right;
    this.options = plan.options;
    this.auths = plan.auths;
    this.cTable = plan.out;
    this.ctTable = plan.outTransposed;
    this.pool = pool;
    this.counters = counters;
    this.singleTable = plan.options.layout == MxmOptions.Layout.SINGLE_TABLE;
  }

  /** A batch of Y rows, their mask rows (with a mask), and the distinct B rows they need, each numbered once. */
  private static final class Batch {
    final List<MatrixRow> rows = new ArrayList<>();
    final List<MatrixRow> masks = new ArrayList<>(); // per row its row of M, or null (with a mask only)
    final List<int[]> needs = new ArrayList<>(); // per row, per entry: index of the B row, or -1
    final KeyDictionary bKeys = new KeyDictionary(); // the B rows, numbered
    final boolean singleTable; // Y's columns are nested in M's qualifiers

    Batch(boolean singleTable) {
      this.singleTable = singleTable;
    }
    Sites sites = Sites.NONE; // where the run is: which fetched rows lie on another server

    void add(MatrixRow r) {
      int[] refs = new int[r.size];
      for (int e = 0; e < r.size; e++) {
        byte[] k = singleTable ? nestedKey(r.qualifiers[e]) : r.columnKey(e);
        refs[e] = bKeys.add(k);
      }
      rows.add(r);
      needs.add(refs);
    }

    private static byte[] nestedKey(byte[] qualifier) {
      byte[][] column = Columns.unnest(qualifier);
      return Columns.key(column[0], column[1]);
    }
  }

  /**
   * The fetched rows of B, decoded: per B row its entries as column numbers, values and visibilities.
   * Columns are numbered in key order, so a row of C in ascending column numbers is in key order.
   */
  private static final class BRows {
    int[][] cols;
    double[][] vals;
    byte[][][] vis; // null for a row without labels
    byte[][] families; // by column number
    byte[][] qualifiers;
    int columns;
    KeyDictionary ids; // column key -> column number
    byte[][] keys; // by column number: the column key, in key order
  }

  @Override
  public TabletRun start(Range range, DriverRows driver) {
    return start(range, driver, Sites.NONE);
  }

  /**
   * A unit is one batch: its rows of C are durable when {@link TabletRun#step()} returns. B entries fetched
   * from another server ({@code sites}) are counted in {@link KernelCounters#remoteEntries}; with no servers
   * known and a plan's placement, those of B rows in another part.
   */
  @Override
  public TabletRun start(Range range, DriverRows driver, Sites sites) {
    List<Range> ranges = Scans.clip(options.rows, range);
    if (ranges.isEmpty()) {
      return w -> null;
    }
    Scan ys = driver.open(ranges);
    RowReader reader = new RowReader(y, ys, options.codec, counters.entriesRead);
    int batchLimit = batchLimit();
    return new TabletRun() {
      @Override
      public byte[] step(Runnable beforeWriting) {
        Batch batch = new Batch(singleTable);
        MatrixRow r;
        while (batch.bKeys.size() < batchLimit && (r = reader.next()) != null) {
          batch.add(r.copy());
        }
        if (batch.rows.isEmpty()) {
          ys.close();
          return null;
        }
        beforeWriting.run();
        byte[] last = batch.rows.get(batch.rows.size() - 1).row;
        Batch work = options.mask == null ? batch : masked(batch);
        work.sites = sites;
        process(work);
        return last;
      }

      @Override
      public void close() {
        ys.close();
      }
    };
  }

  /**
   * The batch with each row's mask row; without the complement, only the rows whose mask row admits
   * something (the others have no entry in C, and their B rows are not fetched).
   */
  private Batch masked(Batch batch) {
    List<MatrixRow> maskRows = maskIsDriver() ? batch.rows : fetchMasks(batch.rows);
    Batch out = new Batch(singleTable);
    for (int i = 0; i < batch.rows.size(); i++) {
      MatrixRow m = maskRows.get(i);
      if (options.maskComplement || admitsAny(m)) {
        out.add(batch.rows.get(i));
        out.masks.add(m);
      }
    }
    return out;
  }

  /**
   * Whether each row's mask row is the driver row itself (C&lt;A&gt; = A B, as k-truss's support and
   * per-vertex triangles): the same table read with the same columns and authorizations, so it is not
   * read twice.
   */
  private boolean maskIsDriver() {
    return options.mask.equals(y) && options.cols.isAll() && options.inner.isAll() && !singleTable;
  }

  private boolean admitsAny(MatrixRow m) {
    for (int e = 0; m != null && e < m.size; e++) {
      if (options.maskStructure || m.values[e] != 0) {
        return true;
      }
    }
    return false;
  }

  /** M's rows for the batch's rows (null where M has none): one scan of M over the batch's span. */
  private List<MatrixRow> fetchMasks(List<MatrixRow> rows) {
    List<MatrixRow> out = new ArrayList<>(rows.size());
    Range span = new Range(new Text(rows.get(0).row), true, new Text(rows.get(rows.size() - 1).row), true);
    try (Scan ms = store.scan(options.mask, Scans.spec(List.of(span), options.cols, auths))) {
      RowReader reader = new RowReader(options.mask, ms, options.maskStructure ? null : options.codec,
          counters.entriesRead);
      MatrixRow m = reader.next();
      for (MatrixRow r : rows) {
        while (m != null && java.util.Arrays.compareUnsigned(m.row, r.row) < 0) {
          m = reader.next();
        }
        boolean same = m != null && java.util.Arrays.equals(m.row, r.row);
        out.add(same ? m.copy() : null);
      }
    }
    return out;
  }

  /**
   * The distinct B rows a batch gathers. When B's selected columns may come from its D4M transpose, each
   * batch that reads them there reads every selected cell whatever the batch's size, so a batch may need
   * up to that many rows (bounded) and read them once instead of once per smaller batch; memory is bounded
   * by those cells either way.
   */
  private int batchLimit() {
    if (options.bTranspose == null) {
      return options.batchRows;
    }
    return (int) Math.max(options.batchRows, Math.min(options.bTransposeEntries, MAX_TRANSPOSE_BATCH));
  }

  private void process(Batch batch) {
    if (batch.rows.isEmpty()) {
      return;
    }
    BRows bRows = fetch(batch);
    BatchDegrees degrees = options.jaccardDegrees == null ? null : BatchDegrees.read(store, options.jaccardDegrees,
        auths, options.codec, batch.rows.stream().map(r -> r.row).toList(), bRows.keys, counters.entriesRead);
    int workers = Math.min(options.workers, batch.rows.size());
    int[] bounds = workers > 1 ? WeightedSplit.of(work(batch, bRows), workers) : new int[] {0, batch.rows.size()};
    try (UnitWriters writers = new UnitWriters(store, cTable, ctTable)) {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        int from = bounds[w];
        int to = bounds[w + 1];
        if (from < to) {
          done.add(pool.submit(() -> multiply(batch, bRows, degrees, from, to, writers)));
        }
      }
      Tasks.awaitAll(done);
    }
  }

  /**
   * Each batch row's work, to share the rows out among the workers: the B entries its product visits
   * (past the strictly upper mask's first column), plus one for the row itself.
   */
  private long[] work(Batch batch, BRows bRows) {
    long[] work = new long[batch.rows.size()];
    for (int i = 0; i < work.length; i++) {
      int first = firstAdmitted(bRows, batch.rows.get(i).row);
      long w = 1;
      for (int ref : batch.needs.get(i)) {
        int[] cols = bRows.cols[ref];
        w += cols == null ? 0 : cols.length - firstAtOrAfter(cols, first);
      }
      work[i] = w;
    }
    return work;
  }

  /**
   * The B rows the batch needs, decoded once: from B's D4M transpose when the column filter selects few
   * enough of its cells (one sequential read of the selected columns beats a seek per B row), else by one
   * scan of exactly those B rows.
   */
  private BRows fetch(Batch batch) {
    if (options.bTranspose != null
        && options.bTransposeEntries <= (long) batch.bKeys.size() * ENTRIES_PER_SEEK) {
      return fetchFromTranspose(batch);
    }
    return fetchRows(batch);
  }

  /**
   * The batch's B rows from B^T: its rows that the column filter selects (B's columns), read in order,
   * each cell (column j, row k) kept when the batch needs row k. Ingest's pairs hold empty families, so
   * B^T's row is B's column qualifier and its qualifier B's row.
   */
  private BRows fetchFromTranspose(Batch batch) {
    int n = batch.bKeys.size();
    int[] sizes = new int[n];
    IntList rowOf = new IntList();
    IntList colOf = new IntList();
    List<byte[]> qualifiers = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    List<byte[]> labels = new ArrayList<>();
    boolean anyLabel = false;
    Sites.RemoteRows remoteB = batch.sites.of(options.bTranspose);
    try (Scan ts = store.scan(options.bTranspose, Scans.spec(options.cols.rowRanges(), KeySpec.all(), auths))) {
      RowReader reader = new RowReader(options.bTranspose, ts, options.codec, counters.entriesRead);
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
            counters.remoteEntries.incrementAndGet(); // an entry of B, read from B^T on another server
          }
        }
      }
    }
    BRows out = new BRows();
    out.cols = new int[n][];
    out.vals = new double[n][];
    out.vis = new byte[n][][];
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
    numberInKeyOrder(out, families, qualifiers);
    return out;
  }

  /** A growable array of ints. */
  private static final class IntList {
    int[] items = new int[64];
    int size;

    void add(int v) {
      if (size == items.length) {
        items = java.util.Arrays.copyOf(items, 2 * size);
      }
      items[size++] = v;
    }
  }

  /** One scan of all the B rows the batch needs, in key order, decoded once. */
  private BRows fetchRows(Batch batch) {
    List<byte[]> keys = new ArrayList<>(batch.bKeys.size());
    for (int i = 0; i < batch.bKeys.size(); i++) {
      keys.add(batch.bKeys.key(i));
    }
    keys.sort(java.util.Arrays::compareUnsigned);
    List<Range> ranges = new ArrayList<>(keys.size());
    for (byte[] k : keys) {
      ranges.add(Range.exact(new Text(k)));
    }
    BRows out = new BRows();
    int n = batch.bKeys.size();
    out.cols = new int[n][];
    out.vals = new double[n][];
    out.vis = new byte[n][][];
    KeyDictionary columnIds = new KeyDictionary();
    List<byte[]> families = new ArrayList<>();
    List<byte[]> qualifiers = new ArrayList<>();
    Sites.RemoteRows remote = batch.sites.of(b);
    // unordered: a host reads the tablets in parallel, and may hand a row over in more than one piece
    ScanSpec spec = Scans.spec(ranges, options.cols, auths).unordered(FETCH_THREADS);
    byte[] outFamily = singleTable ? SingleTableLayout.C.getBytes(java.nio.charset.StandardCharsets.UTF_8) : null;
    try (Scan bs = store.scan(b, singleTable ? spec.fetch(SingleTableLayout.B) : spec)) {
      RowReader reader = new RowReader(b, bs, options.codec, counters.entriesRead);
      MatrixRow r;
      while ((r = reader.next()) != null) {
        int idx = batch.bKeys.find(r.row);
        if (idx < 0) {
          continue;
        }
        if (remote != null ? remote.remote(r.row)
            : options.partWidth > 0 && !samePart(r.row, batch.rows.get(0).row)) {
          counters.remoteEntries.addAndGet(r.size);
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
        append(out, idx, cols, r);
      }
    }
    numberInKeyOrder(out, families, qualifiers);
    return out;
  }

  /** Planned multiply: whether a B row lies in the driver row's part (the same part prefix; a tablet is one part). */
  private boolean samePart(byte[] bRow, byte[] yRow) {
    int w = options.partWidth;
    return bRow.length >= w && yRow.length >= w && java.util.Arrays.equals(bRow, 0, w, yRow, 0, w);
  }

  /** Renumbers the columns, first seen first, to their positions in key order. */
  private static void numberInKeyOrder(BRows out, List<byte[]> families, List<byte[]> qualifiers) {
    int n = families.size();
    int[] order = inKeyOrder(families, qualifiers);
    int[] rank = new int[n];
    out.families = new byte[n][];
    out.qualifiers = new byte[n][];
    out.ids = new KeyDictionary(n);
    out.keys = new byte[n][];
    for (int r = 0; r < n; r++) {
      rank[order[r]] = r;
      out.families[r] = families.get(order[r]);
      out.qualifiers[r] = qualifiers.get(order[r]);
      out.keys[r] = Columns.key(out.families[r], out.qualifiers[r]);
      out.ids.add(out.keys[r]); // numbered r
    }
    out.columns = n;
    for (int i = 0; i < out.cols.length; i++) {
      int[] cols = out.cols[i];
      if (cols != null) {
        for (int e = 0; e < cols.length; e++) {
          cols[e] = rank[cols[e]];
        }
        inColumnOrder(out, i);
      }
    }
  }

  /**
   * The columns' numbers in (family, qualifier) order: by radix on the qualifiers when every family is
   * empty (the usual case; a comparison sort spent most of its time on cache misses), else by comparisons.
   */
  private static int[] inKeyOrder(List<byte[]> families, List<byte[]> qualifiers) {
    int n = families.size();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    if (families.stream().allMatch(f -> f.length == 0)) {
      byte[][] q = qualifiers.toArray(new byte[0][]);
      long[] prefixes = new long[n];
      for (int i = 0; i < n; i++) {
        prefixes[i] = RowPrefixSort.prefix(q[i], 0, q[i].length);
      }
      RowPrefixSort.sort(prefixes, order, n, RowPrefixSort.Rows.of(q),
          (x, z) -> java.util.Arrays.compareUnsigned(q[x], q[z]));
      return order;
    }
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    java.util.Arrays.sort(boxed, (x, z) -> {
      int cmp = java.util.Arrays.compareUnsigned(families.get(x), families.get(z));
      return cmp != 0 ? cmp : java.util.Arrays.compareUnsigned(qualifiers.get(x), qualifiers.get(z));
    });
    for (int i = 0; i < n; i++) {
      order[i] = boxed[i];
    }
    return order;
  }

  /**
   * Puts B row {@code i}'s entries in column order when they are not (a row handed over in pieces out of
   * order), so the strictly upper mask can find a row's first admitted entry by binary search.
   */
  private static void inColumnOrder(BRows out, int i) {
    int[] cols = out.cols[i];
    boolean sorted = true;
    for (int e = 1; e < cols.length && sorted; e++) {
      sorted = cols[e - 1] < cols[e];
    }
    if (sorted) {
      return;
    }
    Integer[] order = new Integer[cols.length];
    for (int e = 0; e < cols.length; e++) {
      order[e] = e;
    }
    java.util.Arrays.sort(order, (x, z) -> Integer.compare(cols[x], cols[z]));
    int[] c = new int[cols.length];
    double[] v = new double[cols.length];
    byte[][] l = out.vis[i] == null ? null : new byte[cols.length][];
    for (int e = 0; e < cols.length; e++) {
      c[e] = cols[order[e]];
      v[e] = out.vals[i][order[e]];
      if (l != null) {
        l[e] = out.vis[i][order[e]];
      }
    }
    out.cols[i] = c;
    out.vals[i] = v;
    out.vis[i] = l;
  }

  /**
   * The first column number the strictly upper mask admits in the row {@code rowKey}: the first column
   * whose key comes after the row key (0 without the mask).
   */
  private int firstAdmitted(BRows bRows, byte[] rowKey) {
    if (!options.strictlyUpper) {
      return 0;
    }
    int lo = 0;
    int hi = bRows.columns;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (java.util.Arrays.compareUnsigned(bRows.keys[mid], rowKey) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The first position of {@code cols} (ascending) holding a column at or after {@code first}. */
  private static int firstAtOrAfter(int[] cols, int first) {
    if (first == 0) {
      return 0;
    }
    int lo = 0;
    int hi = cols.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cols[mid] < first) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Adds one piece of B row {@code idx}: usually the whole row, else appended to what came before. */
  private static void append(BRows out, int idx, int[] cols, MatrixRow r) {
    byte[][] vis = r.labelled ? java.util.Arrays.copyOf(r.visibilities, r.size) : null;
    if (out.cols[idx] == null) {
      out.cols[idx] = cols;
      out.vals[idx] = java.util.Arrays.copyOf(r.values, r.size);
      out.vis[idx] = vis;
      return;
    }
    int n = out.cols[idx].length;
    if (out.vis[idx] != null || vis != null) {
      byte[][] merged = new byte[n + r.size][];
      for (int e = 0; e < n; e++) {
        merged[e] = out.vis[idx] == null ? EMPTY : out.vis[idx][e];
      }
      for (int e = 0; e < r.size; e++) {
        merged[n + e] = vis == null ? EMPTY : vis[e];
      }
      out.vis[idx] = merged;
    }
    out.cols[idx] = java.util.Arrays.copyOf(out.cols[idx], n + r.size);
    System.arraycopy(cols, 0, out.cols[idx], n, r.size);
    out.vals[idx] = java.util.Arrays.copyOf(out.vals[idx], n + r.size);
    System.arraycopy(r.values, 0, out.vals[idx], n, r.size);
  }

  /**
   * Rows [from, to) of the batch: Gustavson's dense accumulator, one finished C row at a time, appended
   * in key order straight to a sorted file of C (rows with visibility labels go through the writer).
   */
  private void multiply(Batch batch, BRows bRows, BatchDegrees degrees, int from, int to, UnitWriters writers) {
    try (SortedLoader loader = store.bulkLoad(cTable)) {
      multiply(batch, bRows, degrees, from, to, loader, writers);
    }
  }

  private void multiply(Batch batch, BRows bRows, BatchDegrees degrees, int from, int to, SortedLoader loader,
      UnitWriters writers) {
    long ts = System.currentTimeMillis();
    Semiring s = options.semiring;
    ValueCodec codec = options.codec;
    SparseAccumulator acc = new SparseAccumulator(bRows.columns, s);
    EncodeCache encoder = new EncodeCache(codec); // C's values repeat: each distinct one formatted once
    Visibilities vis = new Visibilities();
    boolean masked = options.mask != null;
    int[] inMask = masked ? new int[bRows.columns] : null; // == stamp: the mask holds the column in this row
    boolean admitted = !options.maskComplement; // what inMask says of the columns computed
    MaskFilter filter = new MaskFilter(options.maskComplement);
    long pp = 0;
    long written = 0;
    int[][] columnOfB = new int[1][]; // with the driver as its own mask: the column number of each B row's key
    for (int i = from; i < to; i++) {
      MatrixRow row = batch.rows.get(i);
      int[] refs = batch.needs.get(i);
      MatrixRow maskRow = masked ? batch.masks.get(i) : null;
      int stamp = i + 1;
      if (masked && maskRow == row) {
        markOwnRow(row, refs, bRows, columnOfB(batch, bRows, columnOfB), inMask, stamp);
      } else if (masked) {
        mark(maskRow, bRows, inMask, stamp);
      }
      int first = firstAdmitted(bRows, row.row); // the strictly upper mask: columns before it are never computed
      if (row.labelled || anyLabelled(bRows, refs) || (maskRow != null && maskRow.labelled)
          || (degrees != null && degrees.labelled)) {
        pp += multiplyLabelled(row, i, refs, bRows, degrees, first, s, codec, vis, writers,
            new RowMask(maskRow, inMask, stamp, filter));
        continue;
      }
      acc.startRow();
      for (int e = 0; e < row.size; e++) {
        int[] cols = bRows.cols[refs[e]];
        if (cols == null) {
          continue; // no such row in B: contributes nothing
        }
        int start = firstAtOrAfter(cols, first);
        if (masked) {
          pp += acc.addScaledRowMasked(row.values[e], cols, bRows.vals[refs[e]], start, cols.length, inMask, stamp,
              admitted);
        } else {
          acc.addScaledRow(row.values[e], cols, bRows.vals[refs[e]], start, cols.length);
          pp += cols.length - start;
        }
      }
      int t = acc.finishRow(); // columns are numbered in key order
      TableWriter ct = ctTable != null && t > 0 ? writers.transposed() : null;
      for (int q = 0; q < t; q++) {
        int j = acc.column(q);
        double v = finished(degrees, i, j, acc.value(j), row.row, bRows);
        if (!kept(v)) {
          continue;
        }
        written++;
        byte[] encoded = encoder.encode(v);
        loader.append(row.row, bRows.families[j], bRows.qualifiers[j], EMPTY, ts, encoded);
        if (ct != null) {
          Mutation mt = new Mutation(Columns.key(bRows.families[j], bRows.qualifiers[j]));
          mt.put(EMPTY, row.row, encoded);
          ct.addMutation(mt);
        }
      }
    }
    counters.work.addAndGet(pp);
    counters.entriesWritten.addAndGet(written);
  }

  /** The value written for C(row i, column j): the product's, or with the Jaccard finish its index. */
  private double finished(BatchDegrees degrees, int i, int j, double value, byte[] rowKey, BRows bRows) {
    return degrees == null ? value : degrees.finish(i, j, value, rowKey, bRows.keys[j], options.jaccardDegrees);
  }

  /** Whether the fused keep ({@link MxmOptions#keep}) writes a cell of this value (always without one). */
  private boolean kept(double value) {
    return options.keepOp == null || options.keepOp.apply(value, options.keepScalar) != 0;
  }

  private static boolean anyLabelled(BRows bRows, int[] refs) {
    for (int r : refs) {
      if (bRows.vis[r] != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * The column number of each B row's key (-1 where no column has it), computed on first use into
   * {@code cache[0]}: a row that is its own mask names its mask columns by its B rows, looked up once per batch.
   */
  private static int[] columnOfB(Batch batch, BRows bRows, int[][] cache) {
    if (cache[0] == null) {
      int[] c = new int[batch.bKeys.size()];
      for (int b = 0; b < c.length; b++) {
        c[b] = bRows.ids.find(batch.bKeys.key(b));
      }
      cache[0] = c;
    }
    return cache[0];
  }

  /** {@link #mark} for a driver row that is its own mask row: its entries' columns are its B rows' keys. */
  private void markOwnRow(MatrixRow row, int[] refs, BRows bRows, int[] columnOfB, int[] inMask, int stamp) {
    for (int e = 0; e < row.size; e++) {
      if (options.maskStructure || row.values[e] != 0) {
        int id = columnOfB[refs[e]];
        if (id >= 0) {
          inMask[id] = stamp;
        }
      }
    }
  }

  /** Marks in {@code inMask} the columns of the batch that the row of M holds (non-zero unless structural). */
  private void mark(MatrixRow maskRow, BRows bRows, int[] inMask, int stamp) {
    for (int e = 0; maskRow != null && e < maskRow.size; e++) {
      if (options.maskStructure || maskRow.values[e] != 0) {
        int id = bRows.ids.find(maskRow.columnKey(e));
        if (id >= 0) {
          inMask[id] = stamp;
        }
      }
    }
  }

  /** One row's mask, for the labelled path: which columns it admits and the label it adds. */
  private final class RowMask {
    final MatrixRow row; // null: none (every column admitted with the complement)
    final int[] inMask; // null: no mask
    final int stamp;
    final MaskFilter filter;

    RowMask(MatrixRow row, int[] inMask, int stamp, MaskFilter filter) {
      this.row = row;
      this.inMask = inMask;
      this.stamp = stamp;
      this.filter = filter;
    }

    boolean admits(int column) {
      return inMask == null || (inMask[column] == stamp) != options.maskComplement;
    }

    /** The label the mask adds to a cell of the column (empty when none; null when it excludes the column). */
    byte[] label(BRows bRows, int column) {
      return inMask == null || row == null ? EMPTY
          : filter.admit(row, bRows.families[column], bRows.qualifiers[column], EMPTY);
    }
  }

  /**
   * The general path: one accumulator per (column, visibility of the product and its mask cell). With the
   * Jaccard finish, one cell per column whose label is the conjunction of all its parts' and of the two
   * degrees' (the index is no sum a reader's scan could fold from parts).
   */
  private long multiplyLabelled(MatrixRow row, int i, int[] refs, BRows bRows, BatchDegrees degrees, int first,
      Semiring s, ValueCodec codec, Visibilities vis, UnitWriters writers, RowMask mask) {
    Map<ColumnVisibility, Map<Integer, double[]>> sums = new HashMap<>();
    long pp = 0;
    for (int e = 0; e < row.size; e++) {
      int[] cols = bRows.cols[refs[e]];
      if (cols == null) {
        continue;
      }
      double[] vals = bRows.vals[refs[e]];
      byte[][] bVis = bRows.vis[refs[e]];
      for (int p = firstAtOrAfter(cols, first); p < cols.length; p++) {
        byte[] maskLabel = mask.admits(cols[p]) ? mask.label(bRows, cols[p]) : null;
        if (maskLabel == null) {
          continue;
        }
        pp++;
        ColumnVisibility v = vis.and(row.visibilities[e], bVis == null ? EMPTY : bVis[p]);
        if (maskLabel.length > 0) {
          v = vis.and(v.getExpression(), maskLabel);
        }
        double prod = s.multiply(row.values[e], vals[p]);
        double[] cell = sums.computeIfAbsent(v, k -> new HashMap<>()).get(cols[p]);
        if (cell == null) {
          sums.get(v).put(cols[p], new double[] {prod});
        } else {
          cell[0] = s.add(cell[0], prod);
        }
      }
    }
    if (options.foldsLabels()) {
      sums = foldedCells(sums, row, i, bRows, degrees, s, vis);
    }
    if (!sums.isEmpty()) {
      RowMutations m = new RowMutations(row.row, writers.out());
      sums.forEach((v, cells) -> cells.forEach((j, cell) -> {
        m.put(bRows.families[j], bRows.qualifiers[j], v, codec.encode(cell[0]));
        if (ctTable != null) {
          Mutation mt = new Mutation(Columns.key(bRows.families[j], bRows.qualifiers[j]));
          mt.put(EMPTY, row.row, v, codec.encode(cell[0]));
          writers.transposed().addMutation(mt);
        }
      }));
      counters.entriesWritten.addAndGet(m.finish());
    }
    return pp;
  }

  /**
   * A labelled row's parts folded into one cell per column, as a reader who reads them all would fold them:
   * the semiring's sum of the parts, labelled with the conjunction of their labels; then finished (into the
   * Jaccard index, its label joined by d(u)'s and d(v)'s) and filtered by the fused keep.
   */
  private Map<ColumnVisibility, Map<Integer, double[]>> foldedCells(Map<ColumnVisibility, Map<Integer, double[]>> sums,
      MatrixRow row, int i, BRows bRows, BatchDegrees degrees, Semiring s, Visibilities vis) {
    Map<Integer, double[]> total = new java.util.TreeMap<>();
    Map<Integer, byte[]> label = new HashMap<>();
    sums.forEach((v, cells) -> cells.forEach((j, cell) -> {
      double[] t = total.get(j);
      if (t == null) {
        total.put(j, new double[] {cell[0]});
        label.put(j, degrees == null ? v.getExpression() : vis.and(v.getExpression(), degrees.rowLabel[i]).getExpression());
      } else {
        t[0] = s.add(t[0], cell[0]);
        label.put(j, vis.and(label.get(j), v.getExpression()).getExpression());
      }
    }));
    Map<ColumnVisibility, Map<Integer, double[]>> out = new HashMap<>();
    total.forEach((j, t) -> {
      double value = finished(degrees, i, j, t[0], row.row, bRows);
      if (kept(value)) {
        ColumnVisibility v = degrees == null ? vis.and(label.get(j), EMPTY) : vis.and(label.get(j), degrees.columnLabel[j]);
        out.computeIfAbsent(v, k -> new HashMap<>()).put(j, new double[] {value});
      }
    });
    return out;
  }

  /** The empty family, and the empty visibility. */
  private static final byte[] EMPTY = new byte[0];
  private static final int FETCH_THREADS = 4;
  /**
   * About what one seek to a B row costs, in entries read in order: B's rows come from its transpose when
   * the selected columns hold at most this many entries per B row the batch needs.
   */
  private static final long ENTRIES_PER_SEEK = 8;
  private static final long MAX_TRANSPOSE_BATCH = 1_000_000; // distinct B rows of a batch read from B^T
}
