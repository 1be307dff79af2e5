package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.Select;
import tabulo.ops.Target;

/**
 * Jaccard similarity of the vertices of G's undirected graph: J(u, v) = |N(u) ∩ N(v)| / |N(u) ∪ N(v)| for
 * u &lt; v (key order) sharing a neighbour. The intersections are P = A (plus.pair) A (its diagonal is the
 * degrees, D = diag(P)); the unions are d(u) + d(v) - P(u, v), the degrees brought to each entry by
 * multiplying with the diagonal matrix as LAGraph scales by degrees: D (plus.first) P gives d(u) at (u, v),
 * P (plus.second) D gives d(v). So every step is an operation next to the data, no fused kernel.
 */
public final class Jaccard {
  private Jaccard() {}

  public static Matrix run(Matrix g, Target out) {
    Matrix a = Graph.undirected(g);
    Matrix common = a.mxm(a, Semirings.PLUS_PAIR).temporary();
    Matrix degrees = common.select(Select.DIAG).temporary();
    Matrix inter = common.select(Select.TRIU).temporary().select(Select.OFFDIAG).temporary();
    Matrix rowDegree = degrees.mxm(inter, Semirings.PLUS_FIRST).temporary();
    Matrix colDegree = inter.mxm(degrees, Semirings.PLUS_SECOND).temporary();
    Matrix degreeSum = rowDegree.ewiseAdd(colDegree, BinaryOps.PLUS).temporary();
    Matrix union = degreeSum.ewiseMult(inter, BinaryOps.MINUS).temporary();
    return inter.ewiseMult(union, BinaryOps.DIV).into(out);
  }
}
