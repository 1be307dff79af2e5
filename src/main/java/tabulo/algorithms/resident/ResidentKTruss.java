package tabulo.algorithms.resident;

import java.util.Arrays;

import tabulo.algorithms.IterationListener;
import tabulo.algorithms.KTruss;
import tabulo.ops.Matrix;
import tabulo.ops.Session;

/**
 * {@link KTruss}'s iterations over the arrays of G's undirected graph: each round marks every vertex u's
 * live neighbours, counts an edge (u, v)'s support as the marked vertices among v's live neighbours (each
 * edge once, its reverse given the same count), and drops the edges below k-2, by the same stopping rule;
 * the truss's edges are then written in key order, each with its support.
 */
public final class ResidentKTruss {
  private ResidentKTruss() {}

  /** The k-truss of {@code g} (read from {@code table}) into the new table {@code out}. */
  public static Matrix run(ResidentGraph g, int k, Matrix table, String out, IterationListener listener) {
    Session s = table.session();
    ResidentGraph a = g.undirected();
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
      listener.iteration(iteration, edges - left, left);
      if (k == 3 || left == edges) { // as the table version stops (k = 3: see KTruss)
        break;
      }
      edges = left;
    }
    a.publishEdges(s, out, "ktruss", table.table(), e -> alive[e] ? s.codec().encode(support[e]) : null);
    return s.matrix(out);
  }
}
