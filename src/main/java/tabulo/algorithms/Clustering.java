package tabulo.algorithms;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentClustering;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.VertexValues;
import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.math.UnaryOps;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.Select;
import tabulo.ops.Target;

/**
 * The local clustering coefficient of every vertex of G's undirected graph: lcc(v) = triangles(v) /
 * (d(d-1)/2), the share of v's pairs of neighbours that are linked (NetworkX's {@code clustering}).
 * Vectors only: t2 = reduceRows(C&lt;A&gt; = A (plus.pair) A) (twice the triangles), d = reduceRows(A),
 * lcc = t2 / (d (d-1)). Every vertex with a neighbour gets a cell, 0 where it has no triangle (so degree
 * &lt; 2 is 0, as NetworkX); a vertex whose only edges are self-loops has none.
 *
 * <p>{@code directed} (LDBC Graphalytics' LCC on a directed graph): the neighbourhood N(v) is v's in- and
 * out-neighbours (A = G ∪ G^T, self-loops aside) and lcc(v) = the directed edges of G between members of N(v)
 * / (d(d-1)), d = |N(v)|. With D = G's structure off the diagonal, C&lt;A&gt; = A (plus.pair) D counts for
 * each w in N(v) the members u of N(v) with u → w, so reduceRows(C) counts those edges.
 *
 * <p>Where G can be held in memory ({@link Resident}) and OUT is a new table, {@link ResidentClustering}
 * finds each triangle once over its arrays instead.
 */
public final class Clustering {
  public static final String COLUMN = "lcc";

  /** {@code directed}: count G's directed edges among in- and out-neighbours, as LDBC Graphalytics does. */
  public record Options(boolean directed) {
    public static Options defaults() {
      return new Options(false);
    }

    public Options directed(boolean d) {
      return new Options(d);
    }
  }

  private Clustering() {}

  /**
   * The coefficients of G's vertices with a neighbour over G held in memory ({@link Resident}), without a
   * table: null where G is not held, and then {@link #run} computes in tables.
   */
  public static VertexValues coefficients(Matrix g, Options o) {
    ResidentGraph held = Resident.graphFor(g);
    return held == null ? null : ResidentClustering.coefficients(held, g.session(), o.directed());
  }

  public static Matrix run(Matrix g, Target out, Options o) {
    ResidentGraph held = Output.plain(out) ? Resident.graphFor(g, out) : null;
    if (held != null) {
      ResidentClustering.run(held, g, out.table(), o.directed());
      return g.session().matrix(out.table());
    }
    Matrix a = Graph.undirected(g);
    // links among v's neighbours: each triangle twice undirected (once per other corner), each edge once directed
    Matrix links = (o.directed() ? directedLinks(g, a) : Triangles.edgeTriangles(a))
        .reduceRows(Monoids.PLUS, COLUMN).temporary();
    Matrix degree = a.reduceRows(Monoids.PLUS, COLUMN).temporary();
    Matrix degreeLess1 = degree.applyBindSecond(BinaryOps.MINUS, 1).temporary();
    Matrix orderedPairs = degree.ewiseMult(degreeLess1, BinaryOps.TIMES).temporary();
    // where links(v) > 0, d >= 2: no division by zero
    Matrix lcc = links.ewiseMult(orderedPairs, BinaryOps.DIV).temporary();
    Matrix zeros = degree.applyBindSecond(BinaryOps.TIMES, 0).temporary();
    return zeros.ewiseAdd(lcc, BinaryOps.SECOND).into(out);
  }

  /** C&lt;A&gt; = A (plus.pair) D: C(v, w) = the members u of N(v) with an edge u → w, for w in N(v). */
  private static Matrix directedLinks(Matrix g, Matrix a) {
    Matrix d = g.apply(UnaryOps.ONE, Select.OFFDIAG).temporary();
    Matrix c = a.mxm(d, Semirings.PLUS_PAIR).into(Target.temporary().mask(Mask.of(a).structure()));
    Graph.drop(d);
    return c;
  }
}
