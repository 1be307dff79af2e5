package tabulo.algorithms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import tabulo.kernel.Tasks;
import tabulo.math.BinaryOps;
import tabulo.math.EncodeCache;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.ResidentGraph;
import tabulo.ops.Session;
import tabulo.ops.Select;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.SortedLoader;

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
    ResidentGraph held = ResidentGraph.loadFor(g, out);
    if (held != null) {
      return inMemory(held.undirected(), g, out.table());
    }
    Matrix a = Graph.undirected(g);
    Matrix degrees = a.reduceRows(Monoids.PLUS, Degrees.COLUMN).temporary(); // A's values are all 1
    return a.mxm(a, MxmOptions.defaults().semiring(Semirings.PLUS_PAIR).strictlyUpper(true).jaccard(degrees.table()))
        .into(out);
  }

  /** The fused computation over A's arrays, written by stretches of vertices in parallel. */
  private static Matrix inMemory(ResidentGraph a, Matrix g, String out) {
    Session s = g.session();
    ResidentGraph.publish(s, out, "jaccard", g.table(), staged -> {
      AtomicLong written = new AtomicLong();
      List<Runnable> parts = new ArrayList<>();
      for (int[] stretch : a.stretches(4 * Math.max(1, s.workers()))) {
        parts.add(() -> {
          s.checkCancelled();
          try (SortedLoader loader = s.store().bulkLoad(staged)) {
            written.addAndGet(rows(a, stretch[0], stretch[1], loader, new EncodeCache(s.codec())));
          }
        });
      }
      Tasks.runAll(s.workers(), "tabulo-jaccard", parts);
      return written.get();
    });
    return s.matrix(out);
  }

  /** Vertices [from, to)'s cells J(u, v), v &gt; u, in key order into {@code loader}; returns how many. */
  private static long rows(ResidentGraph a, int from, int to, SortedLoader loader, EncodeCache values) {
    int[] off = a.offsets();
    int[] adj = a.targets();
    int[] common = new int[a.vertices()];
    int[] touched = new int[a.vertices()];
    byte[] empty = new byte[0];
    long cells = 0;
    for (int u = from; u < to; u++) {
      int t = 0;
      for (int k = off[u]; k < off[u + 1]; k++) {
        int w = adj[k];
        for (int j = off[w + 1] - 1; j >= off[w] && adj[j] > u; j--) { // w's neighbours above u, from the top
          if (common[adj[j]]++ == 0) {
            touched[t++] = adj[j];
          }
        }
      }
      Arrays.sort(touched, 0, t);
      int du = off[u + 1] - off[u];
      for (int i = 0; i < t; i++) {
        int v = touched[i];
        int c = common[v];
        common[v] = 0;
        double j = (double) c / (du + off[v + 1] - off[v] - c);
        loader.append(a.key(u), empty, a.key(v), empty, 0, values.encode(j));
      }
      cells += t;
    }
    return cells;
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
