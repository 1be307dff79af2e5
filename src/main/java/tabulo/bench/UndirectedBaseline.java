package tabulo.bench;

import java.util.Arrays;

import tabulo.bench.AlgorithmsBaseline.Csr;

/**
 * The single-thread CSR baselines of the algorithms on the undirected graph (triangles, Jaccard, k-truss),
 * as a competent programmer would write them: the structure of G ∪ G^T without self-loops as sorted,
 * duplicate-free adjacency lists, then a marker array per vertex instead of hash sets.
 */
final class UndirectedBaseline {
  private UndirectedBaseline() {}

  /** The undirected structure of {@code g}: both directions, no self-loop, each list sorted and unique. */
  static Csr undirected(Csr g) {
    int n = g.n();
    int[] count = new int[n + 1];
    for (int u = 0; u < n; u++) {
      for (int k = g.offsets()[u]; k < g.offsets()[u + 1]; k++) {
        int v = g.targets()[k];
        if (u != v) {
          count[u + 1]++;
          count[v + 1]++;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      count[i + 1] += count[i];
    }
    int[] fill = Arrays.copyOf(count, n);
    int[] adj = new int[count[n]];
    for (int u = 0; u < n; u++) {
      for (int k = g.offsets()[u]; k < g.offsets()[u + 1]; k++) {
        int v = g.targets()[k];
        if (u != v) {
          adj[fill[u]++] = v;
          adj[fill[v]++] = u;
        }
      }
    }
    int[] off = new int[n + 1];
    int out = 0;
    for (int u = 0; u < n; u++) { // sort and drop duplicates in place, compacting
      Arrays.sort(adj, count[u], count[u + 1]);
      off[u] = out;
      for (int k = count[u]; k < count[u + 1]; k++) {
        if (k == count[u] || adj[k] != adj[k - 1]) {
          adj[out++] = adj[k];
        }
      }
    }
    off[n] = out;
    return new Csr(g.keys(), off, Arrays.copyOf(adj, out));
  }

  /** Triangles, each once (corners w &lt; v &lt; u): a marker per u over its smaller neighbours. */
  static long triangles(Csr a) {
    int[] mark = new int[a.n()];
    Arrays.fill(mark, -1);
    long count = 0;
    for (int u = 0; u < a.n(); u++) {
      for (int k = a.offsets()[u]; k < a.offsets()[u + 1] && a.targets()[k] < u; k++) {
        mark[a.targets()[k]] = u;
      }
      for (int k = a.offsets()[u]; k < a.offsets()[u + 1] && a.targets()[k] < u; k++) {
        int v = a.targets()[k];
        for (int j = a.offsets()[v]; j < a.offsets()[v + 1] && a.targets()[j] < v; j++) {
          if (mark[a.targets()[j]] == u) {
            count++;
          }
        }
      }
    }
    return count;
  }

  /**
   * A sparse result by rows: row u's cells are {@code cols/vals[offsets[u] .. offsets[u+1])}, by column; the
   * arrays may be longer than {@code offsets[n]}.
   */
  record Sparse(int[] offsets, int[] cols, double[] vals) {}

  /** Jaccard of u &lt; v sharing a neighbour: counts of common neighbours in a dense array per u. */
  static Sparse jaccard(Csr a) {
    int n = a.n();
    int[] common = new int[n];
    int[] touched = new int[n];
    int[] off = new int[n + 1];
    int[] cols = new int[1 << 16];
    double[] vals = new double[1 << 16];
    int size = 0;
    for (int u = 0; u < n; u++) {
      int t = 0;
      for (int k = a.offsets()[u]; k < a.offsets()[u + 1]; k++) {
        int w = a.targets()[k];
        for (int j = a.offsets()[w + 1] - 1; j >= a.offsets()[w] && a.targets()[j] > u; j--) {
          int v = a.targets()[j];
          if (common[v]++ == 0) {
            touched[t++] = v;
          }
        }
      }
      Arrays.sort(touched, 0, t);
      if (size + t > cols.length) { // by half, not doubled: at SCALE 16 the result has 178M pairs
        long grown = Math.max(cols.length + (long) cols.length / 2, (long) size + t);
        cols = Arrays.copyOf(cols, (int) Math.min(Integer.MAX_VALUE - 8, grown));
        vals = Arrays.copyOf(vals, cols.length);
      }
      for (int i = 0; i < t; i++) {
        int v = touched[i];
        int c = common[v];
        common[v] = 0;
        cols[size] = v;
        vals[size++] = (double) c / (a.degree(u) + a.degree(v) - c);
      }
      off[u + 1] = size;
    }
    return new Sparse(off, cols, vals); // not trimmed: offsets bound the rows, and a copy would need the room again
  }

  /**
   * The k-truss by rounds as LAGraph: each round counts every edge's triangles among the edges left, then
   * drops those in fewer than k-2; until a round drops none, or drops only edges in no triangle (which
   * changes no other edge's count, so the next round would drop none: at k = 3 the first round is the last). The support of each kept edge (both
   * directions) in {@link Sparse} form over {@code a}'s edge positions; removed edges have NaN.
   */
  static Sparse kTruss(Csr a, int k) {
    int n = a.n();
    int[] off = a.offsets();
    int[] adj = a.targets();
    boolean[] alive = new boolean[adj.length];
    Arrays.fill(alive, true);
    int[] support = new int[adj.length];
    int[] mark = new int[n];
    Arrays.fill(mark, -1);
    int stamp = 0; // a new one per vertex and round: marks of an earlier round never match
    boolean changed = true; // a round dropped an edge in some triangle
    while (changed) {
      Arrays.fill(support, 0);
      for (int u = 0; u < n; u++) {
        stamp++;
        for (int e = off[u]; e < off[u + 1]; e++) {
          if (alive[e]) {
            mark[adj[e]] = stamp;
          }
        }
        for (int e = off[u]; e < off[u + 1]; e++) {
          int v = adj[e];
          if (!alive[e] || v < u) {
            continue;
          }
          int s = 0;
          for (int f = off[v]; f < off[v + 1]; f++) {
            if (alive[f] && mark[adj[f]] == stamp) {
              s++;
            }
          }
          support[e] = s;
          support[reverse(a, v, u)] = s;
        }
      }
      changed = false;
      for (int e = 0; e < adj.length; e++) {
        if (alive[e] && support[e] < k - 2) {
          alive[e] = false;
          changed |= support[e] > 0;
        }
      }
    }
    double[] vals = new double[adj.length];
    for (int e = 0; e < adj.length; e++) {
      vals[e] = alive[e] ? support[e] : Double.NaN;
    }
    return new Sparse(off, adj, vals);
  }

  /** The position of edge (v, u) in v's sorted list. */
  private static int reverse(Csr a, int v, int u) {
    return Arrays.binarySearch(a.targets(), a.offsets()[v], a.offsets()[v + 1], u);
  }
}
