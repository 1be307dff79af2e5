package tabulo.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import tabulo.ops.Select;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

@Command(name = "select", description = {"Keep the entries that pass a test into a new table: C = select(A).",
    "C = the entries of A that --op keeps, within --rows and --cols (GraphBLAS " +
    "select; D4M selection). Keys compare as unsigned bytes, the row key i " +
    "against the column key j (the qualifier when the family is empty, else " +
    "family:qualifier), as GraphBLAS compares indices:",
    "  tril j <= i, triu j >= i, lower j < i, upper j > i, diag j == i,",
    "  offdiag j != i;",
    "  eq ne gt ge lt le: the value against --scalar X (--op gt --scalar 0).",
    "--rows and --cols restrict any of them (without --op: just that block); " +
    "only the selected rows and columns are read. Values and labels stay."})
final class SelectCommand implements Runnable {
  @ParentCommand
  Main main;

  @Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "C", description = "The table to write (must not exist unless --accum).")
  String c;

  @Option(names = "--op", paramLabel = "NAME", description = "tril triu lower upper diag offdiag, or eq ne gt ge lt le "
      + "with --scalar (default: every entry of --rows and --cols).")
  String op;

  @Option(names = "--scalar", paramLabel = "X", description = "The number eq ne gt ge lt le compare values with.")
  String scalar;

  @Option(names = "--rows", paramLabel = "SPEC", description = "Rows to keep (D4M syntax, default all).")
  String rows = ":";

  @Option(names = "--cols", paramLabel = "SPEC", description = "Columns to keep (D4M syntax, default all).")
  String cols = ":";

  @Mixin
  OutputOptions output;

  @Override
  public void run() {
    boolean rowsOrCols = spec.commandLine().getParseResult().hasMatchedOption("--rows")
        || spec.commandLine().getParseResult().hasMatchedOption("--cols");
    if (op == null && !rowsOrCols) {
      throw new CommandLine.ParameterException(spec.commandLine(), "select needs --op, --rows or --cols");
    }
    Double x = scalar == null ? null : output.scalar("--scalar", scalar);
    Select s;
    try {
      s = Select.named(op == null ? "all" : op, x);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("--op: " + e.getMessage());
    }
    Select selected = s.rows(ScanCommand.parseSpec("--rows", rows)).cols(ScanCommand.parseSpec("--cols", cols));
    try (Store store = main.openStore()) {
      output.write(main, store, c, session -> session.matrix(a).select(selected));
    }
  }
}
