package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.ops.Matrix;
import tabulo.ops.Target;

/**
 * The local clustering coefficient of every vertex of G's undirected graph: lcc(v) = triangles(v) /
 * (d(d-1)/2), the share of v's pairs of neighbours that are linked (NetworkX's {@code clustering}).
 * Vectors only: t2 = reduceRows(C&lt;A&gt; = A (plus.pair) A) (twice the triangles), d = reduceRows(A),
 * lcc = t2 / (d (d-1)). Every vertex with a neighbour gets a cell, 0 where it has no triangle (so degree
 * &lt; 2 is 0, as NetworkX); a vertex whose only edges are self-loops has none.
 */
public final class Clustering {
  /** No knobs: here so that every algorithm is called alike, {@code run(g, out, options)}. */
  public record Options() {
    public static Options defaults() {
      return new Options();
    }
  }

  private Clustering() {}

  public static Matrix run(Matrix g, Target out, Options o) {
    Matrix a = Graph.undirected(g);
    Matrix twiceTriangles = Triangles.edgeTriangles(a).reduceRows(Monoids.PLUS, "lcc").temporary();
    Matrix degree = a.reduceRows(Monoids.PLUS, "lcc").temporary();
    Matrix degreeLess1 = degree.applyBindSecond(BinaryOps.MINUS, 1).temporary();
    Matrix orderedPairs = degree.ewiseMult(degreeLess1, BinaryOps.TIMES).temporary();
    // where triangles(v) > 0, d >= 2: no division by zero
    Matrix lcc = twiceTriangles.ewiseMult(orderedPairs, BinaryOps.DIV).temporary();
    Matrix zeros = degree.applyBindSecond(BinaryOps.TIMES, 0).temporary();
    return zeros.ewiseAdd(lcc, BinaryOps.SECOND).into(out);
  }
}
