package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.Components;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

@Command(name = "components", description = {"Connected components of an adjacency table G, undirected.",
    "OUT(v, component) = the smallest vertex key of v's component (G ∪ G^T; a vertex " +
    "with only a self-loop is its own component). Embedded: G read once into " +
    "arrays, union-find. In tables (--in-tables, a labelled graph, Accumulo's " +
    "tablet servers): min-label propagation over vertex ranks in key order; " +
    "rounds print on a terminal. OUT appears only at the end."})
final class ComponentsCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G")
  String g;

  @Parameters(index = "1", paramLabel = "OUT")
  String out;

  @Mixin
  AlgorithmOptions options;

  @Override
  public void run() {
    Progress progress = Progress.onTerminal("components cells", 0);
    int rounds;
    try (Store store = main.openStore(); Session s = options.session(store, g, progress)) {
      rounds = Components.run(s.matrix(g), out, AlgorithmOptions.rounds("components", "labels changed"));
    } finally {
      progress.done();
    }
    main.out().printf("components: %s written to %s after %d rounds, column %s%n", g, out, rounds,
        Components.COLUMN);
  }
}
