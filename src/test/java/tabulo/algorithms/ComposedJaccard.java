package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.Select;
import tabulo.ops.Target;

/**
 * {@link Jaccard} as a composition of whole-table operations, the fused kernel's oracle: P = A (plus.pair) A
 * holds the intersections, its diagonal the degrees (D = diag(P)); the unions are d(u) + d(v) - P(u, v), the
 * degrees brought to each entry by multiplying with the diagonal matrix as LAGraph scales by degrees:
 * D (plus.first) P gives d(u) at (u, v), P (plus.second) D gives d(v).
 */
final class ComposedJaccard {
  private ComposedJaccard() {}

  /** The unfused composition: an unmasked A·A, then six whole-table passes over it. */
  static Matrix run(Matrix g, Target out) {
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
