package tabulo.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

import tabulo.d4m.KeySpec;
import tabulo.math.Semiring;
import tabulo.math.ValueCodec;
import tabulo.storage.Scan;
import tabulo.storage.SortingLoader;
import tabulo.storage.Store;

/**
 * Graphulo's TableMult, C = X^T (+.x) B, walking the tablets of B: reads B's rows and the matching rows
 * of X (a two-table merge join on the shared row key), and writes every partial product
 * X(k,i) * B(k,j) to C(i,j), leaving their sum to C's combiner. Optionally writes C^T too. A unit is a
 * run of B rows holding about {@link #UNIT} partial products, written in one sorted bulk load rather
 * than through the write-ahead log (Graphulo used a BatchWriter): C is a staging table published whole,
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
  public String driverTable() {
    return b;
  }

  @Override
  public KeySpec driverColumns() {
    return options.cols;
  }

  @Override
  public TabletRun start(Range range, DriverRows driver) {
    List<Range> ranges = Scans.clip(options.inner, range);
    if (ranges.isEmpty()) {
      return () -> null;
    }
    Scan bs = driver.open(ranges);
    RowReader br = new RowReader(b, bs, options.codec, counters.entriesRead);
    return new TabletRun() {
      private boolean done;

      @Override
      public byte[] step() {
        MatrixRow bRow = done ? null : br.next();
        if (bRow == null) {
          done = true;
          bs.close();
          return null;
        }
        byte[] last = multiplyUnit(bRow, br, ranges);
        if (last == null) {
          done = true; // X has no more rows here: the rest of B multiplies nothing
          return bRow.row;
        }
        return last;
      }

      @Override
      public void close() {
        bs.close();
      }
    };
  }

  /**
   * B rows from {@code bRow} on, joined with X's rows from the same key, until the unit holds enough
   * partial products. Returns the last B row multiplied, or null when X ran out (so no later B row
   * can meet one).
   */
  private byte[] multiplyUnit(MatrixRow bRow, RowReader br, List<Range> ranges) {
    Semiring s = options.semiring;
    ValueCodec codec = options.codec;
    Visibilities vis = new Visibilities();
    long pp = 0;
    try (Scan xs = store.scan(x, Scans.spec(from(ranges, bRow.row), options.rows, auths));
        SortingLoader cOut = new SortingLoader(store, c, UNIT);
        SortingLoader ctOut = ct == null ? null : new SortingLoader(store, ct, UNIT)) {
      RowReader xr = new RowReader(x, xs, codec, counters.entriesRead);
      MatrixRow xRow = xr.next();
      while (true) {
        while (xRow != null && Arrays.compareUnsigned(xRow.row, bRow.row) < 0) {
          xRow = xr.next();
        }
        if (xRow == null) {
          return null;
        }
        if (Arrays.equals(xRow.row, bRow.row)) {
          pp += multiplyRows(xRow, bRow, s, codec, vis, cOut, ctOut);
          xRow = xr.next();
        }
        byte[] last = bRow.row;
        if (pp >= UNIT || (bRow = br.next()) == null) {
          return last;
        }
      }
    }
  }

  /** The ranges from row {@code start} (inclusive) on. */
  private static List<Range> from(List<Range> ranges, byte[] start) {
    Range tail = new Range(new Text(start), true, null, false);
    List<Range> out = new ArrayList<>(ranges.size());
    for (Range r : ranges) {
      Range clipped = r.clip(tail, true);
      if (clipped != null) {
        out.add(clipped);
      }
    }
    return out;
  }

  /** Every partial product of one shared row: X(k,i) * B(k,j) into C(i,j) (and C^T(j,i)). */
  private long multiplyRows(MatrixRow xRow, MatrixRow bRow, Semiring s, ValueCodec codec, Visibilities vis,
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
    long pp = (long) xRow.size * bRow.size;
    counters.partialProducts.addAndGet(pp);
    return pp;
  }

  /** Partial products per unit (one sorted bulk load): bounds memory per worker. */
  static final int UNIT = 400_000;
  private static final byte[] NO_FAMILY = new byte[0];
}
