package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.Jaccard;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Shared.Group;

/** {@code jaccard G OUT}: {@link Jaccard}. */
public final class JaccardDeclaration {
  public static final Declaration JACCARD = new Declaration("jaccard", List.of(
      "Jaccard similarity of G's undirected graph into OUT(u, v).",
      "OUT(u, v) = |N(u) ∩ N(v)| / |N(u) ∪ N(v)| for u < v (key order) sharing a neighbour. Intersections from A "
          + "(plus.pair) A, masked to the strict upper half, each finished with the two degrees as its row is "
          + "written (Graphulo's fused Jaccard). Embedded with a plain new OUT: G read once into arrays, the same "
          + "computation there."),
      List.of(GraphTables.G_UNWEIGHTED, GraphTables.OUT_OR_ACCUM),
      EnumSet.of(Group.READ, Group.OUTPUT, Group.IN_TABLES), JaccardDeclaration::run);

  private JaccardDeclaration() {}

  private static Outcome run(Call c) {
    String out = c.text(GraphTables.OUT_OR_ACCUM);
    Jaccard.run(c.session().matrix(c.text(GraphTables.G_UNWEIGHTED)), c.target(out), Jaccard.Options.defaults());
    return Outcome.cellsWritten(out);
  }
}
