package tabulo.algorithms.resident;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import tabulo.algorithms.Jaccard;
import tabulo.kernel.Tasks;
import tabulo.math.EncodeCache;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.storage.SortedLoader;

/**
 * {@link Jaccard}'s fused computation over the arrays of G's undirected graph (no undirected table, no
 * degree vector): per vertex u, the neighbours v &gt; u of u's neighbours counted in a dense array, each
 * count c finished as c / (d(u) + d(v) - c) and written in key order; stretches of vertices of about equal
 * work on the session's workers, each written by its own bulk load.
 */
public final class ResidentJaccard {
  private ResidentJaccard() {}

  /** J(u, v) for u &lt; v of {@code g} (read from {@code table}) into the new table {@code out}. */
  public static Matrix run(ResidentGraph g, Matrix table, String out) {
    Session s = table.session();
    ResidentGraph a = g.undirected();
    ResidentGraph.publish(s, out, "jaccard", table.table(), staged -> {
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
}
