package tabulo.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.algorithms.Bfs;
import tabulo.algorithms.Components;
import tabulo.algorithms.Jaccard;
import tabulo.algorithms.KTruss;
import tabulo.algorithms.PageRank;
import tabulo.algorithms.Triangles;
import tabulo.bench.AlgorithmsBaseline.Csr;
import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * Graph algorithms on a Graph500 graph stored as a table, each beside its single-thread in-memory CSR
 * baseline ({@link AlgorithmsBaseline}, {@link UndirectedBaseline}) measured in the same run; both times
 * include reading the graph from its table. Each result is checked against its baseline's
 * ({@link ResultCheck}); a difference is printed as MISMATCH. An algorithm is one entry of
 * {@link #algorithms}: the table side, the baseline, the check, the goal of issue 12.
 */
public final class AlgorithmsBenchmark {
  public static final int PAGERANK_ITERATIONS = 20;
  /** The SCALE of the big-graph algorithms unless one is given (the goal is 20). */
  public static final int DEFAULT_SCALE = 16;
  /** The SCALE of Jaccard and 3-truss unless one is given (the issue's, after Graphulo's paper). */
  public static final int SMALL_SCALE = 14;

  /** One algorithm's figures; {@code mismatch} is null when its result agrees with the baseline's. */
  public record Row(String algorithm, int scale, long edges, double seconds, double baselineSeconds,
      double baselineReadSeconds, String goal, String mismatch) {
    double ratio() {
      return seconds / baselineSeconds;
    }
  }

  /** A graph of the run: its table, SCALE, generated edges, and the BFS source (its largest out-degree). */
  record Graph(String table, int scale, long edges, String source) {}

  /** What a baseline computed: the graph it read (for ids) and its result. */
  record Baseline(Csr graph, Object result) {}

  /** One algorithm: on the tables into OUT, by the baseline from G's table, the check of OUT, the goal. */
  record Algorithm(String label, boolean smallGraph, String goal, TableSide tables, boolean undirectedBaseline,
      BaselineSide baseline, Check check) {}

  interface TableSide {
    /** Computes into {@code out}; returns what is not in a table (a count), else null. */
    Object run(Session s, Graph g, String out);
  }

  /** The baseline's computation over the graph read from its table (its undirected structure when asked). */
  interface BaselineSide {
    Object run(Csr c, Graph g);
  }

  interface Check {
    /** Null when the table side's result agrees with the baseline's, else the difference. */
    String run(Store store, String out, Object tables, Baseline baseline);
  }

  private AlgorithmsBenchmark() {}

  /** Every algorithm the benchmark times, by the name {@code --only} takes. */
  static Map<String, Algorithm> algorithms() {
    Map<String, Algorithm> all = new LinkedHashMap<>();
    all.put("pagerank", new Algorithm("pagerank " + PAGERANK_ITERATIONS + " it", false, "1.5x",
        (s, g, out) -> PageRank.run(s.matrix(g.table()), Target.table(out), PageRank.Options.defaults().tolerance(0)
            .maxIterations(PAGERANK_ITERATIONS)),
        false, (c, g) -> AlgorithmsBaseline.pageRank(c, 0.85, PAGERANK_ITERATIONS),
        (store, out, t, b) -> ResultCheck.numbers(store, out, b.graph(), false,
            ResultCheck.vector((double[]) b.result()))));
    all.put("components", new Algorithm("components", false, "1.5x",
        (s, g, out) -> Components.run(s.matrix(g.table()), Target.table(out), Components.Options.defaults()),
        false, (c, g) -> AlgorithmsBaseline.components(c),
        (store, out, t, b) -> ResultCheck.labels(store, out, b.graph(), (int[]) b.result())));
    all.put("bfs", new Algorithm("bfs one source", false, "2x",
        (s, g, out) -> Bfs.run(s.matrix(g.table()), Target.table(out), Bfs.Options.defaults().from(g.source() + ",")),
        false, (c, g) -> AlgorithmsBaseline.bfs(c, c.id(g.source())),
        (store, out, t, b) -> {
          int[] levels = (int[]) b.result();
          double[] expected = new double[levels.length];
          for (int v = 0; v < levels.length; v++) {
            expected[v] = levels[v] < 0 ? Double.NaN : levels[v];
          }
          return ResultCheck.numbers(store, out, b.graph(), false, ResultCheck.vector(expected));
        }));
    all.put("triangles", new Algorithm("triangles", false, "2x",
        (s, g, out) -> Triangles.count(s.matrix(g.table())),
        true, (c, g) -> UndirectedBaseline.triangles(c),
        (store, out, t, b) -> ResultCheck.count((Long) t, (Long) b.result())));
    all.put("jaccard", new Algorithm("jaccard", true, "2x, 10 s",
        (s, g, out) -> Jaccard.run(s.matrix(g.table()), Target.table(out), Jaccard.Options.defaults()),
        true, (c, g) -> UndirectedBaseline.jaccard(c),
        (store, out, t, b) -> ResultCheck.numbers(store, out, b.graph(), true,
            ResultCheck.sparse((UndirectedBaseline.Sparse) b.result()))));
    all.put("ktruss", new Algorithm("3-truss", true, "2x, 10 s",
        (s, g, out) -> KTruss.run(s.matrix(g.table()), Target.table(out), KTruss.Options.defaults().k(3)),
        true, (c, g) -> UndirectedBaseline.kTruss(c, 3),
        (store, out, t, b) -> ResultCheck.numbers(store, out, b.graph(), true,
            ResultCheck.sparse((UndirectedBaseline.Sparse) b.result()))));
    return all;
  }

  /** Fails with a clear error when {@code only} names an algorithm the benchmark does not have. */
  public static void checkNames(String only) {
    selected(only);
  }

  /** The algorithms named in {@code only} (comma-separated; null or empty: all), in the benchmark's order. */
  static Map<String, Algorithm> selected(String only) {
    Map<String, Algorithm> all = algorithms();
    if (only == null || only.isBlank()) {
      return all;
    }
    Map<String, Algorithm> chosen = new LinkedHashMap<>();
    for (String name : only.split(",")) {
      if (!all.containsKey(name.trim())) {
        throw new TabuloException("--only: unknown algorithm '" + name.trim() + "' (known: "
            + String.join(",", all.keySet()) + ")");
      }
    }
    for (Entry<String, Algorithm> a : all.entrySet()) {
      if (List.of(only.split(",")).stream().anyMatch(n -> n.trim().equals(a.getKey()))) {
        chosen.put(a.getKey(), a.getValue());
      }
    }
    return chosen;
  }

  /**
   * Runs the {@code only} algorithms (all when null) on Graph500 graphs: {@code scale} for all of them
   * when given, else {@link #DEFAULT_SCALE} and {@link #SMALL_SCALE} for Jaccard and k-truss.
   */
  public static List<Row> run(Store store, Integer scale, String only, int tablets, int workers, PrintStream log) {
    Map<String, Algorithm> chosen = selected(only);
    Map<Integer, Graph> graphs = new TreeMap<>();
    List<Row> rows = new ArrayList<>();
    int n = 0;
    for (Algorithm a : chosen.values()) {
      int s = scale != null ? scale : a.smallGraph() ? SMALL_SCALE : DEFAULT_SCALE;
      Graph g = graphs.computeIfAbsent(s, k -> generate(store, k, tablets));
      long t0 = System.nanoTime();
      Csr read = AlgorithmsBaseline.read(store, g.table());
      double baselineRead = (System.nanoTime() - t0) / 1e9;
      Csr input = a.undirectedBaseline() ? UndirectedBaseline.undirected(read) : read;
      Baseline expected = new Baseline(input, a.baseline().run(input, g));
      double baseline = (System.nanoTime() - t0) / 1e9;
      String out = "OUT" + n++;
      Object computed;
      double seconds;
      try (Session session = Session.open(store).workers(workers)) {
        t0 = System.nanoTime();
        computed = a.tables().run(session, g, out);
        seconds = (System.nanoTime() - t0) / 1e9;
      }
      String mismatch = a.check().run(store, out, computed, expected);
      log.printf("  %-18s SCALE %2d tables %9.3f s, baseline %8.3f s (its read %.3f s)%s%n", a.label(), s, seconds,
          baseline, baselineRead, mismatch == null ? "" : "  MISMATCH: " + mismatch);
      rows.add(new Row(a.label(), s, g.edges(), seconds, baseline, baselineRead, a.goal(), mismatch));
      if (store.exists(out)) {
        store.delete(out);
      }
    }
    for (Graph g : graphs.values()) {
      store.delete(g.table());
    }
    return rows;
  }

  private static Graph generate(Store store, int scale, int tablets) {
    String table = "G" + scale;
    if (store.exists(table)) {
      store.delete(table);
    }
    Graph500.Options options = Graph500.Options.ofScale(scale).withSeed(1);
    Graph500Table.write(store, table, options, tablets);
    store.flush(table);
    return new Graph(table, scale, new Graph500(options).edgeCount(), largestOutDegree(store, table));
  }

  /** The row with the most cells (the first such): a BFS source that reaches most of the graph. */
  private static String largestOutDegree(Store store, String table) {
    String best = null;
    long bestCount = -1;
    String row = null;
    long count = 0;
    try (Scan scan = store.scan(table, ScanSpec.all())) {
      for (Entry<Key, Value> e : scan) {
        String r = e.getKey().getRow().toString();
        if (!r.equals(row)) {
          row = r;
          count = 0;
        }
        if (++count > bestCount) {
          bestCount = count;
          best = row;
        }
      }
    }
    return best;
  }

  /** The table of figures; ends with a loud line when some result differed from its baseline's. */
  public static void print(List<Row> rows, PrintStream out) {
    out.printf("%-18s %5s %12s %10s %10s %8s %8s %9s  %s%n", "algorithm", "SCALE", "edges", "tables s",
        "baseline s", "its read", "x base", "goal", "check");
    long mismatches = 0;
    for (Row r : rows) {
      out.printf("%-18s %5d %,12d %10.3f %10.3f %8.3f %8.2f %9s  %s%n", r.algorithm(), r.scale(), r.edges(),
          r.seconds(), r.baselineSeconds(), r.baselineReadSeconds(), r.ratio(), r.goal(),
          r.mismatch() == null ? "ok" : "MISMATCH");
      mismatches += r.mismatch() == null ? 0 : 1;
    }
    if (mismatches > 0) {
      out.println("MISMATCH: " + mismatches + " result(s) differ from the baseline's (details above on stderr)");
    }
  }
}
