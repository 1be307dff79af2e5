package tabulo.cli;


import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tabulo.algorithms.PageRank;
import tabulo.ops.Session;
import tabulo.util.Progress;
import tabulo.storage.Store;

@Command(name = "pagerank", description = {
    "PageRank of graph G (row = source, column = target) into OUT(v, rank).",
    "Unweighted, dangling vertices' rank spread evenly, ranks sum to 1, as " +
    "NetworkX's pagerank(G, weight=None). Stops when sum |change| < N * tolerance; " +
    "after --max-iterations without that, OUT holds the last iterate and a " +
    "warning says so. Each iteration's change is shown on a terminal; Ctrl-C " +
    "stops after the current operation and leaves no temporary tables. " +
    "Where the kernels run in this process (embedded) G's structure is read " +
    "once into arrays and iterated there; --in-tables, a labelled graph and " +
    "Accumulo's tablet servers compute every iteration in tables."})
final class PageRankCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G")
  String g;

  @Parameters(index = "1", paramLabel = "OUT")
  String out;

  @Option(names = "--damping", paramLabel = "D", description = "Damping factor (default 0.85).")
  double damping = 0.85;

  @Option(names = "--tolerance", paramLabel = "T", description = "Convergence tolerance per vertex (default 1e-9).")
  double tolerance = 1e-9;

  @Option(names = "--max-iterations", paramLabel = "K", description = "Iteration bound (default 100).")
  int maxIterations = 100;

  @Mixin
  AlgorithmOptions options;

  @Override
  public void run() {
    boolean terminal = System.console() != null;
    long start = System.nanoTime();
    PageRank.Listener listener = (i, change) -> {
      if (terminal) {
        double secs = (System.nanoTime() - start) / 1e9;
        System.err.printf("pagerank: iteration %d, change %s, %.2f iterations/s%n", i, Double.toString(change),
            i / Math.max(secs, 1e-9));
      }
    };
    PageRank.Result r;
    Progress progress = Progress.onTerminal("pagerank cells", 0);
    try (Store store = main.openStore(); Session s = options.session(store, g, progress)) {
      r = PageRank.run(s.matrix(g), out, PageRank.Options.defaults().damping(damping).tolerance(tolerance)
          .maxIterations(maxIterations).listener(listener).cancelled(CtrlC::pressed));
    } finally {
      progress.done();
    }
    if (!r.converged()) {
      main.err().printf("pagerank: warning: not converged after %d iterations (change %s, needs < %s); %s holds the "
          + "last iterate%n", r.iterations(), Double.toString(r.change()), Double.toString(r.vertices() * tolerance), out);
    }
    main.out().printf("pagerank: %,d vertices, %d iterations, change %s, ranks in %s%n", r.vertices(), r.iterations(),
        Double.toString(r.change()), out);
  }
}
