package tabulo.ops;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.Semiring;
import tabulo.math.ValueCodec;
import tabulo.storage.Scan;
import tabulo.storage.Store;
import tabulo.storage.SortingLoader;

/**
 * Graphulo's TableMult, C = X^T (+.x) B, for one tablet of B: reads the rows of B in the tablet and the
 * matching rows of X (a two-table merge join on the shared row key), and writes every partial product
 * X(k,i) * B(k,j) to C(i,j), leaving their sum to C's combiner. Optionally writes C^T too. Partial
 * products reach C in sorted bulk loads rather than through the write-ahead log (Graphulo used a
 * BatchWriter): C is a staging table published whole, so per-write durability buys nothing here.
 */
final class OuterProduct {
  private final Store store;
  private final String x;
  private final String b;
  private final MxmOptions options;
  private final Authorizations auths;
  private final String c;
  private final String ct; // null: no transpose
  final AtomicLong partialProducts = new AtomicLong();
  final AtomicLong entriesRead = new AtomicLong();

  OuterProduct(Store store, String x, String b, MxmOptions options, Authorizations auths, String c, String ct) {
    this.store = store;
    this.x = x;
    this.b = b;
    this.options = options;
    this.auths = auths;
    this.c = c;
    this.ct = ct;
  }

  /** Multiplies the rows of one tablet of B (and the same rows of X). */
  void runTablet(Range tablet) {
    List<Range> ranges = Scans.clip(options.inner, tablet);
    if (ranges.isEmpty()) {
      return;
    }
    Semiring s = options.semiring;
    ValueCodec codec = options.codec;
    Visibilities vis = new Visibilities();
    try (Scan xs = store.scan(x, Scans.spec(ranges, options.rows, auths));
        Scan bs = store.scan(b, Scans.spec(ranges, options.cols, auths));
        SortingLoader cOut = new SortingLoader(store, c, CHUNK);
        SortingLoader ctOut = ct == null ? null : new SortingLoader(store, ct, CHUNK)) {
      RowReader xr = new RowReader(x, xs, codec, entriesRead);
      RowReader br = new RowReader(b, bs, codec, entriesRead);
      MatrixRow xRow = xr.next();
      MatrixRow bRow = xRow == null ? null : br.next();
      while (xRow != null && bRow != null) {
        int cmp = java.util.Arrays.compareUnsigned(xRow.row, bRow.row);
        if (cmp < 0) {
          xRow = xr.next();
        } else if (cmp > 0) {
          bRow = br.next();
        } else {
          multiplyRows(xRow, bRow, s, codec, vis, cOut, ctOut);
          xRow = xr.next();
          bRow = xRow == null ? null : br.next();
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
    partialProducts.addAndGet((long) xRow.size * bRow.size);
  }

  /** Partial products per sorted bulk load: bounds memory per worker. */
  private static final int CHUNK = 400_000;
  private static final byte[] NO_FAMILY = new byte[0];
}
