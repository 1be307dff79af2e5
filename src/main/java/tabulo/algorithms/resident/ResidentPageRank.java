package tabulo.algorithms.resident;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tabulo.algorithms.PageRank;
import tabulo.kernel.Tasks;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.storage.TabuloException;

/**
 * {@link PageRank}'s power iteration over G's arrays: each round every vertex v gathers the damped shares
 * d r(u) / outdeg(u) of its in-neighbours u (over G^T, in u's order: the sum a push along each u's
 * out-edges in id order makes, to the last bit), stretches of vertices on the session's workers; the rank
 * of the dangling vertices (no out-edge) is summed to spread it evenly, the base (1-d)/N added and
 * |r' - r| summed, in id order, for the same stopping rule; the ranks are then written in key order. The
 * vertices of {@link PageRank.Options#vertices} join G's as vertices without edges.
 */
public final class ResidentPageRank {
  private ResidentPageRank() {}

  /** The ranks of every vertex, and how the rounds ended. */
  public record Ranks(VertexValues ranks, PageRank.Result result) {}

  /** The ranks of {@code g} (read from {@code table}) into the new table {@code out}. */
  public static PageRank.Result run(ResidentGraph held, Matrix table, String out, PageRank.Options o) {
    Ranks r = ranks(held, table, o);
    r.ranks().publish(table.session(), out, "pagerank", table.table(), PageRank.COLUMN);
    return r.result();
  }

  /** The ranks of {@code g} (read from {@code table}). */
  public static Ranks ranks(ResidentGraph held, Matrix table, PageRank.Options o) {
    Session s = table.session();
    ResidentGraph g = o.vertices() == null ? held : held.withVerticesOf(s, o.vertices());
    int n = g.vertices();
    int[] offsets = g.offsets();
    ResidentGraph in = g.transposed();
    int[] inOffsets = in.offsets();
    int[] sources = in.targets();
    List<int[]> stretches = in.edgeStretches(Math.max(1, s.workers()));
    double d = o.damping();
    double[] r = new double[n];
    double[] next = new double[n];
    double[] share = new double[n]; // d r(u) / outdeg(u), 0 for a dangling u
    Arrays.fill(r, 1.0 / n);
    double change = Double.NaN;
    int iterations = 0;
    boolean converged = n == 0;
    while (!converged && iterations < o.maxIterations()) {
      if (o.cancelled().getAsBoolean()) {
        throw new TabuloException("pagerank: cancelled at iteration " + (iterations + 1));
      }
      double dangling = 0;
      for (int u = 0; u < n; u++) {
        int degree = offsets[u + 1] - offsets[u];
        if (degree == 0) {
          dangling += r[u];
          share[u] = 0;
        } else {
          share[u] = d * r[u] / degree;
        }
      }
      double[] gathered = next;
      List<Runnable> parts = new ArrayList<>();
      for (int[] stretch : stretches) {
        parts.add(() -> {
          for (int v = stretch[0]; v < stretch[1]; v++) {
            double sum = 0;
            for (int k = inOffsets[v]; k < inOffsets[v + 1]; k++) {
              sum += share[sources[k]];
            }
            gathered[v] = sum;
          }
        });
      }
      Tasks.runAll(s.workers(), "tabulo-pagerank", parts);
      double base = (1 - d) / n + d * dangling / n;
      change = 0;
      for (int v = 0; v < n; v++) {
        next[v] += base;
        change += Math.abs(next[v] - r[v]);
      }
      double[] t = r;
      r = next;
      next = t;
      iterations++;
      o.listener().iteration(iterations, change);
      converged = change < n * o.tolerance();
    }
    return new Ranks(VertexValues.numbers(g, r, null),
        new PageRank.Result(iterations, n == 0 ? 0 : change, converged, n));
  }
}
