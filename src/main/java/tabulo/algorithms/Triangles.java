package tabulo.algorithms;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.ResidentTriangles;
import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.Target;

/**
 * Triangles of the undirected graph of G (G ∪ G^T, self-loops ignored). The count is LAGraph's
 * TriangleCount Sandia method: L = tril(A) without the diagonal ({@link Graph#lower}), C&lt;L&gt; =
 * L (plus.pair) L with L as structural mask (applied row by row inside the multiply's kernel), count =
 * sum(C): every triangle i &gt; k &gt; j once, so no count is divided afterwards, and the mask keeps C
 * within L's entries instead of writing the whole product. Per vertex:
 * C&lt;A&gt; = A (plus.pair) A counts, for each edge, its triangles; a vertex's row sum sees each of its
 * triangles twice (once per other corner), so triangles(v) = reduceRows(C) / 2.
 *
 * <p>Where G can be held in memory ({@link Resident}), {@link ResidentTriangles} counts over its arrays
 * instead.
 */
public final class Triangles {
  /** No knobs: here so that every algorithm is called alike, {@code perVertex(g, out, options)}. */
  public record Options() {
    public static Options defaults() {
      return new Options();
    }
  }

  private Triangles() {}

  /** The number of triangles of G's undirected graph, as the session's reader sees G. */
  public static long count(Matrix g) {
    ResidentGraph held = Resident.graphFor(g);
    if (held != null) {
      return ResidentTriangles.count(held, g.session());
    }
    Matrix l = Graph.lower(g);
    Matrix c = l.mxm(l, Semirings.PLUS_PAIR).into(Target.temporary().mask(Mask.of(l).structure()));
    return Math.round(c.reduce(Monoids.PLUS));
  }

  /**
   * OUT(v, triangles) = the triangles containing v, for the vertices in at least one (a vertex in none has
   * no cell), into {@code out} (a table name, or a target with mask and accumulator).
   */
  public static Matrix perVertex(Matrix g, Target out, Options o) {
    Matrix twice = edgeTriangles(Graph.undirected(g)).reduceRows(Monoids.PLUS, "triangles").temporary();
    return twice.applyBindSecond(BinaryOps.DIV, 2).into(out);
  }

  /** C&lt;A&gt; = A (plus.pair) A on an undirected structure A: each edge's triangles, as a temporary. */
  static Matrix edgeTriangles(Matrix a) {
    return a.mxm(a, Semirings.PLUS_PAIR).into(Target.temporary().mask(Mask.of(a).structure()));
  }
}
