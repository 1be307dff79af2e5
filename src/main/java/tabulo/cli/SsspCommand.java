package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.ShortestPaths;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

@Command(name = "sssp", description = {"Single-source shortest paths on a weighted adjacency table G.",
    "OUT(v, distance) = the shortest path length from KEY, edge values as lengths " +
    "(negative ones allowed), reached vertices only. Bellman-Ford: min.plus steps until " +
    "no distance changes; a negative cycle reachable from KEY is an error, as is a " +
    "non-numeric edge value. Rounds print on a terminal. OUT appears only at the end."})
final class SsspCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G")
  String g;

  @Parameters(index = "1", paramLabel = "OUT")
  String out;

  @Option(names = "--from", required = true, paramLabel = "KEY", description = "The source vertex.")
  String from;

  @Mixin
  AlgorithmOptions options;

  @Override
  public void run() {
    Progress progress = Progress.onTerminal("sssp cells", 0);
    int rounds;
    try (Store store = main.openStore(); Session s = options.session(store, g, progress)) {
      rounds = ShortestPaths.run(s.matrix(g), from, out, AlgorithmOptions.rounds("sssp", "distances changed"));
    } finally {
      progress.done();
    }
    main.out().printf("sssp: distances from %s written to %s after %d rounds, column %s%n", from, out, rounds,
        ShortestPaths.COLUMN);
  }
}
