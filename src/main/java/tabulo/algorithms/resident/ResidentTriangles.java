package tabulo.algorithms.resident;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tabulo.kernel.Tasks;
import tabulo.ops.Session;

/**
 * {@link tabulo.algorithms.Triangles#count}'s count over the arrays of G's undirected graph: per vertex u
 * its smaller neighbours marked, then for each of them v, v's smaller neighbours that are marked (each
 * triangle once, at its largest corner); stretches of vertices of about equal work on the session's
 * workers.
 */
public final class ResidentTriangles {
  private ResidentTriangles() {}

  /** The number of triangles of {@code g}'s undirected graph. */
  public static long count(ResidentGraph g, Session s) {
    ResidentGraph a = g.undirected();
    List<int[]> stretches = a.stretches(4 * Math.max(1, s.workers()));
    long[] counts = new long[stretches.size()];
    List<Runnable> parts = new ArrayList<>();
    for (int p = 0; p < counts.length; p++) {
      int piece = p;
      parts.add(() -> counts[piece] = count(a, stretches.get(piece)[0], stretches.get(piece)[1]));
    }
    Tasks.runAll(s.workers(), "tabulo-triangles", parts);
    s.checkCancelled();
    return Arrays.stream(counts).sum();
  }

  /** Triangles whose largest corner (by id) is in [from, to). */
  private static long count(ResidentGraph a, int from, int to) {
    int[] off = a.offsets();
    int[] adj = a.targets();
    int[] mark = new int[a.vertices()];
    Arrays.fill(mark, -1);
    long count = 0;
    for (int u = from; u < to; u++) {
      for (int k = off[u]; k < off[u + 1] && adj[k] < u; k++) {
        mark[adj[k]] = u;
      }
      for (int k = off[u]; k < off[u + 1] && adj[k] < u; k++) {
        int v = adj[k];
        for (int j = off[v]; j < off[v + 1] && adj[j] < v; j++) {
          count += mark[adj[j]] == u ? 1 : 0;
        }
      }
    }
    return count;
  }
}
