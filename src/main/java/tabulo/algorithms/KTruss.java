package tabulo.algorithms;

import java.util.Arrays;

import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.math.UnaryOps;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.ResidentGraph;
import tabulo.ops.Session;
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
 *
 * <p>For k = 3 one iteration is the answer: it removes only edges in no triangle, and removing those
 * changes no other edge's triangle count, so a second iteration would remove nothing. That iteration is
 * computed straight into OUT (when OUT is a plain new table), not into a temporary copied afterwards.
 *
 * <p>Where the kernels run in this process and OUT is a plain new table, G's structure is read once into
 * arrays ({@link ResidentGraph}) and the same iterations run there: each edge's support counted by marking
 * one end's neighbours and scanning the other's, the edges below k-2 dropped, by the same stopping rule. A
 * labelled graph, a mask or accumulator, and Accumulo's tablet servers use the operations above.
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
    ResidentGraph held = ResidentGraph.loadFor(g, out);
    if (held != null) {
      return inMemory(held.undirected(), k, g, out.table(), listener);
    }
    Matrix a = Graph.undirected(g);
    long edges = Math.round(a.reduce(Monoids.PLUS)); // A's values are all 1: the sum counts its entries
    boolean plainOut = out.mask() == null && out.accum() == null;
    for (int iteration = 1;; iteration++) {
      boolean last = k == 3; // the keep drops only edges in no triangle: see the class comment
      Mxm support = Mxm.of(a, a, MxmOptions.defaults().semiring(Semirings.PLUS_PAIR).keep(BinaryOps.GE, k - 2));
      Target into = last && plainOut ? out : Target.temporary();
      Matrix kept = support.into(into.mask(Mask.of(a).structure()));
      long left = entries(kept, support.result());
      listener.ended(iteration, left, edges - left);
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

  /** The iterations over the undirected graph's arrays, then the truss's edges into OUT. */
  private static Matrix inMemory(ResidentGraph a, int k, Matrix g, String out, Iterations listener) {
    Session s = g.session();
    int[] offsets = a.offsets();
    int[] targets = a.targets();
    boolean[] alive = new boolean[targets.length];
    Arrays.fill(alive, true);
    int[] support = new int[targets.length];
    int[] mark = new int[a.vertices()];
    long edges = targets.length;
    for (int iteration = 1;; iteration++) {
      s.checkCancelled();
      Arrays.fill(support, 0);
      Arrays.fill(mark, -1); // marks are vertex numbers: an earlier iteration's must not match
      for (int u = 0; u < a.vertices(); u++) {
        for (int e = offsets[u]; e < offsets[u + 1]; e++) {
          if (alive[e]) {
            mark[targets[e]] = u; // u's neighbours, to be met again from each neighbour v's list
          }
        }
        for (int e = offsets[u]; e < offsets[u + 1]; e++) {
          int v = targets[e];
          if (alive[e] && v > u) { // each edge once; its reverse gets the same support
            int common = 0;
            for (int f = offsets[v]; f < offsets[v + 1]; f++) {
              if (alive[f] && mark[targets[f]] == u) {
                common++;
              }
            }
            support[e] = common;
            support[Arrays.binarySearch(targets, offsets[v], offsets[v + 1], u)] = common;
          }
        }
      }
      long left = 0;
      for (int e = 0; e < targets.length; e++) {
        if (alive[e] && support[e] < k - 2) {
          alive[e] = false;
        }
        left += alive[e] ? 1 : 0;
      }
      listener.ended(iteration, left, edges - left);
      if (k == 3 || left == edges) { // as the operations do (k = 3: see the class comment)
        break;
      }
      edges = left;
    }
    a.publishEdges(s, out, "ktruss", g.table(), e -> alive[e] ? s.codec().encode(support[e]) : null);
    return s.matrix(out);
  }

  /**
   * The entries of the support just computed: the cells its kernel wrote (one per key: the fused keep folds
   * a cell's labelled parts), unless a unit ran twice (a resumed kernel), when they are counted again.
   */
  private static long entries(Matrix m, MxmResult r) {
    return r.resumes() == 0 ? r.entriesWritten() : Graph.entries(m);
  }
}
