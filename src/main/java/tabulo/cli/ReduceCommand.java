package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.ops.Matrix;
import tabulo.ops.Operation;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

@Command(name = "reduce", description = {
    "Fold each row or column of a table into a vector, or all of it into one value.",
    "--dim rows: C has one cell per row of A (the row key, column NAME); " +
    "--dim cols: one per column of A (the column key as row key, column NAME).",
    "NAME defaults to the monoid's name. --scalar prints the fold of every cell " +
    "you may read instead (the monoid's identity when none). C keeps one part " +
    "per distinct label, and each reader gets the fold of exactly the parts it " +
    "may read."})
final class ReduceCommand implements Runnable {
  enum Dim { rows, cols }

  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "C", arity = "0..1", description = "The vector to write (not with --scalar; "
      + "must not exist unless --accum).")
  String c;

  @Option(names = "--dim", paramLabel = "rows|cols", description = "Fold each row (rows) or each column (cols).")
  Dim dim;

  @Option(names = "--scalar", description = "Print the fold of every cell instead of writing a vector.")
  boolean scalar;

  @Option(names = "--monoid", paramLabel = "NAME", description = "plus (default), times, min, max, any, land, lor, "
      + "or a class name.")
  String monoid = "plus";

  @Option(names = "--column", paramLabel = "NAME", description = "The vector's column (default: the monoid's name).")
  String column;

  @Mixin
  OutputOptions output;

  @Override
  public void run() {
    Monoid m;
    try {
      m = Monoids.named(monoid);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("--monoid: " + e.getMessage());
    }
    if (scalar == (c != null)) {
      throw new TabuloException(scalar ? "--scalar prints one value: give no table C" : "give a table C to write "
          + "(with --dim rows|cols), or --scalar");
    }
    if (!scalar && dim == null) {
      throw new TabuloException("--dim rows|cols is required to write a vector");
    }
    if (scalar && (dim != null || column != null || output.mask != null || output.accum != null)) {
      throw new TabuloException("--scalar takes no --dim, --column, --mask or --accum");
    }
    Progress progress = Progress.onTerminal("reduce cells", 0);
    try (Store store = main.openStore(); Session s = output.session(store, progress)) {
      Matrix ma = s.matrix(a);
      if (scalar) {
        double v = ma.reduce(m);
        progress.done();
        main.out().println(new String(s.codec().encode(v), java.nio.charset.StandardCharsets.UTF_8));
        return;
      }
      String name = column != null ? column : m.name();
      Operation op = dim == Dim.rows ? ma.reduceRows(m, name) : ma.reduceCols(m, name);
      op.into(output.target(s, c));
      progress.done();
      main.out().printf("reduce: %s of %s folded with %s into %s, column %s%s%n", dim, a, m.name(), c, name,
          output.how());
    }
  }
}
