package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.Clustering;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Shared.Group;

/** {@code clustering G OUT}: {@link Clustering}. */
public final class ClusteringDeclaration {
  static final Parameter DIRECTED = Parameter.flag("directed", "G is directed (LDBC Graphalytics' LCC): N(v) = v's "
      + "in- and out-neighbours, lcc = the directed edges of G between members of N(v) / (|N(v)|(|N(v)|-1)).");

  public static final Declaration CLUSTERING = new Declaration("clustering", List.of(
      "Local clustering coefficient of each vertex of G into OUT(v, lcc).",
      "Undirected (G ∪ G^T) unless --directed: lcc = triangles(v) / (d(d-1)/2); 0 for a vertex with a neighbour "
          + "but no triangle (degree < 2 included); no cell for a vertex without neighbours. Self-loops are ignored."),
      List.of(GraphTables.G_UNWEIGHTED, GraphTables.OUT_OR_ACCUM, DIRECTED), EnumSet.of(Group.READ, Group.OUTPUT,
          Group.IN_TABLES), ClusteringDeclaration::run);

  private ClusteringDeclaration() {}

  private static Outcome run(Call c) {
    String out = c.text(GraphTables.OUT_OR_ACCUM);
    Clustering.run(c.session().matrix(c.text(GraphTables.G_UNWEIGHTED)), c.target(out), Clustering.Options.defaults()
        .directed(c.flag(DIRECTED)));
    return Outcome.cellsWritten(out);
  }
}
