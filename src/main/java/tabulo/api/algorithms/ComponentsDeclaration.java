package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.Components;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Shared.Group;
import tabulo.ops.Target;

/** {@code components G OUT}: {@link Components}. */
public final class ComponentsDeclaration {
  public static final Declaration COMPONENTS = new Declaration("components", List.of(
      "Connected components of an adjacency table G, undirected.",
      "OUT(v, component) = the smallest vertex key of v's component (G ∪ G^T; a vertex with only a self-loop is "
          + "its own component). Embedded: G read once into arrays, union-find. In tables (--in-tables, a "
          + "labelled graph, Accumulo's tablet servers): min-label propagation over vertex ranks in key order; "
          + "rounds print on a terminal. OUT appears only at the end."),
      List.of(GraphTables.G, GraphTables.OUT), EnumSet.of(Group.READ, Group.IN_TABLES), ComponentsDeclaration::run);

  private ComponentsDeclaration() {}

  private static Outcome run(Call c) {
    String g = c.text(GraphTables.G);
    String out = c.text(GraphTables.OUT);
    int rounds = Components.run(c.session().matrix(g), Target.table(out),
        Components.Options.defaults().listener(c.rounds("labels changed")));
    return Outcome.table(out, String.format("components: %s written to %s after %d rounds, column %s", g, out, rounds,
        Components.COLUMN)).with("rounds", rounds);
  }
}
