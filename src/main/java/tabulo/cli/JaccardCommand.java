package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.Jaccard;
import tabulo.storage.Store;

@Command(name = "jaccard", description = {
    "Jaccard similarity of G's undirected graph: OUT(u, v) = |N(u) ∩ N(v)| /",
    "|N(u) ∪ N(v)| for u < v (key order) sharing a neighbour. Intersections",
    "from A (plus.pair) A, degrees brought to each entry by multiplying with",
    "diag(d)."})
final class JaccardCommand implements Runnable {
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
      output.compute(main, store, out, s -> Jaccard.run(s.matrix(g), output.target(s, out)));
    }
  }
}
