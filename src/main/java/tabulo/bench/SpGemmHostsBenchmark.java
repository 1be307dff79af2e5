package tabulo.bench;

import java.io.PrintStream;
import java.util.List;

import tabulo.gen.EdgeCounts;
import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.math.CsrMatrix;
import tabulo.math.Semirings;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmResult;
import tabulo.storage.Store;

/**
 * Graphulo's experiment, C = A^T B of two Graph500 graphs, run on the embedded engine and on Accumulo
 * (kernels in the tablet servers) in one run: partial products per second of both algorithms on both
 * hosts, each product checked against the in-memory one on sampled entries.
 */
public final class SpGemmHostsBenchmark {
  /** One SCALE: seconds of each algorithm on each host. */
  public record Row(int scale, long partialProducts, long nnzC, double embeddedOuter, double embeddedRowwise,
      double accumuloOuter, double accumuloRowwise) {}

  private SpGemmHostsBenchmark() {}

  public static Row run(Store embedded, Store accumulo, int scale, int tablets, int workers, PrintStream log) {
    Graph500.Options a = Graph500.Options.ofScale(scale).withSeed(1);
    Graph500.Options b = Graph500.Options.ofScale(scale).withSeed(2);
    String ta = "benchA" + scale;
    String tb = "benchB" + scale;
    String[] products = {"benchCouter" + scale, "benchCrow" + scale};
    CsrMatrix.Product expected = null;
    double[] seconds = new double[4];
    int host = 0;
    for (Store store : new Store[] {embedded, accumulo}) {
      for (String t : List.of(ta, tb, products[0], products[1])) {
        if (store.exists(t)) {
          store.delete(t);
        }
      }
      EdgeCounts ea = Graph500Table.write(store, ta, a, tablets);
      EdgeCounts eb = Graph500Table.write(store, tb, b, tablets);
      if (expected == null) {
        expected = ea.toMatrix().transpose().mxm(eb.toMatrix(), Semirings.PLUS_TIMES);
      }
      String name = host == 0 ? "embedded" : "accumulo";
      for (int alg = 0; alg < 2; alg++) {
        MxmResult r = SpGemmBenchmark.multiply(store, ta, tb, products[alg],
            alg == 0 ? Algorithm.OUTER : Algorithm.ROWWISE, workers);
        if (r.partialProducts() != expected.partialProducts()) {
          throw new IllegalStateException(name + " " + r.algorithm() + ": " + r.partialProducts()
              + " partial products, in memory " + expected.partialProducts());
        }
        SpGemmBenchmark.verifySample(store, expected.matrix(), products[alg], scale, 500);
        seconds[host * 2 + alg] = r.seconds();
        log.printf("SCALE %d %s %-7s %8.2f s%n", scale, name, r.algorithm().name().toLowerCase(), r.seconds());
      }
      for (String t : List.of(ta, tb, products[0], products[1])) {
        store.delete(t);
      }
      host++;
    }
    return new Row(scale, expected.partialProducts(), expected.matrix().nnz(), seconds[0], seconds[1], seconds[2],
        seconds[3]);
  }

  public static void print(List<Row> rows, PrintStream out) {
    out.printf("%-5s %15s %13s | %21s | %21s | %21s | %21s | %8s %8s%n", "SCALE", "partial prod.", "nnz(C)",
        "embedded outer", "embedded rowwise", "accumulo outer", "accumulo rowwise", "acc/emb", "acc/emb");
    out.printf("%-5s %15s %13s | %21s | %21s | %21s | %21s | %8s %8s%n", "", "", "", "s (pp/s)", "s (pp/s)",
        "s (pp/s)", "s (pp/s)", "outer", "rowwise");
    for (Row r : rows) {
      out.printf("%-5d %,15d %,13d | %s | %s | %s | %s | %7.2fx %7.2fx%n", r.scale(), r.partialProducts(), r.nnzC(),
          SpGemmBenchmark.cell(r.embeddedOuter(), r.partialProducts()), SpGemmBenchmark.cell(r.embeddedRowwise(), r.partialProducts()),
          SpGemmBenchmark.cell(r.accumuloOuter(), r.partialProducts()), SpGemmBenchmark.cell(r.accumuloRowwise(), r.partialProducts()),
          r.embeddedOuter() / r.accumuloOuter(), r.embeddedRowwise() / r.accumuloRowwise());
    }
    out.println("acc/emb: Accumulo's rate (kernels in the tablet servers) as a fraction of the embedded engine's.");
  }
}
