package tabulo.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.graphalytics.Algorithm;
import tabulo.graphalytics.GraphalyticsDriver;
import tabulo.graphalytics.RunReport;
import tabulo.storage.Store;

@Command(name = "graphalytics", description = {"LDBC Graphalytics: load a dataset, run bfs cdlp lcc pr sssp wcc.",
    "DATASET is the path without extension: DATASET.properties (LDBC's keys graph.NAME.*), DATASET.v (one "
        + "vertex id a line, vertices without edges included) and DATASET.e ('src dst [properties]' a line; "
        + "an undirected graph lists each edge once)."},
    subcommands = {GraphalyticsCommand.Load.class, GraphalyticsCommand.Run.class})
final class GraphalyticsCommand implements Runnable {
  @ParentCommand
  Main main;

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a subcommand is required (load, run)");
  }

  @Command(name = "load", description = {"Load DATASET into tables G, G_vertices and G_dataset.",
      "G holds the edges (row = source, column = target, value = the weight, 1 without one; an undirected "
          + "edge both ways), G_vertices every vertex, G_dataset what was loaded (the files' sizes and times).",
      "Streams both files (progress on a terminal); all or nothing: a bad line (named by file and line), a "
          + "failure or Ctrl-C leaves the tables as they were. Loads again even if loaded and unchanged."})
  static final class Load implements Runnable {
    @ParentCommand
    GraphalyticsCommand parent;

    @Parameters(index = "0", paramLabel = "DATASET")
    String dataset;

    @Option(names = "--as", paramLabel = "G", description = "The graph's table (default: the dataset's name, "
        + "characters other than letters, digits and _ as _).")
    String as;

    @Override
    public void run() {
      Main main = parent.main;
      try (Store store = main.openStore()) {
        GraphalyticsDriver.Loaded l = GraphalyticsDriver.load(store, dataset, as, true, CtrlC.guarding());
        main.err().printf("graphalytics load: %,d vertices, %,d edges into %s in %.3f s%n", l.stamp().vertexCount(),
            l.stamp().edgeCount(), l.graph().edges(), l.seconds());
      }
    }
  }

  @Command(name = "run", description = {"Run one LDBC algorithm on DATASET and write LDBC's output file.",
      "ALGORITHM: bfs cdlp lcc pr sssp wcc, with the parameters of DATASET.properties (bfs.source-vertex, "
          + "cdlp.max-iterations, pr.damping-factor, pr.num-iterations, sssp.source-vertex, "
          + "sssp.weight-property). Loads DATASET first unless it is loaded and its files are unchanged.",
      "FILE: 'id value' for every vertex; unreachable: 9223372036854775807 (bfs), Infinity (sssp).",
      "The last line printed is one JSON object: dataset, algorithm, vertices, edges, load_seconds, "
          + "processing_seconds (loaded tables to FILE written), makespan_seconds (the whole run), valid.",
      "With --validate, exits 1 naming the first vertex that differs by LDBC's rules (exact for bfs and cdlp, "
          + "the same partition for wcc, within 1e-4 relatively for pr, lcc and sssp)."})
  static final class Run implements Callable<Integer> {
    @ParentCommand
    GraphalyticsCommand parent;

    @Parameters(index = "0", paramLabel = "DATASET")
    String dataset;

    @Parameters(index = "1", paramLabel = "ALGORITHM")
    String algorithm;

    @Option(names = "--output", paramLabel = "FILE", required = true, description = "The output file to write.")
    Path output;

    @Option(names = "--validate", paramLabel = "EXPECTED", description = "LDBC's reference output to compare with.")
    Path expected;

    @Option(names = "--in-tables", description = "Compute every round in tables (with --accumulo: in the tablet "
        + "servers), not over the graph read once into this process's memory.")
    boolean inTables;

    @Option(names = "--as", paramLabel = "G", description = "The graph's table (default: as load).")
    String as;

    @Override
    public Integer call() {
      Main main = parent.main;
      Algorithm a = Algorithm.named(algorithm);
      RunReport r;
      try (Store store = main.openStore()) {
        r = GraphalyticsDriver.run(store, new GraphalyticsDriver.RunOptions(dataset, a, output, expected, inTables,
            as, CtrlC.guarding()));
      }
      main.err().println("graphalytics: " + (r.loadedNow() ? "loaded " : "reused the loaded ") + r.graph());
      if (r.difference() != null) {
        main.err().println("graphalytics: not valid: " + r.difference());
      }
      main.out().println(r.json());
      main.out().flush();
      return Boolean.FALSE.equals(r.valid()) ? 1 : 0;
    }
  }
}
