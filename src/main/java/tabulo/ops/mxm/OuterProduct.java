package tabulo.ops.mxm;

import tabulo.kernel.TabletKernel;
import tabulo.kernel.TabletRun;
import tabulo.kernel.KernelCounters;
import tabulo.kernel.DriverRows;
import tabulo.kernel.Scans;
import tabulo.kernel.RowReader;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.Visibilities;
import tabulo.kernel.Sites;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

import tabulo.math.Semiring;
import tabulo.math.ValueCodec;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.SortingLoader;
import tabulo.storage.Store;

/**
 * Graphulo's TableMult, C = X^T (+.x) B, walking the tablets of B: reads B's rows and the matching rows
 * of X (a two-table merge join on the shared row key), and writes every partial product
 * X(k,i) * B(k,j) to C(i,j), leaving their sum to C's combiner. Optionally writes C^T too. A unit is a
 * run of B rows; its partial products go out in sorted bulk loads rather than through the write-ahead log (Graphulo used a BatchWriter): C is a staging table published whole,
 * so per-write durability buys nothing here. For a small B ({@link AlgorithmChoice#lookupRows}) X's rows are
 * looked up by B's row keys instead of read over each unit's span.
 */
final class OuterProduct implements TabletKernel {
  private final Store store;
  private final String x;
  private final String b;
  private final MxmOptions options;
  private final ValueCodec codec;
  private final int unitEntries;
  private final boolean lookupRows;
  private final Authorizations auths;
  private final String c;
  private final String ct; // null: no transpose
  private final KernelCounters counters;

  OuterProduct(Store store, MxmPlan plan, KernelCounters counters) {
    this.store = store;
    this.x = plan.left;
    this.b = plan.right;
    this.options = plan.options;
    this.codec = plan.run.codec();
    this.unitEntries = plan.run.unitEntries();
    this.lookupRows = plan.reads.lookupRows();
    this.auths = plan.auths;
    this.c = plan.out;
    this.ct = plan.outTransposed;
    this.counters = counters;
  }

  @Override
  public TabletRun start(Range range, DriverRows driver) {
    return start(range, driver, Sites.NONE);
  }

  /** Entries of X's rows that meet B's and lie on another server ({@code sites}) are counted as remote. */
  @Override
  public TabletRun start(Range range, DriverRows driver, Sites sites) {
    List<Range> ranges = Scans.clip(options.inner, range);
    if (ranges.isEmpty()) {
      return w -> null;
    }
    Scan bs = driver.open(ranges);
    RowReader br = new RowReader(b, bs, codec, counters.entriesRead);
    return new TabletRun() {
      private boolean done;

      @Override
      public byte[] step(Runnable beforeWriting) {
        List<MatrixRow> unit = done ? List.of() : readUnit(br, unitEntries);
        if (unit.isEmpty()) {
          done = true;
          bs.close();
          return null;
        }
        beforeWriting.run();
        Sites.RemoteRows remote = sites.of(x);
        if (lookupRows) {
          lookUpUnit(unit, remote);
        } else {
          multiplyUnit(unit, ranges, remote);
        }
        return unit.get(unit.size() - 1).row;
      }

      @Override
      public void close() {
        bs.close();
      }
    };
  }

  /**
   * The next rows of B, about {@code entries} entries. A unit reads all of its driver rows before
   * it writes anything, so a host that interrupts reading (a tablet moving) never leaves a unit half
   * written.
   */
  private static List<MatrixRow> readUnit(RowReader br, int entries) {
    List<MatrixRow> unit = new ArrayList<>();
    long read = 0;
    MatrixRow r;
    while (read < entries && (r = br.next()) != null) {
      unit.add(r.copy());
      read += r.size;
    }
    return unit;
  }

