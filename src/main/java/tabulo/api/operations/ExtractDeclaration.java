package tabulo.api.operations;

import java.util.EnumSet;
import java.util.List;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Shared.Group;

/** {@code extract A C --rows SPEC --cols SPEC}: C = A(rows, cols) ({@link tabulo.ops.Matrix#extract}). */
public final class ExtractDeclaration {
  public static final Declaration EXTRACT = new Declaration("extract", List.of(
      "Write a sub-matrix of a table: C = A(rows, cols) (D4M's SpRef).",
      "The cells of A whose row and column keys match the D4M selections, unchanged (e.g. --rows 'a,:,b,' --cols "
          + "'x*,')."),
      List.of(Operands.A, Operands.C, Operands.ROWS, Operands.COLS), EnumSet.of(Group.OUTPUT, Group.READ),
      ExtractDeclaration::run);

  private ExtractDeclaration() {}

  private static Outcome run(Call c) {
    String a = c.text(Operands.A);
    String out = c.text(Operands.C);
    var rows = c.selection(Operands.ROWS);
    var cols = c.selection(Operands.COLS);
    c.write(c.session().matrix(a).extract(rows, cols), out);
    return Outcome.table(out, String.format("extract: %s(%s, %s) into %s%s", a, c.text(Operands.ROWS),
        c.text(Operands.COLS), out, c.how()));
  }
}
