package tabulo.api.operations;

import java.util.EnumSet;
import java.util.List;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;
import tabulo.ops.Select;
import tabulo.storage.TabuloException;

/** {@code select A C [--op NAME [--scalar X]] [--rows SPEC] [--cols SPEC]}: C = select(A) ({@link Select}). */
public final class SelectDeclaration {
  static final Parameter OP = Parameter.optional("op", Type.TEXT, "NAME", null, "tril triu lower upper diag "
      + "offdiag, or eq ne gt ge lt le with --scalar (default: every entry of --rows and --cols).");
  static final Parameter SCALAR = Parameter.optional("scalar", Type.SCALAR, "X", null,
      "The number eq ne gt ge lt le compare values with.");
  static final Parameter ROWS = Parameter.optional("rows", Type.SELECTION, "SPEC", null,
      "Rows to keep (D4M syntax, default all).");
  static final Parameter COLS = Parameter.optional("cols", Type.SELECTION, "SPEC", null,
      "Columns to keep (D4M syntax, default all).");

  public static final Declaration SELECT = new Declaration("select", List.of(
      "Keep the entries that pass a test into a new table: C = select(A).",
      "C = the entries of A that --op keeps, within --rows and --cols (GraphBLAS select; D4M selection). Keys "
          + "compare as unsigned bytes, the row key i against the column key j (the qualifier when the family is "
          + "empty, else family:qualifier), as GraphBLAS compares indices:",
      "  tril j <= i, triu j >= i, lower j < i, upper j > i, diag j == i,",
      "  offdiag j != i;",
      "  eq ne gt ge lt le: the value against --scalar X (--op gt --scalar 0).",
      "--rows and --cols restrict any of them (without --op: just that block); only the selected rows and columns "
          + "are read. Values and labels stay."),
      List.of(Operands.A, Operands.C, OP, SCALAR, ROWS, COLS), EnumSet.of(Group.OUTPUT, Group.READ),
      SelectDeclaration::run)
      .rule(values -> values.get(OP) == null && values.get(ROWS) == null && values.get(COLS) == null
          ? "select needs --op, --rows or --cols" : null);

  private SelectDeclaration() {}

  private static Outcome run(Call c) {
    Double x = c.scalar(SCALAR);
    Select s;
    try {
      s = Select.named(c.text(OP) == null ? "all" : c.text(OP), x);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("--op: " + e.getMessage());
    }
    Select selected = s.rows(c.selection(ROWS)).cols(c.selection(COLS));
    return c.write(c.session().matrix(c.text(Operands.A)).select(selected), c.text(Operands.C));
  }
}
