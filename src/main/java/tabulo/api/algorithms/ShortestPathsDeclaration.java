package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.ShortestPaths;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;
import tabulo.ops.Target;

/** {@code sssp G OUT --from KEY}: {@link ShortestPaths}. */
public final class ShortestPathsDeclaration {
  static final Parameter FROM = Parameter.required("from", Type.TEXT, "KEY", "The source vertex.");

  public static final Declaration SSSP = new Declaration("sssp", List.of(
      "Single-source shortest paths on a weighted adjacency table G.",
      "OUT(v, distance) = the shortest path length from KEY, edge values as lengths (negative ones allowed), "
          + "reached vertices only. Bellman-Ford: min.plus steps until no distance changes; a negative cycle "
          + "reachable from KEY is an error, as is a non-numeric edge value. Rounds print on a terminal. OUT "
          + "appears only at the end."),
      List.of(GraphTables.G, GraphTables.OUT, FROM), EnumSet.of(Group.READ, Group.IN_TABLES),
      ShortestPathsDeclaration::run);

  private ShortestPathsDeclaration() {}

  private static Outcome run(Call c) {
    String from = c.text(FROM);
    String out = c.text(GraphTables.OUT);
    int rounds = ShortestPaths.run(c.session().matrix(c.text(GraphTables.G)), Target.table(out),
        ShortestPaths.Options.defaults().from(from).listener(c.rounds("distances changed")));
    return Outcome.table(out, String.format("sssp: distances from %s written to %s after %d rounds, column %s", from,
        out, rounds, ShortestPaths.COLUMN)).with("rounds", rounds);
  }
}
