package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

@Command(name = "transpose", description = {
    "Write the transpose of a table: C = A^T.",
    "Entry (r, c) becomes (c, r), value and label unchanged. A column key " +
    "family:qualifier becomes that row key; the row key becomes the qualifier."})
final class TransposeCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "C", description = "The table to write (must not exist unless --accum).")
  String c;

  @Mixin
  OutputOptions output;

  @Override
  public void run() {
    Progress progress = Progress.onTerminal("transpose cells", 0);
    try (Store store = main.openStore(); Session s = output.session(store, progress)) {
      s.matrix(a).transpose().into(output.target(s, c));
      progress.done();
      main.out().printf("transpose: %s^T into %s%s%n", a, c, output.how());
    }
  }
}
