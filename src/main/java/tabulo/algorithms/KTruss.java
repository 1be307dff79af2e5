package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.math.UnaryOps;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.Target;
import tabulo.ops.mxm.Mxm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmResult;

/**
 * The k-truss of G's undirected graph: the largest subgraph whose every edge lies in at least k-2 of its
 * triangles. LAGraph's {@code LAGraph_KTruss} (Davis's formulation): repeat C&lt;A&gt; = A (plus.pair) A
 * (the support of each edge, the mask applied in the multiply's kernel), A = select(C &gt;= k-2), until an
 * iteration removes no edge. The select is fused into the multiply's kernel ({@link MxmOptions#keep}: an
 * edge below the support is never written) and the edges left are the kernel's count of cells written,
 * so an iteration is one pass. The result holds every truss edge in both directions, its value the number
 * of triangles of the truss containing it.
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
    long edges = Math.round(a.reduce(Monoids.PLUS)); // A's values are all 1: the sum counts its entries
    for (int iteration = 1;; iteration++) {
      Mxm support = Mxm.of(a, a, MxmOptions.defaults().semiring(Semirings.PLUS_PAIR).keep(BinaryOps.GE, k - 2));
      Matrix kept = support.into(Target.temporary().mask(Mask.of(a).structure()));
      long left = entries(kept, support.result());
      listener.ended(iteration, left, edges - left);
      g.session().release(a); // each iterate is only needed for the next: the session keeps none of them
      if (left == edges) {
        return kept.apply(UnaryOps.IDENTITY).into(out); // nothing removed: kept's values are the truss's supports
      }
      a = kept; // plus.pair reads only its structure
      edges = left;
    }
  }

  /**
   * The entries of the support just computed: the cells its kernel wrote (one per key: the fused keep folds
   * a cell's labelled parts), unless a unit ran twice (a resumed kernel), when they are counted again.
   */
  private static long entries(Matrix m, MxmResult r) {
    return r.resumes() == 0 ? r.entriesWritten() : Graph.entries(m);
  }
}
