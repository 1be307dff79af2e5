package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.Triangles;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;
import tabulo.storage.TabuloException;

/** {@code triangles G [--per-vertex OUT]}: {@link Triangles}. */
public final class TrianglesDeclaration {
  static final Parameter PER_VERTEX = Parameter.optional("per-vertex", Type.TABLE, "OUT", null, "Write OUT(v, "
      + "triangles) (vertices in no triangle have no cell); OUT must not exist unless --accum.");

  public static final Declaration TRIANGLES = new Declaration("triangles", List.of(
      "Count the triangles of G's undirected graph (G ∪ G^T, self-loops ignored).",
      "Sandia method: C<L> = L (plus.pair) L, L = tril(A), count = sum(C); embedded, the count over G read once "
          + "into arrays (--in-tables: the method).",
      "--per-vertex OUT also writes OUT(v, triangles) for every vertex in one."),
      List.of(GraphTables.G_UNWEIGHTED, PER_VERTEX), EnumSet.of(Group.READ, Group.OUTPUT, Group.IN_TABLES),
      TrianglesDeclaration::run);

  private TrianglesDeclaration() {}

  private static Outcome run(Call c) {
    String perVertex = c.text(PER_VERTEX);
    if (perVertex == null && (c.accumulates() || c.value(tabulo.api.Shared.MASK) != null)) {
      throw new TabuloException("triangles: --mask and --accum apply to --per-vertex: give --per-vertex OUT");
    }
    String g = c.text(GraphTables.G_UNWEIGHTED);
    long count = Triangles.count(c.session().matrix(g));
    if (perVertex != null) {
      Triangles.perVertex(c.session().matrix(g), c.target(perVertex), Triangles.Options.defaults());
    }
    return Outcome.value(count, Long.toString(count));
  }
}
