package tabulo.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOp;
import tabulo.math.UnaryOps;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

@Command(name = "apply", description = {"Map every entry through an operator into a new table: C = f(A).",
    "C = f(A) (GraphBLAS apply): a unary operator, or a binary operator with a " +
    "scalar bound to one side: --op minus --scalar 1 is a - 1 (--bind second, " +
    "the default), with --bind first it is 1 - a. Keys and labels stay. C is " +
    "published only when complete (with --accum, combined into C)."})
final class ApplyCommand implements Runnable {
  @ParentCommand
  Main main;

  @Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "C", description = "The table to write (must not exist unless --accum).")
  String c;

  @Option(names = "--op", required = true, paramLabel = "NAME", description = "Unary: identity ainv minv abs one "
      + "lnot sqrt exp log; with --scalar, binary: plus minus times div min max first second pair any eq ne gt "
      + "ge lt le land lor lxor; or a class name.")
  String op;

  @Option(names = "--scalar", paramLabel = "X", description = "Bind X (a number the codec can store) to the binary "
      + "operator --op.")
  String scalar;

  @Option(names = "--bind", paramLabel = "first|second", description = "With --scalar: op(X, a) (first) or op(a, X) "
      + "(second, the default).")
  Bind bind;

  enum Bind { FIRST, SECOND }

  @Mixin
  OutputOptions output;

  @Override
  public void run() {
    if (bind != null && scalar == null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--bind needs --scalar");
    }
    UnaryOp unary = scalar == null ? unary(op) : null;
    BinaryOp binary = scalar == null ? null : binary(op);
    double x = scalar == null ? 0 : output.scalar("--scalar", scalar);
    try (Store store = main.openStore()) {
      output.write(main, store, c, s -> unary != null ? s.matrix(a).apply(unary)
          : bind == Bind.FIRST ? s.matrix(a).applyBindFirst(binary, x) : s.matrix(a).applyBindSecond(binary, x));
    }
  }

  /** The unary operator {@code name}; a binary one is pointed at --scalar. */
  private static UnaryOp unary(String name) {
    try {
      return UnaryOps.named(name);
    } catch (IllegalArgumentException e) {
      if (isA(() -> BinaryOps.named(name))) {
        throw new TabuloException("--op: " + name + " is a binary operator: give --scalar X to bind to it");
      }
      throw new TabuloException("--op: " + e.getMessage());
    }
  }

  /** The binary operator {@code name} (--scalar is given); a unary one is told to drop --scalar. */
  private static BinaryOp binary(String name) {
    if (!isA(() -> BinaryOps.named(name)) && isA(() -> UnaryOps.named(name))) {
      throw new TabuloException("--op: " + name + " is a unary operator: it takes no --scalar");
    }
    return OutputOptions.binaryOp("--op", name);
  }

  /** Whether {@code find} finds an operator. */
  private static boolean isA(Runnable find) {
    try {
      find.run();
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
