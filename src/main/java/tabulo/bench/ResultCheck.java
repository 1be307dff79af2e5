package tabulo.bench;

import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.bench.AlgorithmsBaseline.Csr;
import tabulo.bench.UndirectedBaseline.Sparse;
import tabulo.math.ValueCodec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;

/**
 * Compares a table an algorithm wrote with its baseline's result, cell by cell: the same cells (no missing,
 * no extra) with the same values (numbers within a relative 1e-9, for sums taken in another order).
 * Returns null when they agree, else what differs (the first difference and the counts).
 */
final class ResultCheck {
  private static final ValueCodec DECIMAL = ValueCodec.named("decimal");

  /** The value expected at (row id, column id), NaN where no cell is expected; and how many cells. */
  interface Expected {
    double at(int row, int col);

    long cells();
  }

  private ResultCheck() {}

  /** A vector OUT(v, x) against x by vertex id ({@code NaN}: no cell). */
  static Expected vector(double[] byVertex) {
    long cells = 0;
    for (double x : byVertex) {
      cells += Double.isNaN(x) ? 0 : 1;
    }
    long n = cells;
    return new Expected() {
      public double at(int row, int col) {
        return byVertex[row];
      }

      public long cells() {
        return n;
      }
    };
  }

  /** A matrix OUT(u, v) against a sparse result over vertex ids ({@code NaN} values: no cell). */
  static Expected sparse(Sparse s) {
    long cells = 0;
    int[] off = s.offsets();
    for (int k = 0; k < off[off.length - 1]; k++) {
      cells += Double.isNaN(s.vals()[k]) ? 0 : 1;
    }
    long n = cells;
    return new Expected() {
      public double at(int row, int col) {
        int k = java.util.Arrays.binarySearch(s.cols(), s.offsets()[row], s.offsets()[row + 1], col);
        return k < 0 ? Double.NaN : s.vals()[k];
      }

      public long cells() {
        return n;
      }
    };
  }

  /** Compares the numbers of table {@code out}; keys name vertices of {@code g}. */
  static String numbers(Store store, String out, Csr g, boolean matrix, Expected expected) {
    long cells = 0;
    String first = null;
    try (Scan scan = store.scan(out, ScanSpec.all())) {
      for (Entry<Key, Value> e : scan) {
        cells++;
        String row = e.getKey().getRow().toString();
        String col = e.getKey().getColumnQualifier().toString();
        int r = g.id(row);
        int c = matrix ? g.id(col) : 0;
        double want = r < 0 || c < 0 ? Double.NaN : expected.at(r, c);
        double got = DECIMAL.decode(e.getValue().get());
        if (first == null && !(Math.abs(got - want) <= 1e-9 * Math.max(1e-12, Math.abs(want)))) {
          first = "(" + row + ", " + col + ") = " + got + ", baseline " + (Double.isNaN(want) ? "no cell" : want);
        }
      }
    }
    return verdict(cells, expected.cells(), first);
  }

  /** Components: OUT(v, component) holds the key of the component's smallest vertex, by id in {@code label}. */
  static String labels(Store store, String out, Csr g, int[] label) {
    long cells = 0;
    String first = null;
    try (Scan scan = store.scan(out, ScanSpec.all())) {
      for (Entry<Key, Value> e : scan) {
        cells++;
        String row = e.getKey().getRow().toString();
        int v = g.id(row);
        String want = v < 0 ? "no cell" : g.keys()[label[v]];
        String got = e.getValue().toString();
        if (first == null && !got.equals(want)) {
          first = "(" + row + ") = " + got + ", baseline " + want;
        }
      }
    }
    return verdict(cells, g.n(), first);
  }

  static String count(long got, long want) {
    return got == want ? null : "count " + got + ", baseline " + want;
  }

  private static String verdict(long cells, long expected, String first) {
    if (first == null && cells == expected) {
      return null;
    }
    return cells + " cells, baseline " + expected + (first == null ? "" : "; first difference " + first);
  }
}
