package tabulo.algorithms.resident;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tabulo.algorithms.Clustering;
import tabulo.kernel.Tasks;
import tabulo.ops.Matrix;
import tabulo.ops.Session;

/**
 * {@link Clustering}'s coefficients over G's arrays. Every triangle {u, v, w} of the undirected graph A
 * (G ∪ G^T, self-loops aside) is found once: A's edges are turned from the lower to the higher of their
 * ends by (degree, id), and for each vertex u its higher neighbours are marked, then for each of them v,
 * v's higher neighbours that are marked close a triangle (a hub's neighbour list is walked only from its
 * few higher neighbours). A triangle adds to each corner the links between the other two: 2 undirected
 * (each triangle is seen twice in a row sum of A (plus.pair) A), and with {@code directed} G's edges
 * between them, 0 to 2. Then lcc(v) = links(v) / (d(d-1)), d = v's degree in A, for every vertex with a
 * neighbour (0 without a triangle); stretches of vertices of about equal work on the session's workers.
 */
public final class ResidentClustering {
  private ResidentClustering() {}

  /** The coefficients of {@code g} (read from {@code table}) into the new table {@code out}. */
  public static void run(ResidentGraph g, Matrix table, String out, boolean directed) {
    coefficients(g, table.session(), directed).publish(table.session(), out, "lcc", table.table(), Clustering.COLUMN);
  }

  /** The coefficients of {@code g}'s vertices with a neighbour (none for the others: self-loops at most). */
  public static VertexValues coefficients(ResidentGraph g, Session s, boolean directed) {
    ResidentGraph a = g.undirected();
    int n = a.vertices();
    int[] off = a.offsets();
    Oriented up = orient(a, directed ? g : null);
    long[] links = new long[n];
    List<int[]> stretches = up.stretches(4 * Math.max(1, s.workers()));
    List<long[]> parts = new ArrayList<>();
    List<Runnable> tasks = new ArrayList<>();
    for (int[] stretch : stretches) {
      long[] part = new long[n];
      parts.add(part);
      tasks.add(() -> count(up, directed, stretch[0], stretch[1], part));
    }
    Tasks.runAll(s.workers(), "tabulo-clustering", tasks);
    s.checkCancelled();
    for (long[] part : parts) {
      for (int v = 0; v < n; v++) {
        links[v] += part[v];
      }
    }
    double[] c = new double[n];
    boolean[] has = new boolean[n];
    for (int v = 0; v < n; v++) {
      long d = off[v + 1] - off[v];
      has[v] = d != 0; // no neighbour (self-loops at most): no value
      c[v] = links[v] == 0 ? 0 : links[v] / ((double) d * (double) (d - 1));
    }
    return VertexValues.numbers(g, c, has);
  }

  /**
   * A's edges from the lower end to the higher by (degree, id), and with G given each one's code: bit 0
   * G holds lower → higher, bit 1 higher → lower.
   */
  private record Oriented(int[] offsets, int[] targets, byte[] codes) {
    /** Vertex ranges of about equal work (each higher neighbour's own list), at most {@code count}. */
    List<int[]> stretches(int count) {
      int n = offsets.length - 1;
      long total = 0;
      for (int t : targets) {
        total += offsets[t + 1] - offsets[t];
      }
      List<int[]> out = new ArrayList<>();
      long done = 0;
      int from = 0;
      for (int u = 0; u < n; u++) {
        for (int k = offsets[u]; k < offsets[u + 1]; k++) {
          done += offsets[targets[k] + 1] - offsets[targets[k]];
        }
        if (done * count >= total * (out.size() + 1) && u + 1 < n) {
          out.add(new int[] {from, u + 1});
          from = u + 1;
        }
      }
      out.add(new int[] {from, n});
      return out;
    }
  }

  private static Oriented orient(ResidentGraph a, ResidentGraph g) {
    int n = a.vertices();
    int[] off = a.offsets();
    int[] adj = a.targets();
    int[] count = new int[n + 1];
    for (int u = 0; u < n; u++) {
      for (int k = off[u]; k < off[u + 1]; k++) {
        count[u + 1] += higher(off, u, adj[k]) ? 1 : 0;
      }
    }
    for (int u = 0; u < n; u++) {
      count[u + 1] += count[u];
    }
    int[] targets = new int[count[n]];
    byte[] codes = g == null ? null : new byte[count[n]];
    boolean[] inG = g == null ? null : inG(a, g);
    for (int u = 0, e = 0; u < n; u++) {
      for (int k = off[u]; k < off[u + 1]; k++) {
        int v = adj[k];
        if (higher(off, u, v)) {
          if (codes != null) { // A's lists are sorted: u's place in v's list by binary search
            int back = Arrays.binarySearch(adj, off[v], off[v + 1], u);
            codes[e] = (byte) ((inG[k] ? 1 : 0) | (inG[back] ? 2 : 0));
          }
          targets[e++] = v;
        }
      }
    }
    return new Oriented(count, targets, codes);
  }

  /** For each entry of A's lists, u's entry v: whether G holds u → v. */
  private static boolean[] inG(ResidentGraph a, ResidentGraph g) {
    int[] off = a.offsets();
    int[] adj = a.targets();
    int[] gOff = g.offsets();
    int[] gAdj = g.targets();
    int[] mark = new int[a.vertices()];
    Arrays.fill(mark, -1);
    boolean[] in = new boolean[adj.length];
    for (int u = 0; u < mark.length; u++) {
      for (int k = gOff[u]; k < gOff[u + 1]; k++) {
        mark[gAdj[k]] = u;
      }
      for (int k = off[u]; k < off[u + 1]; k++) {
        in[k] = mark[adj[k]] == u;
      }
    }
    return in;
  }

  /** Whether v ranks above u: a larger degree in A, or the same and a larger id. */
  private static boolean higher(int[] off, int u, int v) {
    int du = off[u + 1] - off[u];
    int dv = off[v + 1] - off[v];
    return dv > du || dv == du && v > u;
  }

  /** Adds to {@code links} what the triangles whose lowest corner lies in [from, to) give each corner. */
  private static void count(Oriented up, boolean directed, int from, int to, long[] links) {
    int[] off = up.offsets();
    int[] adj = up.targets();
    byte[] codes = up.codes();
    int[] mark = new int[off.length - 1];
    byte[] markCode = directed ? new byte[mark.length] : null;
    Arrays.fill(mark, -1);
    for (int u = from; u < to; u++) {
      for (int k = off[u]; k < off[u + 1]; k++) {
        mark[adj[k]] = u;
        if (directed) {
          markCode[adj[k]] = codes[k];
        }
      }
      for (int k = off[u]; k < off[u + 1]; k++) {
        int v = adj[k];
        for (int j = off[v]; j < off[v + 1]; j++) {
          int w = adj[j];
          if (mark[w] == u) { // the triangle u < v < w
            if (directed) {
              links[u] += Integer.bitCount(codes[j]); // G's edges between v and w
              links[v] += Integer.bitCount(markCode[w]); // between u and w
              links[w] += Integer.bitCount(codes[k]); // between u and v
            } else {
              links[u] += 2;
              links[v] += 2;
              links[w] += 2;
            }
          }
        }
      }
    }
  }
}
