package tabulo.algorithms.resident;

import java.util.Arrays;

import tabulo.algorithms.PageRank;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.storage.TabuloException;

/**
 * {@link PageRank}'s power iteration over G's arrays: each round pushes every vertex's damped share
 * d r(u) / outdeg(u) along its out-edges, sums the rank of the dangling vertices (no out-edge) to spread it
 * evenly, adds the base (1-d)/N and sums |r' - r| for the same stopping rule; the ranks are then written
 * in key order. The vertices of {@link PageRank.Options#vertices} join G's as vertices without edges.
 */
public final class ResidentPageRank {
  private ResidentPageRank() {}

  /** The ranks of {@code g} (read from {@code table}) into the new table {@code out}. */
  public static PageRank.Result run(ResidentGraph held, Matrix table, String out, PageRank.Options o) {
    Session s = table.session();
    ResidentGraph g = o.vertices() == null ? held : held.withVerticesOf(s, o.vertices());
    int n = g.vertices();
    int[] offsets = g.offsets();
    int[] targets = g.targets();
    double d = o.damping();
    double[] r = new double[n];
    double[] next = new double[n];
    Arrays.fill(r, 1.0 / n);
    double change = Double.NaN;
    int iterations = 0;
    boolean converged = n == 0;
    while (!converged && iterations < o.maxIterations()) {
      if (o.cancelled().getAsBoolean()) {
        throw new TabuloException("pagerank: cancelled at iteration " + (iterations + 1));
      }
      double dangling = 0;
      Arrays.fill(next, 0);
      for (int u = 0; u < n; u++) {
        int from = offsets[u];
        int to = offsets[u + 1];
        if (from == to) {
          dangling += r[u];
          continue;
        }
        double share = d * r[u] / (to - from);
        for (int k = from; k < to; k++) {
          next[targets[k]] += share;
        }
      }
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
    double[] ranks = r;
    g.publishVector(s, out, "pagerank", table.table(), PageRank.COLUMN, v -> s.codec().encode(ranks[v]));
    return new PageRank.Result(iterations, n == 0 ? 0 : change, converged, n);
  }
}
