package tabulo.cli;

import picocli.CommandLine.Command;

import tabulo.math.BinaryOp;
import tabulo.ops.Matrix;
import tabulo.ops.Operation;

@Command(name = "ewise-mult", description = {"Element-wise intersection into a new table: C = A op B (GraphBLAS "
    + "eWiseMult).",
    "C = A ∩ B: op(a, b) where both A and B hold a key, nothing elsewhere, " +
    "computed next to the data (A's tablets drive; B is read on A's rows " +
    "only). A cell from two labelled cells carries both labels. C is published " +
    "only when complete: a failed or killed run leaves no C (with --accum, C " +
    "as it was)."})
final class EwiseMultCommand extends EwiseCommand {
  @Override
  String defaultOp() {
    return "times";
  }

  @Override
  Operation operation(Matrix a, Matrix b, BinaryOp op) {
    return a.ewiseMult(b, op);
  }
}
