package tabulo.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import tabulo.util.Progress;
import tabulo.bench.StoreBenchmark;

@Command(name = "bench", description = "Benchmarks that print rates beside a baseline measured in the same run.",
    subcommands = {BenchCommand.Store.class, BenchCommand.SpGemm.class, BenchCommand.Ingest.class,
        BenchCommand.RFileWrite.class, BenchCommand.Ops.class,
        BenchCommand.Algorithms.class, BenchCommand.Latency.class, BenchCommand.Graphalytics.class,
        BenchPartitionCommand.class})
final class BenchCommand implements Runnable {
  @ParentCommand
  Main main;

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a benchmark is required (store, spgemm, ingest, rfile, ops, algorithms, latency, graphalytics, partition)");
  }

  @Command(name = "store", description = {"Write and scan rates of the engine and of the text paths, beside baselines.",
      "The engine beside a plain sorted binary file written and read in the same run; then the text paths as a user runs them: " +
      "'tabulo put T file.tsv' and 'tabulo scan T > out.tsv' on a generated TSV of N lines, each in a new " +
      "JVM (started as this one was), beside sqlite3 .import of the same file into a table keyed by " +
      "(row, column) and an ordered SELECT to a file (the two outputs must be the same bytes)."})
  static final class Store implements Runnable {
    @ParentCommand
    BenchCommand bench;

    @Option(names = "--entries", paramLabel = "N", description = "Entries, and lines of text (default ${DEFAULT-VALUE}).")
    long entries = 10_000_000;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where to put the temporary files (default: temp).")
    Path dir;

    /** The two parts of the benchmark. */
    enum Part { engine, text }

    @Option(names = "--only", paramLabel = "PART", description = "Run only one part: ${COMPLETION-CANDIDATES} "
        + "(default: both).")
    Part only;

    @Override
    public void run() {
      bench.requireEmbedded("store");
      if (only == null || only == Part.engine) {
        inTemporaryDirectory(dir, work -> {
          StoreBenchmark.Result r = StoreBenchmark.run(work, entries, Progress.onTerminal("writing", entries));
          StoreBenchmark.print(r, System.out);
        });
      }
      if (only == null || only == Part.text) {
        inTemporaryDirectory(dir, work -> {
          try {
            tabulo.bench.TextBenchmark.print(tabulo.bench.TextBenchmark.run(work, entries), System.out);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
          }
        });
      }
    }
  }

  @Command(name = "rfile", description = {"Uncompressed RFile writing on one thread: Accumulo's writer beside Tabulo's.",
      "The same sorted entries in memory; the files must be identical."})
  static final class RFileWrite implements Runnable {
    @ParentCommand
    BenchCommand bench;

    @Option(names = "--entries", paramLabel = "N", description = "Entries (default ${DEFAULT-VALUE}).")
    int entries = 10_000_000;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where to put the temporary files (default: temp).")
    Path dir;

    @Override
    public void run() {
      bench.requireEmbedded("rfile");
      if (entries < 1) {
        throw new tabulo.storage.TabuloException("--entries must be positive, got " + entries);
      }
      inTemporaryDirectory(dir, work ->
          tabulo.bench.RFileWriterBenchmark.print(tabulo.bench.RFileWriterBenchmark.run(work, entries), System.out));
    }
  }

  @Command(name = "spgemm", description = {"C = A^T B of two Graph500 graphs per SCALE, each way beside the COST baseline.",
      "The outer product, row-by-row, the client-side way (scan into memory, multiply, write back) and the COST baseline " +
      "(one thread, CSR arrays in memory, C written to a plain file), with partial products per second. " +
      "With --accumulo PROPS: both algorithms on the embedded engine and on Accumulo (kernels in the " +
      "tablet servers; tables benchA..., deleted afterwards), side by side."})
  static final class SpGemm implements Runnable {
    @ParentCommand
    BenchCommand bench;

    @Option(names = "--scale", paramLabel = "S|LO..HI", description = "SCALE or range (default ${DEFAULT-VALUE}).")
    String scales = "10..14";

    @picocli.CommandLine.Mixin
    GraphBenchOptions graph = new GraphBenchOptions();

    @Override
    public void run() {
      int[] range = parseRange(scales);
      Path props = bench.main.accumuloProperties();
      if (props != null) {
        inTemporaryDirectory(graph.dir, work -> {
          java.util.List<tabulo.bench.SpGemmHostsBenchmark.Row> rows = new java.util.ArrayList<>();
          try (tabulo.storage.Store embedded = tabulo.embedded.EmbeddedStore.open(work.resolve("db"), "root");
              tabulo.storage.Store accumulo = Main.openAccumulo(props, bench.main.user)) {
            for (int s = range[0]; s <= range[1]; s++) {
              rows.add(tabulo.bench.SpGemmHostsBenchmark.run(embedded, accumulo, s, graph.tablets, graph.workers, System.err));
            }
          }
          tabulo.bench.SpGemmHostsBenchmark.print(rows, System.out);
        });
        return;
      }
      inTemporaryDirectory(graph.dir, work -> {
        java.util.List<tabulo.bench.SpGemmBenchmark.Row> rows = new java.util.ArrayList<>();
        try (tabulo.storage.Store store = tabulo.embedded.EmbeddedStore.open(work.resolve("db"), "root")) {
          // one untimed multiply at a small SCALE first: every SCALE is then timed with compiled code
          int warmUp = Math.min(10, range[0]);
          System.err.printf("warming up (SCALE %d, untimed)...%n", warmUp);
          tabulo.bench.SpGemmBenchmark.run(store, warmUp, graph.tablets, graph.workers,
              new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
          for (int s = range[0]; s <= range[1]; s++) {
            rows.add(tabulo.bench.SpGemmBenchmark.run(store, s, graph.tablets, graph.workers, System.err));
          }
        }
        tabulo.bench.SpGemmBenchmark.print(rows, System.out);
      });
    }

    static int[] parseRange(String text) {
      try {
        String[] parts = text.split("\\.\\.");
        int lo = Integer.parseInt(parts[0].trim());
        int hi = parts.length > 1 ? Integer.parseInt(parts[1].trim()) : lo;
        if (parts.length > 2 || lo < 1 || hi < lo || hi > 24) {
          throw new NumberFormatException();
        }
        return new int[] {lo, hi};
      } catch (NumberFormatException e) {
        throw new tabulo.storage.TabuloException("--scale: expected a SCALE or LO..HI between 1 and 24, got '" + text + "'");
      }
    }
  }

  @Command(name = "ops", description = {"GraphBLAS operations on Graph500 tables beside an in-memory baseline.",
      "Element-wise, apply, select, reduce, transpose, extract on two Graph500 graphs as tables, each " +
      "beside a single-thread in-memory baseline over " +
      "the same data (CSR arrays, output written to a file) measured in the same run."})
  static final class Ops implements Runnable {
    @ParentCommand
    BenchCommand bench;

    @Option(names = "--scale", paramLabel = "S", description = "SCALE (default ${DEFAULT-VALUE}).")
    int scale = 16;

    @Option(names = "--only", paramLabel = "NAME,...", description = {"Only the operations whose names start " +
        "with these (e.g. transpose,reduce,ewise-add; default: all)."})
    String only;

    @Option(names = "--repeats", paramLabel = "N", description = {"Timed runs of each operation on both sides; " +
        "the best is kept (default ${DEFAULT-VALUE})."})
    int repeats = 3;

    @picocli.CommandLine.Mixin
    GraphBenchOptions graph = new GraphBenchOptions();

    @Override
    public void run() {
      if (scale < 1 || scale > 24) {
        throw new tabulo.storage.TabuloException("--scale: expected a SCALE between 1 and 24, got " + scale);
      }
      bench.requireEmbedded("ops");
      if (repeats < 1) {
        throw new tabulo.storage.TabuloException("--repeats: expected 1 or more, got " + repeats);
      }
      tabulo.bench.OpsBenchmark.checkNames(only); // an unknown name fails before any work
      inTemporaryDirectory(graph.dir, work -> {
        try (tabulo.storage.Store store = tabulo.embedded.EmbeddedStore.open(work.resolve("db"), "root")) {
          System.err.println("warming up (SCALE 10, untimed)...");
          tabulo.bench.OpsBenchmark.run(store,
              new tabulo.bench.OpsBenchmark.Options(Math.min(10, scale), only, 1, graph.tablets, graph.workers),
              new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
          tabulo.bench.OpsBenchmark.print(tabulo.bench.OpsBenchmark.run(store,
              new tabulo.bench.OpsBenchmark.Options(scale, only, repeats, graph.tablets, graph.workers), System.err),
              System.out);
        }
      });
    }
  }

  @Command(name = "algorithms", description = {"Graph algorithms on Graph500 tables beside in-memory baselines.",
      "PageRank (20 iterations), components, BFS from the vertex of largest out-degree, " +
      "triangle count, Jaccard, 3-truss; each beside a single-thread in-memory " +
      "CSR baseline measured in the same run (both read the graph from its " +
      "table) and checked against it: a result that differs prints MISMATCH " +
      "and the command fails. Prints time, ratio and the goal of issue 12."})
  static final class Algorithms implements Runnable {
    @ParentCommand
    BenchCommand bench;

    @Option(names = "--scale", paramLabel = "S", description = {"SCALE of every graph (default: "
        + tabulo.bench.AlgorithmsBenchmark.DEFAULT_SCALE + ", and " + tabulo.bench.AlgorithmsBenchmark.SMALL_SCALE
        + " for jaccard and ktruss; the goal is 20)."})
    Integer scale;

    @Option(names = "--only", paramLabel = "NAME,...", description = {"Only these algorithms: pagerank, " +
        "components, bfs, triangles, jaccard, ktruss (default: all)."})
    String only;

    @picocli.CommandLine.Mixin
    GraphBenchOptions graph = new GraphBenchOptions();

    @Override
    public void run() {
      bench.requireEmbedded("algorithms");
      if (scale != null && (scale < 1 || scale > 24)) {
        throw new tabulo.storage.TabuloException("--scale: expected a SCALE between 1 and 24, got " + scale);
      }
      tabulo.bench.AlgorithmsBenchmark.checkNames(only); // an unknown name fails before any work
      inTemporaryDirectory(graph.dir, work -> {
        try (tabulo.storage.Store store = tabulo.embedded.EmbeddedStore.open(work.resolve("db"), "root")) {
          System.err.println("warming up (SCALE 8, untimed)...");
          tabulo.bench.AlgorithmsBenchmark.run(store, Math.min(8, scale == null ? 8 : scale), only, graph.tablets,
              graph.workers, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
          java.util.List<tabulo.bench.AlgorithmsBenchmark.Row> rows =
              tabulo.bench.AlgorithmsBenchmark.run(store, scale, only, graph.tablets, graph.workers, System.err);
          tabulo.bench.AlgorithmsBenchmark.print(rows, System.out);
          if (rows.stream().anyMatch(r -> r.mismatch() != null)) {
            throw new tabulo.storage.TabuloException("bench algorithms: a result differs from its baseline's");
          }
        }
      });
    }
  }

  @Command(name = "ingest", description = {"D4M schema ingest rate and query latency, embedded and on Accumulo.",
      "D4M schema ingest of generated web proxy logs: entries/s into Tedge + TedgeT " +
      "+ TedgeDeg with 1 and 2 workers, then p50/p99 latency of single-key row " +
      "queries (Tedge) and column queries (TedgeT) on the result. " +
      "With --accumulo PROPS the same files go into Accumulo too (tables " +
      "benchXXX_..., deleted afterwards), and both hosts' figures from the same " +
      "run are printed side by side."})
  static final class Ingest implements Runnable {
    static final long EMBEDDED_ENTRIES = 10_000_000;
    /** Smaller on Accumulo, so that a one-tablet-server mini-accumulo finishes in a few minutes. */
    static final long ACCUMULO_ENTRIES = 1_000_000;

    @ParentCommand
    BenchCommand bench;

    @Option(names = "--entries", paramLabel = "N",
        description = "Tedge entries (default 10,000,000; 1,000,000 with --accumulo).")
    Long entries;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where to put the temporary files (default: temp).")
    Path dir;

    @Override
    public void run() {
      Path props = bench.main.accumuloProperties();
      long n = entries != null ? entries : props == null ? EMBEDDED_ENTRIES : ACCUMULO_ENTRIES;
      if (n < 1) {
        throw new tabulo.storage.TabuloException("--entries must be positive, got " + n);
      }
      inTemporaryDirectory(dir, work -> {
        if (props == null) {
          tabulo.bench.IngestBenchmark.print(tabulo.bench.IngestBenchmark.run(work, n, null, System.err), System.out);
          return;
        }
        try (tabulo.storage.Store accumulo = Main.openAccumulo(props, bench.main.user)) {
          tabulo.bench.IngestBenchmark.print(tabulo.bench.IngestBenchmark.run(work, n, accumulo, System.err),
              System.out);
        }
      });
    }
  }

  @Command(name = "latency", description = {"The fixed cost of each step on tiny data, embedded and on Accumulo.",
      "Seconds per step where the data is too small for anything else to count: connecting, creating and "
          + "deleting a table, creating a table and putting 3 cells, scanning 3 cells, each operation kind on 3 cells (each into a new "
          + "table), mxm on a 100-vertex graph, and PageRank (to 1e-10) and BFS computed in tables on the "
          + "77-vertex Les Miserables graph. Median of --repeats runs in one warm session (algorithms: "
          + "--algorithm-runs). With --accumulo PROPS the same steps run there too (kernels in the tablet "
          + "servers; tables latency_..., deleted afterwards), side by side with the embedded figures."})
  static final class Latency implements Runnable {
    @ParentCommand
    BenchCommand bench;

    @Option(names = "--repeats", paramLabel = "N", description = "Runs of each small step (default ${DEFAULT-VALUE}).")
    int repeats = 5;

    @Option(names = "--algorithm-runs", paramLabel = "N", description = "Runs of each algorithm (default ${DEFAULT-VALUE}).")
    int algorithmRuns = 1;

    @Override
    public void run() {
      if (repeats < 1) {
        throw new tabulo.storage.TabuloException("--repeats must be 1 or more, got " + repeats);
      }
      if (algorithmRuns < 1) {
        throw new tabulo.storage.TabuloException("--algorithm-runs must be 1 or more, got " + algorithmRuns);
      }
      Path props = bench.main.accumuloProperties();
      inTemporaryDirectory(null, work -> {
        java.util.function.Supplier<tabulo.storage.Store> embedded =
            () -> tabulo.embedded.EmbeddedStore.open(work.resolve("db"), tabulo.embedded.EmbeddedStore.ROOT);
        java.util.function.Supplier<tabulo.storage.Store> accumulo =
            props == null ? null : () -> Main.openAccumulo(props, bench.main.user);
        tabulo.bench.LatencyBenchmark.print(
            tabulo.bench.LatencyBenchmark.run(embedded, accumulo, repeats, algorithmRuns, System.err), System.out);
      });
    }
  }

  @Command(name = "graphalytics", description = {"LDBC Graphalytics' six algorithms beside python-graphblas.",
      "Writes a Graph500 graph of SCALE S in LDBC's graph500 shape (undirected, no self-loops, no duplicates, "
          + "vertices = those with an edge, random weights in (0,1] for sssp) as LDBC files, loads it once with "
          + "the graphalytics driver and runs each algorithm (as 'graphalytics run'); then the baseline, "
          + "python/bench/graphalytics_baseline.py: python-graphblas (SuiteSparse:GraphBLAS) on the same graph "
          + "from numpy arrays, with the checkout's .venv Python (else python3). Prints per algorithm Tabulo's "
          + "load, processing and makespan, the baseline's load and processing, the ratio of processing times, "
          + "and whether Tabulo's output validates against the baseline's by LDBC's rules (the command fails if "
          + "one does not). Without python-graphblas the baseline is skipped, saying how to install it."})
  static final class Graphalytics implements Runnable {
    @ParentCommand
    BenchCommand bench;

    @Option(names = "--scale", paramLabel = "S", description = "SCALE (default: "
        + tabulo.bench.GraphalyticsBenchmark.DEFAULT_SCALE + "; the goal is 20).")
    int scale = tabulo.bench.GraphalyticsBenchmark.DEFAULT_SCALE;

    @Option(names = "--algorithms", paramLabel = "NAME,...", description = "Only these: bfs, cdlp, lcc, pr, "
        + "sssp, wcc (default: all).")
    String algorithms;

    @Option(names = "--threads", paramLabel = "N", description = "The baseline's threads (default ${DEFAULT-VALUE}).")
    int threads = 2;

    @Option(names = "--python", paramLabel = "PYTHON", description = "The Python to run the baseline with "
        + "(default: the checkout's .venv/bin/python, else python3).")
    String python;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where to put the temporary files (default: temp).")
    Path dir;

    @Override
    public void run() {
      bench.requireEmbedded("graphalytics");
      if (scale < 1 || scale > 26) {
        throw new tabulo.storage.TabuloException("--scale: expected a SCALE between 1 and 26, got " + scale);
      }
      if (threads < 1) {
        throw new tabulo.storage.TabuloException("--threads: expected 1 or more, got " + threads);
      }
      java.util.List<tabulo.graphalytics.Algorithm> list =
          tabulo.bench.GraphalyticsBenchmark.algorithms(algorithms); // an unknown name fails before any work
      java.util.function.BooleanSupplier cancelled = CtrlC.guarding();
      inTemporaryDirectory(dir, work -> {
        try (tabulo.storage.Store store = tabulo.embedded.EmbeddedStore.open(work.resolve("db"), "root")) {
          System.err.println("warming up (SCALE 8, untimed, no baseline)...");
          Path warm = Files.createDirectories(work.resolve("warm-up"));
          tabulo.bench.GraphalyticsBenchmark.run(store, warm, new tabulo.bench.GraphalyticsBenchmark.Options(
              Math.min(8, scale), list, false, python, threads), cancelled,
              new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
          tabulo.bench.GraphalyticsBenchmark.Result r = tabulo.bench.GraphalyticsBenchmark.run(store,
              Files.createDirectories(work.resolve("run")),
              new tabulo.bench.GraphalyticsBenchmark.Options(scale, list, true, python, threads), cancelled,
              System.err);
          tabulo.bench.GraphalyticsBenchmark.print(r, System.out);
          if (r.rows().stream().anyMatch(row -> Boolean.FALSE.equals(row.valid()))) {
            throw new tabulo.storage.TabuloException("bench graphalytics: an output does not validate against "
                + "the baseline's");
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted", e);
        }
      });
    }
  }

  /** Benchmarks other than ingest measure the embedded engine only: refuse --accumulo rather than ignore it. */
  void requireEmbedded(String benchmark) {
    if (main.accumuloProperties() != null) {
      throw new tabulo.storage.TabuloException("bench " + benchmark
          + " measures the embedded engine only; --accumulo applies to bench ingest, bench spgemm and bench latency");
    }
  }

  /** What a benchmark does in its scratch directory. */
  interface ScratchWork {
    void run(Path work) throws IOException;
  }

  /** Runs {@code body} in a new temporary directory (under {@code parent} if given), deleted afterwards. */
  static void inTemporaryDirectory(Path parent, ScratchWork body) {
    Path work = null;
    try {
      work = parent == null ? Files.createTempDirectory("tabulo-bench") : Files.createTempDirectory(parent, "bench");
      body.run(work);
    } catch (IOException e) {
      throw new UncheckedIOException("benchmark failed", e);
    } finally {
      if (work != null) {
        deleteQuietly(work);
      }
    }
  }

  static void deleteQuietly(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary folder left behind
    }
  }
}
