package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.KTruss;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

@Command(name = "ktruss", description = {
    "The k-truss of G's undirected graph into OUT.",
    "OUT holds its edges in both " +
    "directions, each valued with the triangles of the truss containing it. " +
    "Repeats C<A> = A (plus.pair) A, A = select(C >= k-2) until no edge goes; " +
    "prints each iteration's edges left and removed on a terminal."})
final class KTrussCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G", description = "The graph: row = source, column = target (weights ignored).")
  String g;

  @Parameters(index = "1", paramLabel = "OUT", description = "The table to write (must not exist unless --accum).")
  String out;

  @Option(names = "--k", paramLabel = "K", required = true, description = "Each edge lies in at least K-2 "
      + "triangles of the truss (K >= 3).")
  int k;

  @Mixin
  OutputOptions output;

  @Option(names = "--in-tables", description = "Compute every iteration in tables even where the kernels run in "
      + "this process (by default there an unlabelled G is read once into arrays when OUT is a plain new table).")
  boolean inTables;

  @Override
  public void run() {
    if (k < 3) {
      throw new TabuloException("--k must be at least 3, got " + k);
    }
    boolean terminal = System.console() != null;
    try (Store store = main.openStore()) {
      output.compute(main, store, out, s -> KTruss.run(s.inMemory(!inTables).matrix(g), k, output.target(s, out),
          (iteration, edges, removed) -> {
            if (terminal) {
              main.err().printf("ktruss: iteration %d, %,d edges left, %,d removed%n", iteration, edges / 2,
                  removed / 2);
            }
          }));
    }
  }
}
