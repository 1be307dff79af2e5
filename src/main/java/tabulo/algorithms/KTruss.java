package tabulo.algorithms;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.ResidentKTruss;
import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.math.UnaryOps;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.Target;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmResult;

/**
 * The k-truss of G's undirected graph: the largest subgraph whose every edge lies in at least k-2 of its
 * triangles. LAGraph's {@code LAGraph_KTruss} (Davis's formulation): repeat C&lt;A&gt; = A (plus.pair) A
 * (the support of each edge, the mask applied in the multiply's kernel), A = select(C &gt;= k-2), until an
 * iteration removes no edge. The select is fused into the multiply's kernel ({@link MxmOptions#select}: an
 * edge below the support is never written) and the edges left are the kernel's count of cells written,
 * so an iteration is one pass. The result holds every truss edge in both directions, its value the number
 * of triangles of the truss containing it.
 *
 * <p>For k = 3 one iteration is the answer: it removes only edges in no triangle, and removing those
 * changes no other edge's triangle count, so a second iteration would remove nothing. That iteration is
 * computed straight into OUT (when OUT is a plain new table), not into a temporary copied afterwards.
 *
 * <p>Where G can be held in memory ({@link Resident}), {@link ResidentKTruss} runs the same iterations over
 * its arrays instead.
 */
public final class KTruss {
  /**
   * Each truss edge lies in at least k-2 of its triangles (k at least 3); {@code listener} hears each
   * iteration, the edges it removed as its change and the edges left (each direction counted).
   */
  public record Options(int k, IterationListener listener) {
    public static Options defaults() {
      return new Options(3, IterationListener.NONE);
    }

    public Options k(int k) {
      return new Options(k, listener);
    }

    public Options listener(IterationListener l) {
      return new Options(k, l);
    }
  }

  private KTruss() {}

  public static Matrix run(Matrix g, Target out, Options o) {
    int k = o.k();
    if (k < 3) {
      throw new IllegalArgumentException("k must be at least 3 (the 2-truss is the graph itself), got " + k);
    }
    ResidentGraph held = Resident.graphFor(g, out);
    if (held != null) {
      return ResidentKTruss.run(held, k, g, out.table(), o.listener());
    }
    Matrix a = Graph.undirected(g);
    long edges = Math.round(a.reduce(Monoids.PLUS)); // A's values are all 1: the sum counts its entries
    boolean plainOut = Output.plain(out);
    for (int iteration = 1;; iteration++) {
      boolean last = k == 3; // the select drops only edges in no triangle: see the class comment
      Mxm support = Mxm.of(a, a, MxmOptions.defaults().semiring(Semirings.PLUS_PAIR).select(BinaryOps.GE, k - 2));
      Target into = last && plainOut ? out : Target.temporary();
      Matrix kept = support.into(into.mask(Mask.of(a).structure()));
      long left = entries(kept, support.result());
      o.listener().iteration(iteration, edges - left, left);
      g.session().release(a); // each iterate is only needed for the next: the session keeps none of them
      if (last && plainOut) {
        return kept;
      }
      if (last || left == edges) {
        return kept.apply(UnaryOps.IDENTITY).into(out); // kept's values are the truss's supports
      }
      a = kept; // plus.pair reads only its structure
      edges = left;
    }
  }

  /**
   * The entries of the support just computed: the cells its kernel wrote (one per key: the fused select folds
   * a cell's labelled parts), unless a unit ran twice (a resumed kernel), when they are counted again.
   */
  private static long entries(Matrix m, MxmResult r) {
    return r.resumes() == 0 ? r.entriesWritten() : m.nvals();
  }
}
