package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.Bfs;
import tabulo.algorithms.EdgeBfs;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;
import tabulo.ops.Target;
import tabulo.storage.TabuloException;

/** {@code bfs G OUT --from SPEC}: {@link Bfs}, or {@link EdgeBfs} on an incidence table. */
public final class BfsDeclaration {
  static final Parameter FROM = Parameter.required("from", Type.VERTICES, "SPEC", "The sources, a D4M selection "
      + "of vertex keys (e.g. 'alice,bob,' or 'a*,'); selecting no vertex is an error.");
  static final Parameter HOPS = Parameter.optional("hops", Type.INTEGER, "K", null,
      "Stop after K levels (default: until no new vertex).");
  static final Parameter MIN_DEGREE = Parameter.optional("min-degree", Type.REAL, "D", null,
      "Expand only vertices of out-degree at least D.");
  static final Parameter MAX_DEGREE = Parameter.optional("max-degree", Type.REAL, "D", null,
      "Expand only vertices of out-degree at most D.");
  static final Parameter UNDIRECTED = Parameter.flag("undirected",
      "Follow edges both ways (G ∪ G^T); not with --incidence.");
  static final Parameter PARENTS = Parameter.flag("parents", "Also OUT(v, parent) = the smallest key of a vertex "
      + "one level up with an edge to v (a source is its own parent).");
  static final Parameter INCIDENCE = Parameter.flag("incidence", "G is a D4M incidence table (row = record, column "
      + "= name|value): Graphulo's EdgeBFS, vertices linked by the records holding them; --from selects column keys.");

  public static final Declaration BFS = new Declaration("bfs", List.of(
      "Breadth-first search levels on an adjacency table G.",
      "OUT(v, level) = hops from the nearest source (sources 0), reached vertices only.",
      "Each round is A^T frontier masked by the vertices already reached; with --min-degree/--max-degree "
          + "(Graphulo's AdjBFS) vertices whose out-degree lies outside the range are reached but not expanded. "
          + "--parents adds OUT(v, parent): the smallest key of a vertex one level up with an edge to v (sources: "
          + "themselves). --incidence reads G as a D4M incidence table (Tedge: row = record, column = name|value) "
          + "as Graphulo's EdgeBFS: one hop goes from the frontier vertices to the records holding them (read from "
          + "GT, D4M's TedgeT, when it exists) to those records' vertices; degree = records holding the vertex "
          + "(GDeg, D4M's TedgeDeg, when it exists). Rounds print on a terminal. OUT appears only when the search "
          + "ends (an error or a kill leaves none)."),
      List.of(GraphTables.G, GraphTables.OUT, FROM, HOPS, MIN_DEGREE, MAX_DEGREE, UNDIRECTED, PARENTS, INCIDENCE),
      EnumSet.of(Group.READ, Group.IN_TABLES), BfsDeclaration::run);

  private BfsDeclaration() {}

  private static Outcome run(Call c) {
    String from = c.text(FROM);
    String out = c.text(GraphTables.OUT);
    Bfs.Options o;
    try {
      o = Bfs.Options.defaults().from(from);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("--from: " + e.getMessage());
    }
    o = o.undirected(c.flag(UNDIRECTED)).parents(c.flag(PARENTS)).listener(c.rounds("new vertices"));
    if (c.integer(HOPS) != null) {
      o = o.hops(c.integer(HOPS));
    }
    if (c.real(MIN_DEGREE) != null) {
      o = o.minDegree(c.real(MIN_DEGREE));
    }
    if (c.real(MAX_DEGREE) != null) {
      o = o.maxDegree(c.real(MAX_DEGREE));
    }
    var g = c.session().matrix(c.text(GraphTables.G));
    Target target = Target.table(out);
    int levels = c.flag(INCIDENCE) ? EdgeBfs.run(g, target, o) : Bfs.run(g, target, o);
    return Outcome.table(out, String.format("bfs: %d levels from %s written to %s, column %s", levels, from, out,
        c.flag(PARENTS) ? Bfs.COLUMN + " and " + Bfs.PARENT : Bfs.COLUMN)).with("levels", levels);
  }
}
