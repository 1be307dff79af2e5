package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.Degrees;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

@Command(name = "degrees", description = {"Vertex degrees of an adjacency table G (row = source, column = target).",
    "OUT(v, degree) = the number of entries in v's row (out-degree), or with --in in v's " +
    "column (in-degree); vertices with none have no entry. Not the D4M 'degree' command."})
final class DegreesCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G")
  String g;

  @Parameters(index = "1", paramLabel = "OUT")
  String out;

  @Option(names = "--in", description = "In-degrees (entries per column) instead of out-degrees.")
  boolean in;

  @Mixin
  AlgorithmOptions options;

  @Override
  public void run() {
    Progress progress = Progress.onTerminal("degrees cells", 0);
    try (Store store = main.openStore(); Session s = options.session(store, g, progress)) {
      Degrees.into(s.matrix(g), in, out);
    } finally {
      progress.done();
    }
    main.out().printf("degrees: %s-degrees of %s written to %s, column %s%n", in ? "in" : "out", g, out,
        Degrees.COLUMN);
  }
}
