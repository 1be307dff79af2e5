package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.PageRank;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;
import tabulo.ops.Target;

/** {@code pagerank G OUT}: {@link PageRank}. */
public final class PageRankDeclaration {
  private static final PageRank.Options DEFAULTS = PageRank.Options.defaults();
  static final Parameter DAMPING = Parameter.optional("damping", Type.REAL, "D", DEFAULTS.damping(),
      "Damping factor.");
  static final Parameter TOLERANCE = Parameter.optional("tolerance", Type.REAL, "T", DEFAULTS.tolerance(),
      "Convergence tolerance per vertex.");
  static final Parameter MAX_ITERATIONS = Parameter.optional("max-iterations", Type.INTEGER, "K",
      DEFAULTS.maxIterations(), "Iteration bound.");

  static final Parameter ITERATIONS = Parameter.optional("iterations", Type.INTEGER, "N", null,
      "Run exactly N iterations with no tolerance (LDBC Graphalytics' PageRank): OUT holds the N-th iterate, "
          + "with no warning; instead of --tolerance and --max-iterations.").atLeast(1);

  static final Parameter VERTICES = Parameter.optional("vertices", Type.TABLE, "V", null,
      "Also count the row keys of table V as vertices (LDBC's vertices without edges: each counts in N and "
          + "spreads its rank as a dangling vertex); by default the vertices are G's row and column keys.");

  public static final Declaration PAGERANK = new Declaration("pagerank", List.of(
      "PageRank of graph G (row = source, column = target) into OUT(v, rank).",
      "Unweighted, dangling vertices' rank spread evenly, ranks sum to 1, as NetworkX's pagerank(G, weight=None). "
          + "Stops when sum |change| < N * tolerance; after --max-iterations without that, OUT holds the last "
          + "iterate and a warning says so. Each iteration's change is shown on a terminal; Ctrl-C stops after the "
          + "current operation and leaves no temporary tables. Where the kernels run in this process (embedded) "
          + "G's structure is read once into arrays and iterated there; --in-tables, a labelled graph and "
          + "Accumulo's tablet servers compute every iteration in tables."),
      List.of(GraphTables.G_UNWEIGHTED, GraphTables.OUT, DAMPING, TOLERANCE, MAX_ITERATIONS, ITERATIONS,
          VERTICES),
      EnumSet.of(Group.READ, Group.IN_TABLES), PageRankDeclaration::run)
      .rule(values -> values.get(ITERATIONS) != null && (!TOLERANCE.defaultValue().equals(values.get(TOLERANCE))
          || !MAX_ITERATIONS.defaultValue().equals(values.get(MAX_ITERATIONS)))
          ? "--iterations runs exactly N iterations: give it without --tolerance and --max-iterations" : null);

  private PageRankDeclaration() {}

  private static Outcome run(Call c) {
    String out = c.text(GraphTables.OUT);
    Integer exactly = c.integer(ITERATIONS);
    PageRank.Options o = exactly != null ? DEFAULTS.tolerance(0).maxIterations(exactly)
        : DEFAULTS.tolerance(c.real(TOLERANCE)).maxIterations(c.integer(MAX_ITERATIONS));
    PageRank.Result r = PageRank.run(c.session().matrix(c.text(GraphTables.G_UNWEIGHTED)), Target.table(out), o
        .vertices(c.text(VERTICES)).damping(c.real(DAMPING)).listener((i, change) -> c.round("iteration " + i + ", change " + change))
        .cancelled(c.cancelled()));
    Outcome result = Outcome.table(out, String.format("pagerank: %,d vertices, %d iterations, change %s, ranks in %s",
        r.vertices(), r.iterations(), Double.toString(r.change()), out))
        .with("iterations", r.iterations()).with("change", r.change()).with("converged", r.converged())
        .with("vertices", r.vertices());
    if (r.converged() || exactly != null) {
      return result; // with --iterations, N iterations are the definition: nothing to warn of
    }
    return result.warning(String.format("not converged after %d iterations (change %s, needs < %s); %s holds the "
        + "last iterate", r.iterations(), Double.toString(r.change()), Double.toString(r.vertices() * c.real(TOLERANCE)),
        out));
  }
}
