package tabulo.cli;

import picocli.CommandLine.Option;

import tabulo.algorithms.IterationListener;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/** Options every graph algorithm command shares: the reader's authorizations, where kernels run, progress. */
final class AlgorithmOptions {
  @Option(names = "--auths", paramLabel = "a,b", description = "Read the graph with these authorizations "
      + "(default: all of the user's); the result is the algorithm on the edges they can read.")
  String auths;

  @Option(names = "--kernels", paramLabel = "server|client", description = "With --accumulo: run the kernels "
      + "inside the tablet servers (default) or in this process.")
  MxmOptions.Kernels kernels = MxmOptions.Kernels.SERVER;

  @Option(names = "--in-tables", description = "pagerank, components: compute every round in tables even where "
      + "the kernels run in this process (by default there the graph's structure is read once into arrays when "
      + "it is unlabelled and fits in a 64th of the heap).")
  boolean inTables;

  /** A session reading the graph in {@code table}, which must exist. */
  Session session(Store store, String table, Progress progress) {
    if (!store.exists(table)) {
      throw new TabuloException("no such table: " + table);
    }
    Session s = CtrlC.guard(Session.open(store).nextToData(kernels == MxmOptions.Kernels.SERVER)
        .progress(progress::update)).inMemory(!inTables);
    if (auths != null) {
      s.auths(SetAuthsCommand.parse(auths, "--auths"));
    }
    return s;
  }

  /** Prints each round (iteration, change) on standard error when it is a terminal. */
  static IterationListener rounds(String name, String what) {
    boolean terminal = System.console() != null;
    return (iteration, change) -> {
      if (terminal) {
        System.err.printf("%s: round %d, %,d %s%n", name, iteration, change, what);
      }
    };
  }
}
