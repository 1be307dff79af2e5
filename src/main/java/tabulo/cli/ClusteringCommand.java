package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.Clustering;
import tabulo.storage.Store;

@Command(name = "clustering", description = {
    "Local clustering coefficient of G's undirected graph into OUT(v, lcc).",
    "lcc = triangles(v) / (d(d-1)/2); 0 for a vertex with a neighbour but no triangle " +
    "(degree < 2 included); no cell for a vertex without neighbours."})
final class ClusteringCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G", description = "The graph: row = source, column = target (weights ignored).")
  String g;

  @Parameters(index = "1", paramLabel = "OUT", description = "The table to write (must not exist unless --accum).")
  String out;

  @Mixin
  OutputOptions output;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      output.compute(main, store, out, s -> Clustering.run(s.matrix(g), output.target(s, out)));
    }
  }
}
