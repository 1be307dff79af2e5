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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.EncodeCache;
import tabulo.math.Semiring;
import tabulo.math.SparseAccumulator;
import tabulo.math.ValueCodec;
import tabulo.storage.Scan;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableWriter;

/**
 * Demirci and Aykanat's row-by-row multiply (RRp), C = Y (+.x) B, for one tablet of Y: rows of Y are
 * batched ({@link RowBatch}) until they need {@code batchRows} distinct rows of B; one scan fetches those
 * B rows and decodes them once into primitive arrays ({@link BRowFetcher}, {@link BRows}: columns numbered
 * by a per-batch dictionary, in key order); worker threads then compute whole rows of C with Gustavson's
 * dense accumulator ({@link SparseAccumulator}) and write each finished row once, in key order, straight to
 * C's sorted files (no log, no memtable: C is split like Y, so each worker's rows land in the tablet that
 * holds the same rows of Y). Rows with visibility labels take {@link LabelledRows}' path instead.
 * C needs no combiner to sum its parts and is final when the call returns (its scan-time sum across
 * labels is {@code tabulo.ops.Mxm}'s, as for the outer product).
 *
 * <p>With a mask M (C&lt;M&gt;, {@link MaskedRows}), each batch also reads M's rows over the batch's span,
 * beside the driver: a row of Y whose mask row admits nothing is dropped before its B rows are fetched, and
 * the accumulator multiplies only the columns the mask admits (the complement: only the others), so
 * masked-out entries of C cost a look at the mask, never a product. The mask cell's label joins the label
 * of the cell it admits ({@link MaskFilter}).
 *
 * <p>In the single-table layout ({@link SingleTableLayout}) Y, B and C are families of one table M: Y's rows
 * are M's family A (each cell's column nested in its qualifier), B rows are fetched as M's family B, and
 * C's cells go to family C of the same rows of M, keeping B's nested qualifiers (so they stay in key order).
 */
final class RowByRow implements TabletKernel {
  /** The empty family, and the empty visibility. */
  private static final byte[] EMPTY = new byte[0];
  private static final long MAX_TRANSPOSE_BATCH = 1_000_000; // distinct B rows of a batch read from B^T

  private final Store store;
  private final String y;
  private final String b;
  private final MxmOptions options;
  private final MxmPlan.Run run;
  private final MxmPlan.Reads how;
  private final Authorizations auths;
  private final String cTable;
  private final String ctTable; // null: no transpose
  private final ExecutorService pool;
  private final KernelCounters counters;
  private final boolean singleTable;
  private final BatchReads reads;
  private final CellFinish finish;
  private final LabelledRows labelled;

