package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.Degrees;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Shared.Group;
import tabulo.ops.Target;

/** {@code degrees G OUT}: {@link Degrees}. */
public final class DegreesDeclaration {
  static final Parameter IN = Parameter.flag("in", "In-degrees (entries per column) instead of out-degrees.");

  public static final Declaration DEGREES = new Declaration("degrees", List.of(
      "Vertex degrees of an adjacency table G (row = source, column = target).",
      "OUT(v, degree) = the number of entries in v's row (out-degree), or with --in in v's column (in-degree); "
          + "vertices with none have no entry. Not the D4M 'degree' command."),
      List.of(GraphTables.G, GraphTables.OUT, IN), EnumSet.of(Group.READ, Group.IN_TABLES),
      DegreesDeclaration::run);

  private DegreesDeclaration() {}

  private static Outcome run(Call c) {
    String g = c.text(GraphTables.G);
    String out = c.text(GraphTables.OUT);
    boolean in = c.flag(IN);
    Degrees.run(c.session().matrix(g), Target.table(out), Degrees.Options.defaults().in(in));
    return Outcome.table(out, String.format("degrees: %s-degrees of %s written to %s, column %s", in ? "in" : "out",
        g, out, Degrees.COLUMN));
  }
}
