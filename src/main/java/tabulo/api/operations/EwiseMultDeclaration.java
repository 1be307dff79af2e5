package tabulo.api.operations;

import java.util.EnumSet;
import java.util.List;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;

/** {@code ewise-mult A B C}: C = A ∩ B ({@link tabulo.ops.Matrix#ewiseMult}). */
public final class EwiseMultDeclaration {
  static final Parameter OP = Parameter.optional("op", Type.TEXT, "NAME", "times",
      "Binary operator where both hold a key: " + Operands.BINARY_OPS + ".");

  public static final Declaration EWISE_MULT = new Declaration("ewise-mult", List.of(
      "Element-wise intersection into a new table: C = A op B (GraphBLAS eWiseMult).",
      "C = A ∩ B: op(a, b) where both A and B hold a key, nothing elsewhere, computed next to the data (A's "
          + "tablets drive; B is read on A's rows only). A cell from two labelled cells carries both labels. C is "
          + "published only when complete: a failed or killed run leaves no C (with --accum, C as it was)."),
      List.of(Operands.A, Operands.B, Operands.C, OP), EnumSet.of(Group.OUTPUT, Group.READ),
      EwiseMultDeclaration::run);

  private EwiseMultDeclaration() {}

  private static Outcome run(Call c) {
    var op = Call.binaryOp(OP.cliName(), c.text(OP));
    var s = c.session();
    return c.write(s.matrix(c.text(Operands.A)).ewiseMult(s.matrix(c.text(Operands.B)), op), c.text(Operands.C));
  }
}
