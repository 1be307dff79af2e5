package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

@Command(name = "assign", description = {
    "Write a table into a block of an existing table: C(rows, cols) = A.",
    "Inside the block C's cells become A's there (C's cells A lacks are " +
    "removed); with --accum, C(rows, cols) = C(rows, cols) OP A. Outside the " +
    "block C stays. With --mask only the block's keys the mask admits change.",
    "The new C is written beside C and replaces it whole: a run that fails or " +
    "dies leaves C as it was (or, once the switch is recorded, as it becomes)."})
final class AssignCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "C", description = "The existing table written into.")
  String c;

  @Parameters(index = "1", paramLabel = "A", description = "The table whose cells in the block are written into C "
      + "(its cells outside the block are not).")
  String a;

  @Option(names = "--rows", paramLabel = "SPEC", description = "Row keys of the block (D4M syntax; default all).")
  String rows = ":";

  @Option(names = "--cols", paramLabel = "SPEC", description = "Column keys of the block (D4M syntax; default all).")
  String cols = ":";

  @Mixin
  OutputOptions output;

  @Override
  public void run() {
    var r = ScanCommand.parseSpec("--rows", rows);
    var k = ScanCommand.parseSpec("--cols", cols);
    Progress progress = Progress.onTerminal("assign cells", 0);
    try (Store store = main.openStore(); Session s = output.session(store, progress)) {
      var ma = s.matrix(a);
      var mc = s.matrix(c);
      mc.assign(ma, r, k, output.mask(s), output.accumulator());
      progress.done();
      main.out().printf("assign: %s(%s, %s) %s= %s%s%n", c, rows, cols, output.accum == null ? "" : output.accum, a,
          output.how());
    }
  }
}
