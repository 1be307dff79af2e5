package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.gen.EdgeCounts;
import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.storage.Store;

@Command(name = "gen", description = "Generate data sets into tables.", subcommands = {GenCommand.Graph500Command.class,
    GenFlightsCommand.class})
final class GenCommand implements Runnable {
  @ParentCommand
  Main main;

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a generator is required (graph500, flights)");
  }

  @Command(name = "graph500", description = {"The Graph500 Kronecker graph as an adjacency table.",
      "Initiator 0.57, 0.19, 0.19, 0.05; row = source, column = target (vertex ids as zero-padded decimals, e.g. 0005), " +
      "value = times the edge was generated. Default: Graphulo's variant (no permutation, duplicates merged)."})
  static final class Graph500Command implements Runnable {
    @ParentCommand
    GenCommand gen;

    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Option(names = "--scale", required = true, paramLabel = "S", description = "2^S vertices.")
    int scale;

    @Option(names = "--edge-factor", paramLabel = "F", description = "Edges per vertex (default ${DEFAULT-VALUE}).")
    int edgeFactor = 16;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--splits", paramLabel = "K", description = "Pre-split into K tablets of about equal edges (default 1).")
    int tablets = 1;

    @Option(names = "--upper", description = "Graph500 reference clip-and-flip: store each edge as (min, max).")
    boolean upper;

    @Option(names = "--permute", description = "Randomly relabel vertices, as the Graph500 reference does.")
    boolean permute;

    @Override
    public void run() {
      if (scale < 1 || scale > 30) {
        throw new tabulo.storage.TabuloException("--scale must be between 1 and 30, got " + scale);
      }
      if (edgeFactor < 1) {
        throw new tabulo.storage.TabuloException("--edge-factor must be at least 1, got " + edgeFactor);
      }
      if (tablets < 1) {
        throw new tabulo.storage.TabuloException("--splits must be at least 1 tablet, got " + tablets);
      }
      Graph500.Options o = Graph500.Options.ofScale(scale).withEdgeFactor(edgeFactor).withSeed(seed)
          .withUpper(upper).withPermute(permute);
      long t0 = System.nanoTime();
      try (Store store = gen.main.openStore()) {
        EdgeCounts edges = Graph500Table.write(store, table, o, tablets);
        gen.main.err().printf("gen: %,d distinct edges (%,d generated) into %s in %.1f s%n", edges.size(),
            edges.total(), table, (System.nanoTime() - t0) / 1e9);
      }
    }
  }
}