  /** Joins the unit's B rows with X's rows of the same keys and writes the partial products, summed per cell. */
  private void multiplyUnit(List<MatrixRow> unit, List<Range> ranges, Sites.RemoteRows remote) {
    Semiring s = options.semiring;
    Visibilities vis = new Visibilities();
    byte[] first = unit.get(0).row;
    byte[] last = unit.get(unit.size() - 1).row;
    Range span = new Range(new Text(first), true, new Text(last), true); // X's rows the unit can meet
    try (Scan xs = store.scan(x, Scans.spec(Scans.clip(ranges, span), options.rows, auths));
        SortingLoader cOut = new SortingLoader(store, c, CHUNK);
        SortingLoader ctOut = ct == null ? null : new SortingLoader(store, ct, CHUNK)) {
      PartialSums sums = new PartialSums(s, codec, cOut, ctOut, CHUNK);
      RowReader xr = new RowReader(x, xs, codec, counters.entriesRead);
      MatrixRow xRow = xr.next();
      int next = 0;
      while (xRow != null && next < unit.size()) {
        MatrixRow bRow = unit.get(next);
        int cmp = Arrays.compareUnsigned(xRow.row, bRow.row);
        if (cmp < 0) {
          xRow = xr.next();
        } else if (cmp > 0) {
          next++;
        } else {
          multiplyRows(xRow, bRow, s, vis, sums);
          countRemote(xRow, remote);
          xRow = xr.next();
          next++;
        }
      }
      written(sums);
    }
  }

  /**
   * The same for a B small beside X (a frontier vector): X's rows are looked up by the unit's row keys,
   * so a run reads only the rows of X that B names, wherever they lie (the span of a unit's rows can hold
   * almost all of X). Read in any order, as a host's parallel lookups return them: a row may come in pieces,
   * each multiplied on its own (C's combiner sums them all).
   */
  private void lookUpUnit(List<MatrixRow> unit, Sites.RemoteRows remote) {
    Map<ByteBuffer, MatrixRow> byKey = new HashMap<>();
    List<Range> keys = new ArrayList<>(unit.size());
    for (MatrixRow r : unit) {
      byKey.put(ByteBuffer.wrap(r.row), r);
      keys.add(Range.exact(new Text(r.row)));
    }
    Visibilities vis = new Visibilities();
    try (Scan xs = store.scan(x, Scans.spec(keys, options.rows, auths).unordered(LOOKUP_THREADS));
        SortingLoader cOut = new SortingLoader(store, c, CHUNK);
        SortingLoader ctOut = ct == null ? null : new SortingLoader(store, ct, CHUNK)) {
      PartialSums sums = new PartialSums(options.semiring, codec, cOut, ctOut, CHUNK);
      RowReader xr = new RowReader(x, xs, codec, counters.entriesRead);
      MatrixRow xRow;
      while ((xRow = xr.next()) != null) {
        MatrixRow bRow = byKey.get(ByteBuffer.wrap(xRow.row));
        if (bRow != null) {
          multiplyRows(xRow, bRow, options.semiring, vis, sums);
          countRemote(xRow, remote);
        }
      }
      written(sums);
    }
  }

  /** Writes the unit's sums (before its loaders close, so the unit is still written whole) and counts them. */
  private void written(PartialSums sums) {
    sums.flush();
    counters.entriesWritten.addAndGet(sums.written());
  }

  /** Every partial product of one shared row: X(k,i) * B(k,j) into C(i,j) (and C^T(j,i)), summed per unit. */
  private void multiplyRows(MatrixRow xRow, MatrixRow bRow, Semiring s, Visibilities vis, PartialSums sums) {
    int[] columns = new int[bRow.size]; // C's columns, numbered once per B row rather than per partial product
    for (int j = 0; j < bRow.size; j++) {
      columns[j] = sums.column(bRow.families[j], bRow.qualifiers[j], ct == null ? null : bRow.columnKey(j));
    }
    boolean labelled = xRow.labelled || bRow.labelled;
    for (int i = 0; i < xRow.size; i++) {
      int ci = sums.row(xRow.columnKey(i));
      double xv = xRow.values[i];
      for (int j = 0; j < bRow.size; j++) {
        byte[] label = labelled ? vis.and(xRow.visibilities[i], bRow.visibilities[j]).getExpression() : NO_LABEL;
        sums.add(ci, columns[j], label, s.multiply(xv, bRow.values[j]));
      }
    }
    counters.work.addAndGet((long) xRow.size * bRow.size);
  }

  private void countRemote(MatrixRow xRow, Sites.RemoteRows remote) {
    if (remote != null && remote.remote(xRow.row)) {
      counters.remoteEntries.addAndGet(xRow.size);
    }
  }

  private static final byte[] NO_LABEL = new byte[0];
  /** Partial products per sorted bulk load: bounds memory per worker. */
  private static final int CHUNK = 400_000;
  private static final int LOOKUP_THREADS = 4;
}
