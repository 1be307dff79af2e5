package tabulo.api.operations;

import java.util.EnumSet;
import java.util.List;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Shared.Group;

/** {@code transpose A C}: C = A^T ({@link tabulo.ops.Matrix#transpose()}). */
public final class TransposeDeclaration {
  public static final Declaration TRANSPOSE = new Declaration("transpose", List.of(
      "Write the transpose of a table: C = A^T.",
      "Entry (r, c) becomes (c, r), value and label unchanged. A column key family:qualifier becomes that row key; "
          + "the row key becomes the qualifier."),
      List.of(Operands.A, Operands.C), EnumSet.of(Group.OUTPUT, Group.READ), TransposeDeclaration::run);

  private TransposeDeclaration() {}

  private static Outcome run(Call c) {
    String a = c.text(Operands.A);
    String out = c.text(Operands.C);
    c.write(c.session().matrix(a).transpose(), out);
    return Outcome.table(out, "transpose: " + a + "^T into " + out + c.how());
  }
}
