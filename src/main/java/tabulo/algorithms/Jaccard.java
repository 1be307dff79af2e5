package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.Select;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;

/**
 * Jaccard similarity of the vertices of G's undirected graph A: J(u, v) = |N(u) ∩ N(v)| / |N(u) ∪ N(v)| for
 * u &lt; v (key order) sharing a neighbour.
 *
 * <p>{@link #run}: Graphulo's fused Jaccard, as one kernel of the framework. The degrees d = reduceRows(A),
 * then one row-by-row multiply C = triu(A (plus.pair) A, 1) whose strictly upper positional mask is applied
 * in the accumulator (the lower half and the diagonal are never computed) and whose rows are finished as
 * they are written: each count c becomes c / (d(u) + d(v) - c), the degrees of the batch's rows and
 * columns read from d by the kernel ({@link MxmOptions#jaccard}).
 *
 * <p>{@link #composed}: the same as a composition of whole-table operations (the fused path's oracle in
 * the tests): P = A (plus.pair) A holds the intersections, its diagonal the degrees (D = diag(P)); the
 * unions are d(u) + d(v) - P(u, v), the degrees brought to each entry by multiplying with the diagonal
 * matrix as LAGraph scales by degrees: D (plus.first) P gives d(u) at (u, v), P (plus.second) D gives d(v).
 */
public final class Jaccard {
  private Jaccard() {}

  public static Matrix run(Matrix g, Target out) {
    Matrix a = Graph.undirected(g);
    Matrix degrees = a.reduceRows(Monoids.PLUS, Degrees.COLUMN).temporary(); // A's values are all 1
    return a.mxm(a, MxmOptions.defaults().semiring(Semirings.PLUS_PAIR).strictlyUpper(true).jaccard(degrees.table()))
        .into(out);
  }

  /** The unfused composition: an unmasked A·A, then six whole-table passes over it. */
  public static Matrix composed(Matrix g, Target out) {
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
