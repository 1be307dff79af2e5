package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.Clustering;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Shared.Group;

/** {@code clustering G OUT}: {@link Clustering}. */
public final class ClusteringDeclaration {
  public static final Declaration CLUSTERING = new Declaration("clustering", List.of(
      "Local clustering coefficient of G's undirected graph into OUT(v, lcc).",
      "lcc = triangles(v) / (d(d-1)/2); 0 for a vertex with a neighbour but no triangle (degree < 2 included); no "
          + "cell for a vertex without neighbours."),
      List.of(GraphTables.G_UNWEIGHTED, GraphTables.OUT_OR_ACCUM), EnumSet.of(Group.READ, Group.OUTPUT),
      ClusteringDeclaration::run);

  private ClusteringDeclaration() {}

  private static Outcome run(Call c) {
    String out = c.text(GraphTables.OUT_OR_ACCUM);
    Clustering.run(c.session().matrix(c.text(GraphTables.G_UNWEIGHTED)), c.target(out), Clustering.Options.defaults());
    return Outcome.cellsWritten(out);
  }
}
