package tabulo.algorithms.resident;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import tabulo.algorithms.IterationListener;
import tabulo.algorithms.ShortestPaths;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.storage.TabuloException;

/**
 * {@link ShortestPaths}'s Bellman-Ford over G's arrays, round for round: d = {source: 0}, the frontier the
 * source; each round relaxes the frontier's out-edges with the distances they had at the round's start
 * (t(v) = min over frontier u of d(u) + w(u, v)), the next frontier is the vertices whose distance t
 * improved (t(v) &lt; d(v), or v not reached yet), d = d min t; until a round improves nothing. A round still
 * improving after |V| rounds is a negative cycle: an error, nothing written. Edge values are the lengths,
 * so it takes only a graph whose every value the codec reads as a finite number ({@link #handles}); the
 * others are computed in tables, where they meet the table operations' rules.
 */
public final class ResidentShortestPaths {
  private ResidentShortestPaths() {}

  /** Whether {@code g} was read with its values and every one is a finite number. */
  public static boolean handles(ResidentGraph g) {
    double[] w = g.weights();
    if (w == null) {
      return false;
    }
    for (double x : w) {
      if (!Double.isFinite(x)) {
        return false;
      }
    }
    return true;
  }

  /** Distances from vertex {@code from} of {@code g} (read from {@code table}) into the new table {@code out}. */
  public static int run(ResidentGraph g, Matrix table, String from, String out, IterationListener listener) {
    Session s = table.session();
    int source = g.find(from.getBytes(StandardCharsets.UTF_8));
    if (source < 0) {
      throw new TabuloException("--from=" + from + " is no vertex of " + table.table());
    }
    int n = g.vertices();
    int[] offsets = g.offsets();
    int[] targets = g.targets();
    double[] weights = g.weights();
    double[] d = new double[n];
    boolean[] reached = new boolean[n];
    int[] inNext = new int[n]; // the round that put v in the next frontier (0: none yet)
    int[] frontier = {source};
    int size = 1;
    double[] start = new double[1]; // the frontier's distances at the round's start
    int[] next = new int[16];
    reached[source] = true;
    for (int round = 1;; round++) {
      s.checkCancelled();
      if (start.length < size) {
        start = new double[frontier.length];
      }
      for (int i = 0; i < size; i++) {
        start[i] = d[frontier[i]];
      }
      int found = 0;
      for (int i = 0; i < size; i++) {
        int u = frontier[i];
        double du = start[i];
        for (int k = offsets[u]; k < offsets[u + 1]; k++) {
          int v = targets[k];
          double candidate = du + weights[k];
          if (!reached[v] || candidate < d[v]) {
            reached[v] = true;
            d[v] = candidate;
            if (inNext[v] != round) {
              inNext[v] = round;
              if (found == next.length) {
                next = Arrays.copyOf(next, Math.min(2 * found, n));
              }
              next[found++] = v;
            }
          }
        }
      }
      listener.iteration(round, found);
      if (found == 0) {
        g.publishVector(s, out, "sssp", table.table(), ShortestPaths.COLUMN,
            v -> reached[v] ? s.codec().encode(d[v]) : null);
        return round;
      }
      if (round >= n) {
        throw new TabuloException("sssp: " + table.table() + " has a negative cycle reachable from " + from
            + " (distances still shrink after " + n + " rounds); " + out + " was not written");
      }
      int[] t = frontier;
      frontier = next;
      next = t.length >= 16 ? t : new int[16];
      size = found;
    }
  }
}
