package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

@Command(name = "extract", description = {
    "Write a sub-matrix of a table: C = A(rows, cols) (D4M's SpRef).",
    "The cells of A whose row and column keys match the D4M selections, " +
    "unchanged (e.g. --rows 'a,:,b,' --cols 'x*,')."})
final class ExtractCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "C", description = "The table to write (must not exist unless --accum).")
  String c;

  @Option(names = "--rows", paramLabel = "SPEC", description = "Row keys to keep (D4M syntax; default all).")
  String rows = ":";

  @Option(names = "--cols", paramLabel = "SPEC", description = "Column keys to keep (D4M syntax; default all).")
  String cols = ":";

  @Mixin
  OutputOptions output;

  @Override
  public void run() {
    var r = ScanCommand.parseSpec("--rows", rows);
    var k = ScanCommand.parseSpec("--cols", cols);
    Progress progress = Progress.onTerminal("extract cells", 0);
    try (Store store = main.openStore(); Session s = output.session(store, progress)) {
      s.matrix(a).extract(r, k).into(output.target(s, c));
      progress.done();
      main.out().printf("extract: %s(%s, %s) into %s%s%n", a, rows, cols, c, output.how());
    }
  }
}
