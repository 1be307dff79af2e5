package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.UnaryOps;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.Target;

/**
 * The frontier of a label-correcting iteration under min (Bellman-Ford, min-label propagation): the
 * entries of the candidates t that improve the current vector d, t(v) &lt; d(v) or v not in d. A vertex
 * whose value did not change has already offered it to its neighbours, so the next round need push only
 * the improved ones: the same iterates as pushing all of d, reading only the improved vertices' edges.
 */
final class Improvements {
  private Improvements() {}

  /** t&lt;¬M&gt; with M = (t ≥ d) on the keys both hold: a complemented valued mask admits t &lt; d and keys d lacks. */
  static Matrix of(Matrix t, Matrix d) {
    Matrix notBetter = t.ewiseMult(d, BinaryOps.GE).temporary();
    Matrix improved = t.apply(UnaryOps.IDENTITY).into(Target.temporary().mask(Mask.of(notBetter).complement()));
    Graph.drop(notBetter);
    return improved;
  }
}
