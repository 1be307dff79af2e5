package tabulo.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.math.BinaryOp;
import tabulo.ops.Matrix;
import tabulo.ops.Operation;
import tabulo.storage.Store;

/** What ewise-add and ewise-mult share: C = A op B element-wise, written through the output options. */
abstract class EwiseCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "B")
  String b;

  @Parameters(index = "2", paramLabel = "C", description = "The table to write (must not exist unless --accum).")
  String c;

  @Option(names = "--op", paramLabel = "NAME", description = "Binary operator where both hold a key: plus minus "
      + "times div min max first second pair any eq ne gt ge lt le land lor lxor, or a class name "
      + "(default: plus for ewise-add, times for ewise-mult).")
  String op;

  @Mixin
  OutputOptions output;

  /** The operator when --op is not given. */
  abstract String defaultOp();

  abstract Operation operation(Matrix a, Matrix b, BinaryOp op);

  @Override
  public void run() {
    BinaryOp f = OutputOptions.binaryOp("--op", op == null ? defaultOp() : op);
    try (Store store = main.openStore()) {
      output.write(main, store, c, s -> operation(s.matrix(a), s.matrix(b), f));
    }
  }
}
