package tabulo.cli;

import picocli.CommandLine.Command;

import tabulo.math.BinaryOp;
import tabulo.ops.Matrix;
import tabulo.ops.Operation;

@Command(name = "ewise-add", description = {"Element-wise union into a new table: C = A op B (GraphBLAS eWiseAdd).",
    "C = A ∪ B: op(a, b) where both A and B hold a key, else the one value, " +
    "computed next to the data. A cell from two labelled cells carries both " +
    "labels (a reader sees it only when it may read both). C is published only " +
    "when complete: a failed or killed run leaves no C (with --accum, C as it " +
    "was)."})
final class EwiseAddCommand extends EwiseCommand {
  @Override
  String defaultOp() {
    return "plus";
  }

  @Override
  Operation operation(Matrix a, Matrix b, BinaryOp op) {
    return a.ewiseAdd(b, op);
  }
}
