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
import tabulo.storage.TableWriter;

/**
 * Graphulo's TableMult, C = X^T (+.x) B, for one tablet of B: reads the rows of B in the tablet and the
 * matching rows of X (a two-table merge join on the shared row key), and writes every partial product
 * X(k,i) * B(k,j) to C(i,j), leaving their sum to C's combiner. Optionally writes C^T too.
 */
final class OuterProduct {
  private final Store store;
  private final String x;
  private final String b;
  private final MxmOptions options;
  private final Authorizations auths;
  private final TableWriter c;
  private final TableWriter ct; // null: no transpose
  final AtomicLong partialProducts = new AtomicLong();
  final AtomicLong entriesRead = new AtomicLong();

  OuterProduct(Store store, String x, String b, MxmOptions options, Authorizations auths, TableWriter c,
      TableWriter ct) {
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
        Scan bs = store.scan(b, Scans.spec(ranges, options.cols, auths))) {
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
          multiplyRows(xRow, bRow, s, codec, vis);
          xRow = xr.next();
          bRow = xRow == null ? null : br.next();
        }
      }
    }
  }

  private void multiplyRows(MatrixRow xRow, MatrixRow bRow, Semiring s, ValueCodec codec, Visibilities vis) {
    boolean labelled = xRow.labelled || bRow.labelled;
    for (int i = 0; i < xRow.size; i++) {
      Mutation m = new Mutation(xRow.columnKey(i));
      double xv = xRow.values[i];
      for (int j = 0; j < bRow.size; j++) {
        byte[] v = codec.encode(s.multiply(xv, bRow.values[j]));
        if (labelled) {
          m.put(bRow.families[j], bRow.qualifiers[j], vis.and(xRow.visibilities[i], bRow.visibilities[j]), v);
        } else {
          m.put(bRow.families[j], bRow.qualifiers[j], v);
        }
      }
      c.addMutation(m);
    }
    if (ct != null) {
      for (int j = 0; j < bRow.size; j++) {
        Mutation m = new Mutation(bRow.columnKey(j));
        double bv = bRow.values[j];
        for (int i = 0; i < xRow.size; i++) {
          byte[] v = codec.encode(s.multiply(xRow.values[i], bv));
          m.put(NO_FAMILY, xRow.columnKey(i), vis.and(xRow.visibilities[i], bRow.visibilities[j]), v);
        }
        ct.addMutation(m);
      }
    }
    partialProducts.addAndGet((long) xRow.size * bRow.size);
  }

  private static final byte[] NO_FAMILY = new byte[0];
}
