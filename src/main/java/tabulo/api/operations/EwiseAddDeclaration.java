package tabulo.api.operations;

import java.util.EnumSet;
import java.util.List;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;

/** {@code ewise-add A B C}: C = A ∪ B ({@link tabulo.ops.Matrix#ewiseAdd}). */
public final class EwiseAddDeclaration {
  static final Parameter OP = Parameter.optional("op", Type.TEXT, "NAME", "plus",
      "Binary operator where both hold a key: " + Operands.BINARY_OPS + ".");

  public static final Declaration EWISE_ADD = new Declaration("ewise-add", List.of(
      "Element-wise union into a new table: C = A op B (GraphBLAS eWiseAdd).",
      "C = A ∪ B: op(a, b) where both A and B hold a key, else the one value, computed next to the data. A cell "
          + "from two labelled cells carries both labels (a reader sees it only when it may read both). C is "
          + "published only when complete: a failed or killed run leaves no C (with --accum, C as it was)."),
      List.of(Operands.A, Operands.B, Operands.C, OP), EnumSet.of(Group.OUTPUT, Group.READ),
      EwiseAddDeclaration::run);

  private EwiseAddDeclaration() {}

  private static Outcome run(Call c) {
    var op = Call.binaryOp(OP.cliName(), c.text(OP));
    var s = c.session();
    return c.write(s.matrix(c.text(Operands.A)).ewiseAdd(s.matrix(c.text(Operands.B)), op), c.text(Operands.C));
  }
}
