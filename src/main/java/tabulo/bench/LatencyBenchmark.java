package tabulo.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

import org.apache.accumulo.core.data.Mutation;

import tabulo.algorithms.Bfs;
import tabulo.algorithms.Components;
import tabulo.algorithms.PageRank;
import tabulo.algorithms.ShortestPaths;
import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * The fixed cost of each kind of step, where the data is tiny so nothing else counts: connecting, making
 * and deleting a table, writing and reading three cells, each operation kind on three cells into a new
 * table, an operation into a temporary released at once (an iterative algorithm's step), a multiply
 * on a 100-vertex graph, and PageRank, BFS, components and SSSP computed in tables on the 77-vertex Les
 * Misérables graph.
 * Each figure is the median of several runs in one warm session (connecting: a new store each run); runs
 * of a small step are {@link #ANALYST_PAUSE_MILLIS} apart.
 */
public final class LatencyBenchmark {
  /** Seconds per step on each host (NaN where the host was not measured). */
  public record Row(String step, double embeddedSeconds, double accumuloSeconds) {}

  /** What one host's session measures: a step's name and what it does, given a fresh table name. */
  private interface Step {
    void run(Session s, String out);
  }

  /**
   * The pause between two runs of a small step: an analyst's steps are that far apart at least, and the
   * spare tables Accumulo's host makes in the background are then ready (steps back to back outrun them).
   */
  static final long ANALYST_PAUSE_MILLIS = 500;

  private LatencyBenchmark() {}

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Measures the embedded engine (a store {@code embedded} opens) and, if {@code accumulo} is not null, an
   * Accumulo instance; {@code repeats} runs per small step, {@code algorithmRuns} per algorithm.
   */
  public static List<Row> run(Supplier<Store> embedded, Supplier<Store> accumulo, int repeats, int algorithmRuns,
      PrintStream log) {
    Map<String, Double> e = measure("embedded", embedded, repeats, algorithmRuns, log);
    Map<String, Double> a = accumulo == null ? Map.of() : measure("accumulo", accumulo, repeats, algorithmRuns, log);
    List<Row> rows = new ArrayList<>();
    e.forEach((step, seconds) -> rows.add(new Row(step, seconds, a.getOrDefault(step, Double.NaN))));
    return rows;
  }

  private static Map<String, Double> measure(String host, Supplier<Store> open, int repeats, int algorithmRuns,
      PrintStream log) {
    Map<String, Double> out = new LinkedHashMap<>();
    double[] connect = new double[repeats];
    for (int i = 0; i < repeats; i++) {
      long t = System.nanoTime();
      open.get().close();
      connect[i] = seconds(t);
    }
    out.put("connect", median(connect));
    String prefix = "latency_" + Long.toHexString(new Random().nextLong() & 0xffffffffL) + "_";
    try (Store store = open.get(); Session s = Session.open(store).inMemory(false)) {
      List<String> made = new ArrayList<>();
      Timing timing = new Timing(host, s, prefix, made, out, log);
      try {
        String small = prefix + "S";
        String graph = prefix + "G100";
        String lesmis = prefix + "lesmis";
        put(store, small, List.of(new String[] {"a", "b", "1"}, new String[] {"b", "c", "-2"},
            new String[] {"c", "a", "3"}));
        put(store, graph, randomGraph(100, 5, 42));
        put(store, lesmis, lesMiserables());
        made.addAll(List.of(small, graph, lesmis));
        Map<String, Step> steps = new LinkedHashMap<>();
        steps.put("create table", (x, t) -> x.store().create(t, TableSettings.defaults()));
        steps.put("create table + put 3 cells", (x, t) -> put(x.store(), t, List.of(new String[] {"a", "b", "1"},
            new String[] {"b", "c", "2"}, new String[] {"c", "a", "3"})));
        steps.put("scan 3 cells", (x, t) -> x.store().scanAll(small, ScanSpec.all()));
        Matrix sm = s.matrix(small);
        steps.put("apply", (x, t) -> sm.apply(UnaryOps.ABS).into(t));
        steps.put("select", (x, t) -> sm.select(tabulo.ops.Select.gt(0)).into(t));
        steps.put("ewiseAdd", (x, t) -> sm.ewiseAdd(sm, BinaryOps.PLUS).into(t));
        steps.put("ewiseMult", (x, t) -> sm.ewiseMult(sm, BinaryOps.TIMES).into(t));
        steps.put("mxm", (x, t) -> sm.mxm(sm, Semirings.PLUS_TIMES).into(t));
        steps.put("reduce rows", (x, t) -> sm.reduceRows(Monoids.PLUS).into(t));
        steps.put("reduce to scalar", (x, t) -> sm.reduce(Monoids.PLUS));
        steps.put("transpose", (x, t) -> sm.transpose().into(t));
        steps.put("extract", (x, t) -> sm.extract(KeySpec.parse("a,b,"), KeySpec.all()).into(t));
        Matrix g = s.matrix(graph);
        steps.put("mxm, 100-vertex graph", (x, t) -> g.mxm(g, Semirings.PLUS_TIMES).into(t));
        timing.timeEach(steps, repeats, 1, ANALYST_PAUSE_MILLIS);
        // an iterative algorithm's step: into a temporary released at once, so later rounds reuse the emptied
        // tables of earlier ones (warmed up until there are some)
        Map<String, Step> rounds = new LinkedHashMap<>();
        rounds.put("apply into a temporary, released", (x, t) -> x.release(sm.apply(UnaryOps.ABS).temporary()));
        rounds.put("ewiseAdd into a temporary, released",
            (x, t) -> x.release(sm.ewiseAdd(sm, BinaryOps.PLUS).temporary()));
        timing.timeEach(rounds, Math.max(repeats, 9), 5, 0);
        double[] deletes = new double[repeats];
        for (int i = 0; i < repeats; i++) {
          String t = made.remove(made.size() - 1);
          long t0 = System.nanoTime();
          store.delete(t);
          deletes[i] = seconds(t0);
        }
        out.put("delete table", median(deletes));
        Matrix lm = s.matrix(lesmis);
        Map<String, Step> algorithms = new LinkedHashMap<>();
        algorithms.put("pagerank in tables, 77 vertices, 1e-10",
            (x, t) -> PageRank.run(lm, Target.table(t), PageRank.Options.defaults().tolerance(1e-10)));
        algorithms.put("bfs in tables, 77 vertices",
            (x, t) -> Bfs.run(lm, Target.table(t), Bfs.Options.defaults().from("Valjean,")));
        algorithms.put("components in tables, 77 vertices",
            (x, t) -> Components.run(lm, Target.table(t), Components.Options.defaults()));
        algorithms.put("sssp in tables, 77 vertices",
            (x, t) -> ShortestPaths.run(lm, Target.table(t), ShortestPaths.Options.defaults().from("Valjean")));
        timing.timeEach(algorithms, algorithmRuns, 0, 0);
      } finally {
        for (String t : made) {
          if (store.exists(t)) {
            store.delete(t);
          }
        }
      }
    }
    return out;
  }

  /** Times steps in one session: each run writes to a new table name, and the tables made are kept in {@code made}. */
  private record Timing(String host, Session session, String prefix, List<String> made, Map<String, Double> out,
      PrintStream log) {
    /**
     * The median of {@code runs} timed runs of each step, after {@code warmUps} untimed ones, {@code pauseMillis}
     * apart.
     */
    void timeEach(Map<String, Step> steps, int runs, int warmUps, long pauseMillis) {
      for (Map.Entry<String, Step> st : steps.entrySet()) {
        double[] times = new double[runs];
        for (int i = -warmUps; i < runs; i++) {
          String t = prefix + "out" + Long.toHexString(System.nanoTime()); // never a name used before
          long t0 = System.nanoTime();
          st.getValue().run(session, t);
          if (i >= 0) {
            times[i] = seconds(t0);
          }
          if (session.store().exists(t)) {
            made.add(t);
          }
          pause(pauseMillis);
        }
        out.put(st.getKey(), median(times));
        log.printf("%s: %s %.3f s%n", host, st.getKey(), median(times));
      }
    }
  }

  private static void put(Store store, String table, List<String[]> cells) {
    if (!store.exists(table)) {
      store.create(table, TableSettings.defaults());
    }
    try (TableWriter w = store.writer(table)) {
      for (String[] c : cells) {
        Mutation m = new Mutation(c[0]);
        m.put("", c[1], c[2]);
        w.addMutation(m);
      }
    }
  }

  /** A directed random graph: each of n vertices has {@code degree} out-edges to random others. */
  private static List<String[]> randomGraph(int n, int degree, long seed) {
    Random r = new Random(seed);
    List<String[]> edges = new ArrayList<>();
    for (int u = 0; u < n; u++) {
      for (int k = 0; k < degree; k++) {
        edges.add(new String[] {String.format("v%03d", u), String.format("v%03d", r.nextInt(n)), "1"});
      }
    }
    return edges;
  }

  /** The Les Misérables co-occurrence graph, both directions of each edge, weight 1. */
  static List<String[]> lesMiserables() {
    List<String[]> edges = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        LatencyBenchmark.class.getResourceAsStream("/tabulo/data/lesmis.tsv"), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t");
        edges.add(new String[] {f[0], f[1], "1"});
        edges.add(new String[] {f[1], f[0], "1"});
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return edges;
  }

  private static double seconds(long t0) {
    return (System.nanoTime() - t0) / 1e9;
  }

  private static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  public static void print(List<Row> rows, PrintStream out) {
    boolean both = rows.stream().anyMatch(r -> !Double.isNaN(r.accumuloSeconds()));
    out.printf("%-40s %12s%s%n", "step", "embedded s", both ? String.format(" %12s %10s", "accumulo s", "ratio") : "");
    for (Row r : rows) {
      out.printf("%-40s %12.4f%s%n", r.step(), r.embeddedSeconds(), both ? String.format(" %12.4f %10.1f",
          r.accumuloSeconds(), r.accumuloSeconds() / r.embeddedSeconds()) : "");
    }
  }
}
