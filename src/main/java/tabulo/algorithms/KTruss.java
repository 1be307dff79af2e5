package tabulo.algorithms;

import tabulo.math.Monoids;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Select;
import tabulo.ops.Target;

/**
 * The k-truss of G's undirected graph: the largest subgraph whose every edge lies in at least k-2 of its
 * triangles. LAGraph's {@code LAGraph_KTruss} (Davis's formulation): repeat C&lt;A&gt; = A (plus.pair) A
 * (the support of each edge, the mask applied in the multiply's kernel), A = select(C &gt;= k-2), until an
 * iteration removes no edge. The result holds every truss edge in both directions, its value the number of
 * triangles of the truss containing it.
 */
public final class KTruss {
  /** Hears each iteration: its number, the edges left (each direction counted), the edges it removed. */
  public interface Iterations {
    void ended(int iteration, long edges, long removed);
  }

  private KTruss() {}

  public static Matrix run(Matrix g, int k, Target out, Iterations listener) {
    if (k < 3) {
      throw new IllegalArgumentException("k must be at least 3 (the 2-truss is the graph itself), got " + k);
    }
    Matrix a = Graph.undirected(g);
    long edges = entries(a);
    for (int iteration = 1;; iteration++) {
      Matrix support = Triangles.edgeTriangles(a);
      Matrix kept = support.select(Select.ge(k - 2)).temporary();
      g.session().release(support);
      long left = entries(kept);
      listener.ended(iteration, left, edges - left);
      g.session().release(a); // each iterate is only needed for the next: the session keeps none of them
      if (left == edges) {
        return kept.apply(UnaryOps.IDENTITY).into(out); // nothing removed: kept's values are the truss's supports
      }
      a = kept; // plus.pair reads only its structure
      edges = left;
    }
  }

  /** The number of entries of {@code m} (one per key for the session's reader). */
  private static long entries(Matrix m) {
    Matrix ones = m.apply(UnaryOps.ONE).temporary();
    long n = Math.round(ones.reduce(Monoids.PLUS));
    m.session().release(ones);
    return n;
  }
}
