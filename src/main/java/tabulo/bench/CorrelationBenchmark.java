package tabulo.bench;

import tabulo.d4m.Schema;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmResult;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * A D4M correlation query on an ingested schema, C = Tedge(:, rows)^T Tedge(:, cols) (e.g. requests per
 * status and destination host), the way {@code mult Tedge Tedge C --transpose-a --rows R --cols K} runs it
 * now (A^T and B's selected columns read from TedgeT), beside the old plan measured in the same run: all of
 * Tedge copied transposed, then row-by-row fetching each needed B row. Both products must be equal. Each
 * runs twice, alternating; the faster run of each is reported.
 */
public final class CorrelationBenchmark {
  private CorrelationBenchmark() {}

  /** One query: partial products, C's entries, seconds of the planned and the old path, and how A was read. */
  public record Result(String query, long partialProducts, long entries, double seconds, double oldSeconds,
      String left) {}

  /** A table's cells as text, without timestamps. */
  private static java.util.List<String> cells(Store store, String table) {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (var e : store.scanAll(table, tabulo.storage.ScanSpec.all())) {
      var k = e.getKey();
      out.add(k.getRow() + " " + k.getColumnFamily() + ":" + k.getColumnQualifier() + " " + k.getColumnVisibility()
          + " " + e.getValue());
    }
    return out;
  }

  public static Result run(Store store, Schema schema, String rows, String cols) {
    String edge = schema.edge();
    MxmOptions o = MxmOptions.defaults().transposeA(true).rows(KeySpec.parse(rows)).cols(KeySpec.parse(cols))
        .algorithm(MxmOptions.Algorithm.ROWWISE);
    String c = edge + "_corr";
    String old = edge + "_corr_old";
    try {
      // each path twice, alternating, the faster of each kept: neither pays the other's JIT warm-up
      MxmResult planned = null;
      double seconds = Double.POSITIVE_INFINITY;
      double oldSeconds = Double.POSITIVE_INFINITY;
      for (int round = 0; round < 2; round++) {
        deleteIfExists(store, c, old);
        planned = Mxm.multiply(store, edge, edge, c, o);
        seconds = Math.min(seconds, planned.seconds());
        long start = System.nanoTime();
        try (Session s = Session.open(store)) {
          Matrix copy = s.matrix(edge).transpose().temporary(); // the old plan: all of A transposed
          Mxm.of(s.matrix(edge).withTranspose(copy.table()), s.matrix(edge), o).into(old);
        }
        oldSeconds = Math.min(oldSeconds, (System.nanoTime() - start) / 1e9);
      }
      if (!cells(store, c).equals(cells(store, old))) {
        throw new TabuloException("the correlation differs between the planned and the old path");
      }
      String query = String.format("mult %s %s C --transpose-a --rows '%s' --cols '%s'", edge, edge, rows, cols);
      return new Result(query, planned.partialProducts(), planned.entriesWritten(), seconds, oldSeconds,
          planned.left());
    } finally {
      deleteIfExists(store, c, old);
    }
  }

  private static void deleteIfExists(Store store, String... tables) {
    for (String t : tables) {
      if (store.exists(t)) {
        store.delete(t);
      }
    }
  }
}
