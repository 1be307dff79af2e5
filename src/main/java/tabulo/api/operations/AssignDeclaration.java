package tabulo.api.operations;

import java.util.EnumSet;
import java.util.List;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared;
import tabulo.api.Shared.Group;
import tabulo.ops.Target;

/** {@code assign C A [--rows SPEC] [--cols SPEC]}: C(rows, cols) = A ({@link tabulo.ops.Matrix#assign}). */
public final class AssignDeclaration {
  static final Parameter C = Parameter.table("C", "The existing table written into.");
  static final Parameter A = Parameter.table("A", "The table whose cells in the block are written into C (its cells "
      + "outside the block are not).");
  static final Parameter ROWS = Parameter.optional("rows", Type.SELECTION, "SPEC", ":",
      "Row keys of the block (D4M syntax).");
  static final Parameter COLS = Parameter.optional("cols", Type.SELECTION, "SPEC", ":",
      "Column keys of the block (D4M syntax).");

  public static final Declaration ASSIGN = new Declaration("assign", List.of(
      "Write a table into a block of an existing table: C(rows, cols) = A.",
      "Inside the block C's cells become A's there (C's cells A lacks are removed); with --accum, C(rows, cols) = "
          + "C(rows, cols) OP A. Outside the block C stays. With --mask only the block's keys the mask admits change.",
      "The new C is written beside C and replaces it whole: a run that fails or dies leaves C as it was (or, once "
          + "the switch is recorded, as it becomes)."),
      List.of(C, A, ROWS, COLS), EnumSet.of(Group.OUTPUT, Group.READ), AssignDeclaration::run);

  private AssignDeclaration() {}

  private static Outcome run(Call c) {
    var rows = c.selection(ROWS);
    var cols = c.selection(COLS);
    var a = c.session().matrix(c.text(A));
    var mc = c.session().matrix(c.text(C));
    Target t = c.target(c.text(C));
    mc.assign(a, rows, cols, t.mask(), t.accum());
    String accum = (String) c.value(Shared.ACCUM);
    return Outcome.table(c.text(C), String.format("assign: %s(%s, %s) %s= %s%s", c.text(C), c.text(ROWS),
        c.text(COLS), accum == null ? "" : accum, c.text(A), c.how()));
  }
}
