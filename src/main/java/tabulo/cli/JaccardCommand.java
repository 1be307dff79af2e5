package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.Jaccard;
import tabulo.storage.Store;

@Command(name = "jaccard", description = {
    "Jaccard similarity of G's undirected graph into OUT(u, v).",
    "OUT(u, v) = |N(u) ∩ N(v)| / " +
    "|N(u) ∪ N(v)| for u < v (key order) sharing a neighbour. Intersections " +
    "from A (plus.pair) A, masked to the strict upper half, each finished with " +
    "the two degrees as its row is written (Graphulo's fused Jaccard). Embedded " +
    "with a plain new OUT: G read once into arrays, the same computation there."})
final class JaccardCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G", description = "The graph: row = source, column = target (weights ignored).")
  String g;

  @Parameters(index = "1", paramLabel = "OUT", description = "The table to write (must not exist unless --accum).")
  String out;

  @Mixin
  OutputOptions output;

  @Option(names = "--in-tables", description = "Compute in tables even where the kernels run in this process (by "
      + "default there an unlabelled G is read once into arrays when OUT is a plain new table).")
  boolean inTables;

  @Override
  public void run() {
    try (Store store = main.openStore()) {
      output.compute(main, store, out, s -> Jaccard.run(s.inMemory(!inTables).matrix(g), output.target(s, out)));
    }
  }
}
