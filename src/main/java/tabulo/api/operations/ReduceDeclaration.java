package tabulo.api.operations;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Front;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared;
import tabulo.api.Shared.Group;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.ops.Matrix;
import tabulo.storage.TabuloException;

/**
 * {@code reduce A C --dim rows|cols}: each row's or column's fold into a vector ({@link Matrix#reduceRows},
 * {@link Matrix#reduceCols}); {@code reduce A --scalar} (Python: {@code db.reduce(a)}, a number): the fold of
 * every cell ({@link Matrix#reduce}).
 */
public final class ReduceDeclaration {
  static final Parameter C = Parameter.optionalTable("C", "The vector to write (not with --scalar; must not exist "
      + "unless --accum).");
  static final Parameter DIM = Parameter.optional("dim", Type.TEXT, "rows|cols", null,
      "Fold each row (rows) or each column (cols).").oneOf("rows", "cols");
  /** Only the command line asks for the fold of every cell by a flag; Python by leaving out C. */
  static final Parameter SCALAR = Parameter.flag("scalar", "Print the fold of every cell instead of writing a vector.")
      .only(Front.COMMAND_LINE);
  static final Parameter MONOID = Parameter.optional("monoid", Type.TEXT, "NAME", "plus", "plus (default), times, "
      + "min, max, any, land, lor, or a class name.").defaultInHelp();
  static final Parameter COLUMN = Parameter.optional("column", Type.TEXT, "NAME", null,
      "The vector's column (default: the monoid's name).");

  public static final Declaration REDUCE = new Declaration("reduce", List.of(
      "Fold each row or column of a table into a vector, or all of it into one value.",
      "--dim rows: C has one cell per row of A (the row key, column NAME); --dim cols: one per column of A (the "
          + "column key as row key, column NAME).",
      "NAME defaults to the monoid's name. --scalar prints the fold of every cell you may read instead (the monoid's "
          + "identity when none). C keeps one part per distinct label, and each reader gets the fold of exactly "
          + "the parts it may read."),
      List.of(Operands.A, C, DIM, SCALAR, MONOID, COLUMN), EnumSet.of(Group.OUTPUT, Group.READ),
      ReduceDeclaration::run);

  private ReduceDeclaration() {}

  private static Outcome run(Call c) {
    Monoid m = c.named(MONOID, Monoids::named);
    String out = c.text(C);
    String dim = c.text(DIM);
    boolean scalar = c.shows(SCALAR) ? c.flag(SCALAR) : out == null;
    if (c.shows(SCALAR) && scalar == (out != null)) {
      throw new TabuloException(scalar ? "--scalar prints one value: give no table C"
          : "give a table C to write (with --dim rows|cols), or --scalar");
    }
    if (!scalar && dim == null) {
      throw new TabuloException(c.shows(SCALAR) ? "--dim rows|cols is required to write a vector"
          : "--dim: expected 'rows' or 'cols' to write a vector, got none");
    }
    if (scalar && (dim != null || c.text(COLUMN) != null || c.value(Shared.MASK) != null || c.accumulates())) {
      throw new TabuloException((c.shows(SCALAR) ? "--scalar" : "reduce to a scalar (no table C)")
          + " takes no --dim, --column, --mask or --accum");
    }
    String a = c.text(Operands.A);
    Matrix ma = c.session().matrix(a);
    if (scalar) {
      double v = ma.reduce(m);
      return Outcome.value(v, new String(c.session().codec().encode(v), StandardCharsets.UTF_8));
    }
    String column = c.text(COLUMN) != null ? c.text(COLUMN) : m.name();
    c.write(dim.equals("rows") ? ma.reduceRows(m, column) : ma.reduceCols(m, column), out);
    return Outcome.table(out, String.format("reduce: %s of %s folded with %s into %s, column %s%s", dim, a, m.name(),
        out, column, c.how()));
  }
}
