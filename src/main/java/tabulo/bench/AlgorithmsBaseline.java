package tabulo.bench;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;

/**
 * The single-thread in-memory baselines of the directed algorithms of the benchmark (the COST baseline):
 * the graph read from its table once into CSR arrays, then plain array loops, as a competent programmer
 * would write them. The read is part of the time, as it is for the tables. Vertex ids follow key order
 * (id i is {@code keys[i]}), so "the smallest key" is "the smallest id".
 */
public final class AlgorithmsBaseline {
  private AlgorithmsBaseline() {}

  /** A graph as CSR: the edges of vertex i go to {@code targets[offsets[i] .. offsets[i+1])}. */
  record Csr(String[] keys, int[] offsets, int[] targets) {
    int n() {
      return keys.length;
    }

    int degree(int v) {
      return offsets[v + 1] - offsets[v];
    }

    /** The id of {@code key}, or -1 when it is no vertex. */
    int id(String key) {
      int i = Arrays.binarySearch(keys, key);
      return i < 0 ? -1 : i;
    }
  }

  /** Reads table {@code g} (row = source, qualifier = target) into CSR with ids in key order. */
  static Csr read(Store store, String g) {
    Map<String, Integer> ids = new HashMap<>();
    int[] sources = new int[1 << 16];
    int[] targets = new int[1 << 16];
    int edges = 0;
    String lastRow = null;
    int row = -1;
    try (Scan scan = store.scan(g, ScanSpec.all())) {
      for (Entry<Key, Value> e : scan) {
        String r = e.getKey().getRow().toString();
        if (!r.equals(lastRow)) {
          row = ids.computeIfAbsent(r, k -> ids.size());
          lastRow = r;
        }
        if (edges == targets.length) {
          targets = Arrays.copyOf(targets, edges * 2);
          sources = Arrays.copyOf(sources, edges * 2);
        }
        sources[edges] = row;
        targets[edges++] = ids.computeIfAbsent(e.getKey().getColumnQualifier().toString(), k -> ids.size());
      }
    }
    String[] keys = new String[ids.size()];
    ids.forEach((k, i) -> keys[i] = k);
    Arrays.sort(keys);
    int[] rank = new int[keys.length]; // first-sight id -> key-order id
    for (int i = 0; i < keys.length; i++) {
      rank[ids.get(keys[i])] = i;
    }
    int[] off = new int[keys.length + 1];
    for (int k = 0; k < edges; k++) {
      off[rank[sources[k]] + 1]++;
    }
    for (int i = 0; i < keys.length; i++) {
      off[i + 1] += off[i];
    }
    int[] fill = Arrays.copyOf(off, keys.length);
    int[] tgt = new int[edges];
    for (int k = 0; k < edges; k++) { // a row's cells come in column order, and ids follow key order
      tgt[fill[rank[sources[k]]]++] = rank[targets[k]];
    }
    return new Csr(keys, off, tgt);
  }

  /** PageRank as NetworkX (weight None), exactly {@code iterations} push iterations; the ranks by id. */
  static double[] pageRank(Csr g, double damping, int iterations) {
    int n = g.n();
    double[] r = new double[n];
    double[] next = new double[n];
    Arrays.fill(r, 1.0 / n);
    for (int it = 0; it < iterations; it++) {
      double dangling = 0;
      Arrays.fill(next, 0);
      for (int u = 0; u < n; u++) {
        int deg = g.degree(u);
        if (deg == 0) {
          dangling += r[u];
          continue;
        }
        double share = damping * r[u] / deg;
        for (int k = g.offsets()[u]; k < g.offsets()[u + 1]; k++) {
          next[g.targets()[k]] += share;
        }
      }
      double base = (1 - damping) / n + damping * dangling / n;
      for (int v = 0; v < n; v++) {
        next[v] += base;
      }
      double[] t = r;
      r = next;
      next = t;
    }
    return r;
  }

  /**
   * Connected components of the undirected structure by union-find (union by the smaller root, path
   * halving): each vertex's label is the smallest id of its component, hence the smallest key.
   */
  static int[] components(Csr g) {
    int[] parent = new int[g.n()];
    for (int i = 0; i < parent.length; i++) {
      parent[i] = i;
    }
    for (int u = 0; u < g.n(); u++) {
      for (int k = g.offsets()[u]; k < g.offsets()[u + 1]; k++) {
        int a = find(parent, u);
        int b = find(parent, g.targets()[k]);
        if (a < b) {
          parent[b] = a;
        } else if (b < a) {
          parent[a] = b;
        }
      }
    }
    for (int v = 0; v < parent.length; v++) {
      parent[v] = find(parent, v); // roots are the smallest ids: a root only ever gets a smaller parent
    }
    return parent;
  }

  private static int find(int[] parent, int v) {
    while (parent[v] != v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  }

  /** Levels of a queue BFS over the edges as stored from {@code source}; -1 where not reached. */
  static int[] bfs(Csr g, int source) {
    int[] level = new int[g.n()];
    Arrays.fill(level, -1);
    int[] queue = new int[g.n()];
    int head = 0;
    int tail = 0;
    level[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
      int u = queue[head++];
      for (int k = g.offsets()[u]; k < g.offsets()[u + 1]; k++) {
        int v = g.targets()[k];
        if (level[v] < 0) {
          level[v] = level[u] + 1;
          queue[tail++] = v;
        }
      }
    }
    return level;
  }
}
