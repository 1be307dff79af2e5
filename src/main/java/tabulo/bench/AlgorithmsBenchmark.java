package tabulo.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tabulo.algorithms.PageRank;
import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.ops.Session;
import tabulo.storage.Store;

/**
 * Graph algorithms on a Graph500 graph stored as a table, each beside its single-thread in-memory CSR
 * baseline ({@link AlgorithmsBaseline}) measured in the same run; both times include reading the graph
 * from its table. An algorithm is one entry of {@link #algorithms}: the table side (result into a new
 * table) and the baseline.
 */
public final class AlgorithmsBenchmark {
  public static final int PAGERANK_ITERATIONS = 20;

  /** One algorithm's figures: seconds on tables and the baseline's seconds. */
  public record Row(String algorithm, long edges, double seconds, double baselineSeconds) {
    double ratio() {
      return seconds / baselineSeconds;
    }
  }

  /** One algorithm: computed on the table G into OUT, and by the baseline from G's table. */
  record Algorithm(TableSide tables, BaselineSide baseline) {}

  interface TableSide {
    void run(Session s, String g, String out);
  }

  interface BaselineSide {
    void run(Store store, String g);
  }

  private AlgorithmsBenchmark() {}

  /** Every algorithm the benchmark times, by name (BFS, components, triangles... are one entry each). */
  static Map<String, Algorithm> algorithms() {
    Map<String, Algorithm> all = new LinkedHashMap<>();
    all.put("pagerank " + PAGERANK_ITERATIONS + " iterations", new Algorithm(
        (s, g, out) -> PageRank.run(s.matrix(g), out, PageRank.Options.defaults().tolerance(0)
            .maxIterations(PAGERANK_ITERATIONS)),
        (store, g) -> AlgorithmsBaseline.pageRank(AlgorithmsBaseline.read(store, g), 0.85, PAGERANK_ITERATIONS)));
    return all;
  }

  public static List<Row> run(Store store, int scale, int tablets, int workers, PrintStream log) {
    String g = "G";
    if (store.exists(g)) {
      store.delete(g);
    }
    Graph500.Options options = Graph500.Options.ofScale(scale).withSeed(1);
    Graph500Table.write(store, g, options, tablets);
    store.flush(g);
    long edges = new Graph500(options).edgeCount();
    List<Row> rows = new ArrayList<>();
    int n = 0;
    for (Map.Entry<String, Algorithm> a : algorithms().entrySet()) {
      long t0 = System.nanoTime();
      a.getValue().baseline().run(store, g);
      double baseline = (System.nanoTime() - t0) / 1e9;
      String out = "OUT" + n++;
      try (Session s = Session.open(store).workers(workers)) {
        t0 = System.nanoTime();
        a.getValue().tables().run(s, g, out);
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      log.printf("  %-24s tables %8.3f s, baseline %8.3f s%n", a.getKey(), seconds, baseline);
      rows.add(new Row(a.getKey(), edges, seconds, baseline));
      if (store.exists(out)) {
        store.delete(out);
      }
    }
    return rows;
  }

  public static void print(List<Row> rows, int scale, PrintStream out) {
    out.printf("SCALE %d%n%-24s %12s %10s %10s %8s%n", scale, "algorithm", "edges", "tables s", "baseline s",
        "x base");
    for (Row r : rows) {
      out.printf("%-24s %,12d %10.3f %10.3f %8.2f%n", r.algorithm(), r.edges(), r.seconds(), r.baselineSeconds(),
          r.ratio());
    }
  }
}