  RowByRow(Store store, MxmPlan plan, ExecutorService pool, KernelCounters counters) {
    this.store = store;
    this.y = plan.left;
    this.b = plan.right;
    this.options = plan.options;
    this.run = plan.run;
    this.how = plan.reads;
    this.auths = plan.auths;
    this.cTable = plan.out;
    this.ctTable = plan.outTransposed;
    this.pool = pool;
    this.counters = counters;
    this.reads = new BatchReads(store, plan, counters);
    this.singleTable = reads.singleTable();
    this.finish = new CellFinish(options);
    this.labelled = new LabelledRows(plan, counters, finish);
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
    RowReader reader = new RowReader(y, ys, run.codec(), counters.entriesRead);
    int batchLimit = batchLimit();
    return new TabletRun() {
      @Override
      public byte[] step(Runnable beforeWriting) {
        RowBatch batch = new RowBatch(singleTable);
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
        RowBatch work = options.mask == null ? batch : MaskedRows.masked(reads, y, batch);
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
   * The distinct B rows a batch gathers. When B's selected columns may come from its D4M transpose, each
   * batch that reads them there reads every selected cell whatever the batch's size, so a batch may need
   * up to that many rows (bounded) and read them once instead of once per smaller batch; memory is bounded
   * by those cells either way.
   */
  private int batchLimit() {
    if (how.rightTransposed() == null) {
      return run.batchRows();
    }
    return (int) Math.max(run.batchRows(), Math.min(how.rightTransposedEntries(), MAX_TRANSPOSE_BATCH));
  }

  private void process(RowBatch batch) {
    if (batch.rows.isEmpty()) {
      return;
    }
    BRows bRows = BRowFetcher.fetch(reads, b, batch);
    BatchVector x = options.epilogue == null ? null : BatchVector.read(store, options.epilogueVector, auths,
        run.codec(), batch.rows.stream().map(r -> r.row).toList(), bRows.keys, counters.entriesRead);
    int workers = Math.min(run.workers(), batch.rows.size());
    int[] bounds = workers > 1 ? WeightedSplit.of(work(batch, bRows), workers) : new int[] {0, batch.rows.size()};
    try (UnitWriters writers = new UnitWriters(store, cTable, ctTable)) {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        int from = bounds[w];
        int to = bounds[w + 1];
        if (from < to) {
          done.add(pool.submit(() -> multiply(batch, bRows, x, from, to, writers)));
        }
      }
      Tasks.awaitAll(done);
    }
  }

  /**
   * Each batch row's work, to share the rows out among the workers: the B entries its product visits
   * (those in the columns the positional mask admits), plus one for the row itself.
   */
  private long[] work(RowBatch batch, BRows bRows) {
    long[] work = new long[batch.rows.size()];
    for (int i = 0; i < work.length; i++) {
      byte[] rowKey = batch.rows.get(i).row;
      int first = first(bRows, rowKey);
      int end = end(bRows, rowKey);
      long w = 1;
      for (int ref : batch.needs.get(i)) {
        int[] cols = bRows.cols[ref];
        w += cols == null ? 0 : BRows.endBefore(cols, end, bRows.columns) - BRows.firstAtOrAfter(cols, first);
      }
      work[i] = w;
    }
    return work;
  }

  /** The first column number the positional mask admits in the row {@code rowKey} (0 without one). */
  private int first(BRows bRows, byte[] rowKey) {
    return options.positional == null ? 0 : options.positional.first(bRows.keys, bRows.columns, rowKey);
  }

  /** One past the last column number the positional mask admits in the row (all the columns without one). */
  private int end(BRows bRows, byte[] rowKey) {
    return options.positional == null ? bRows.columns : options.positional.end(bRows.keys, bRows.columns, rowKey);
  }

  /**
   * Rows [from, to) of the batch: Gustavson's dense accumulator, one finished C row at a time, appended
   * in key order straight to a sorted file of C (rows with visibility labels go through the writer).
   */
  private void multiply(RowBatch batch, BRows bRows, BatchVector x, int from, int to, UnitWriters writers) {
    try (SortedLoader loader = store.bulkLoad(cTable)) {
      multiply(batch, bRows, x, from, to, loader, writers);
    }
  }

  private void multiply(RowBatch batch, BRows bRows, BatchVector x, int from, int to, SortedLoader loader,
      UnitWriters writers) {
    long ts = System.currentTimeMillis();
    Semiring s = options.semiring;
    ValueCodec codec = run.codec();
    SparseAccumulator acc = new SparseAccumulator(bRows.columns, s);
    EncodeCache encoder = new EncodeCache(codec); // C's values repeat: each distinct one formatted once
    Visibilities vis = new Visibilities();
    boolean masked = options.mask != null;
    MaskedRows.Marks marks = masked ? new MaskedRows.Marks(batch, bRows, options.maskStructure) : null;
    int[] inMask = masked ? marks.inMask : null; // == stamp: the mask holds the column in this row
    boolean admitted = !options.maskComplement; // what inMask says of the columns computed
    MaskFilter filter = new MaskFilter(options.maskComplement);
    long pp = 0;
    long written = 0;
    for (int i = from; i < to; i++) {
      MatrixRow row = batch.rows.get(i);
      int[] refs = batch.needs.get(i);
      MatrixRow maskRow = masked ? batch.masks.get(i) : null;
      int stamp = i + 1;
      if (masked) {
        marks.mark(i, stamp);
      }
      int first = first(bRows, row.row); // the positional mask: columns outside [first, end) are never computed
      int end = end(bRows, row.row);
      if (LabelledRows.needed(row, refs, bRows, maskRow, x)) {
        pp += labelled.multiply(row, i, refs, bRows, x, first, end, vis, writers,
            new RowMask(maskRow, inMask, stamp, filter, options.maskComplement));
        continue;
      }
      acc.startRow();
      for (int e = 0; e < row.size; e++) {
        int[] cols = bRows.cols[refs[e]];
        if (cols == null) {
          continue; // no such row in B: contributes nothing
        }
        int start = BRows.firstAtOrAfter(cols, first);
        int stop = BRows.endBefore(cols, end, bRows.columns);
        if (masked) {
          pp += acc.addScaledRowMasked(row.values[e], cols, bRows.vals[refs[e]], start, stop, inMask, stamp,
              admitted);
        } else {
          acc.addScaledRow(row.values[e], cols, bRows.vals[refs[e]], start, stop);
          pp += stop - start;
        }
      }
      int t = acc.finishRow(); // columns are numbered in key order
      TableWriter ct = ctTable != null && t > 0 ? writers.transposed() : null;
      for (int q = 0; q < t; q++) {
        int j = acc.column(q);
        double v = finish.value(x, i, j, acc.value(j), row.row, bRows);
        if (!finish.kept(v)) {
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
}
