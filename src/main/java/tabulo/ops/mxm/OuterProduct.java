package tabulo.ops.mxm;

import tabulo.kernel.TabletKernel;
import tabulo.kernel.TabletRun;
import tabulo.kernel.KernelCounters;
import tabulo.kernel.DriverRows;
import tabulo.kernel.Scans;
import tabulo.kernel.RowReader;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.Visibilities;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
 * so per-write durability buys nothing here.
 */
final class OuterProduct implements TabletKernel {
  private final Store store;
  private final String x;
  private final String b;
  private final MxmOptions options;
  private final Authorizations auths;
  private final String c;
  private final String ct; // null: no transpose
  private final KernelCounters counters;

  OuterProduct(Store store, String x, String b, MxmOptions options, Authorizations auths, String c, String ct,
      KernelCounters counters) {
    this.store = store;
    this.x = x;
    this.b = b;
    this.options = options;
    this.auths = auths;
    this.c = c;
    this.ct = ct;
    this.counters = counters;
  }

  @Override
  public TabletRun start(Range range, DriverRows driver) {
    List<Range> ranges = Scans.clip(options.inner, range);
    if (ranges.isEmpty()) {
      return w -> null;
    }
    Scan bs = driver.open(ranges);
    RowReader br = new RowReader(b, bs, options.codec, counters.entriesRead);
    return new TabletRun() {
      private boolean done;

      @Override
      public byte[] step(Runnable beforeWriting) {
        List<MatrixRow> unit = done ? List.of() : readUnit(br, options.unitEntries);
        if (unit.isEmpty()) {
          done = true;
          bs.close();
          return null;
        }
        beforeWriting.run();
        multiplyUnit(unit, ranges);
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

  /** Joins the unit's B rows with X's rows of the same keys and writes every partial product. */
  private void multiplyUnit(List<MatrixRow> unit, List<Range> ranges) {
    Semiring s = options.semiring;
    ValueCodec codec = options.codec;
    Visibilities vis = new Visibilities();
    byte[] first = unit.get(0).row;
    byte[] last = unit.get(unit.size() - 1).row;
    Range span = new Range(new Text(first), true, new Text(last), true); // X's rows the unit can meet
    try (Scan xs = store.scan(x, Scans.spec(Scans.clip(ranges, span), options.rows, auths));
        SortingLoader cOut = new SortingLoader(store, c, CHUNK);
        SortingLoader ctOut = ct == null ? null : new SortingLoader(store, ct, CHUNK)) {
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
          multiplyRows(xRow, bRow, s, codec, vis, cOut, ctOut);
          xRow = xr.next();
          next++;
        }
      }
    }
  }

  /** Every partial product of one shared row: X(k,i) * B(k,j) into C(i,j) (and C^T(j,i)). */
  private void multiplyRows(MatrixRow xRow, MatrixRow bRow, Semiring s, ValueCodec codec, Visibilities vis,
      SortingLoader cOut, SortingLoader ctOut) {
    for (int i = 0; i < xRow.size; i++) {
      byte[] ci = xRow.columnKey(i);
      double xv = xRow.values[i];
      for (int j = 0; j < bRow.size; j++) {
        byte[] v = codec.encode(s.multiply(xv, bRow.values[j]));
        byte[] label = vis.and(xRow.visibilities[i], bRow.visibilities[j]).getExpression();
        cOut.put(ci, bRow.families[j], bRow.qualifiers[j], label, v);
        if (ctOut != null) {
          ctOut.put(bRow.columnKey(j), NO_FAMILY, ci, label, v);
        }
      }
    }
    counters.work.addAndGet((long) xRow.size * bRow.size);
    counters.entriesWritten.addAndGet((long) xRow.size * bRow.size);
  }

  /** Partial products per sorted bulk load: bounds memory per worker. */
  private static final int CHUNK = 400_000;
  private static final byte[] NO_FAMILY = new byte[0];
}
