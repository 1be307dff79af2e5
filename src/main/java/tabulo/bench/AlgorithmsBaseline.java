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
 * The single-thread in-memory baselines of the algorithms benchmark (the COST baseline): the graph read
 * from its table once into CSR arrays (vertex ids in key order of first sight), then plain array loops, as
 * a competent programmer would write them. The read is part of the time, as it is for the tables.
 */
public final class AlgorithmsBaseline {
  private AlgorithmsBaseline() {}

  /** A directed graph as CSR: out-edges of vertex i are {@code targets[offsets[i] .. offsets[i+1])}. */
  record Csr(int n, int[] offsets, int[] targets) {}

  /** Reads table {@code g} (row = source, qualifier = target) into CSR; rows come sorted, so one pass. */
  static Csr read(Store store, String g) {
    Map<String, Integer> ids = new HashMap<>();
    int[] offsets = new int[1024];
    int[] targets = new int[1 << 16];
    int[] sources = new int[1024]; // CSR row index -> vertex id
    int rows = 0;
    int edges = 0;
    String lastRow = null;
    try (Scan scan = store.scan(g, ScanSpec.all())) {
      for (Entry<Key, Value> e : scan) {
        String row = e.getKey().getRow().toString();
        if (!row.equals(lastRow)) {
          if (rows + 1 >= offsets.length) {
            offsets = Arrays.copyOf(offsets, offsets.length * 2);
            sources = Arrays.copyOf(sources, sources.length * 2);
          }
          sources[rows] = ids.computeIfAbsent(row, k -> ids.size());
          offsets[rows++] = edges;
          lastRow = row;
        }
        if (edges == targets.length) {
          targets = Arrays.copyOf(targets, targets.length * 2);
        }
        targets[edges++] = ids.computeIfAbsent(e.getKey().getColumnQualifier().toString(), k -> ids.size());
      }
    }
    int n = ids.size();
    int[] off = new int[n + 1];
    for (int r = 0; r < rows; r++) {
      off[sources[r] + 1] = (r + 1 < rows ? offsets[r + 1] : edges) - offsets[r];
    }
    for (int i = 0; i < n; i++) {
      off[i + 1] += off[i];
    }
    int[] tgt = new int[edges];
    for (int r = 0; r < rows; r++) {
      int end = r + 1 < rows ? offsets[r + 1] : edges;
      System.arraycopy(targets, offsets[r], tgt, off[sources[r]], end - offsets[r]);
    }
    return new Csr(n, off, tgt);
  }

  /** PageRank as NetworkX (weight None), exactly {@code iterations} pull-free push iterations; the ranks. */
  static double[] pageRank(Csr g, double damping, int iterations) {
    int n = g.n();
    double[] r = new double[n];
    double[] next = new double[n];
    Arrays.fill(r, 1.0 / n);
    for (int it = 0; it < iterations; it++) {
      double dangling = 0;
      Arrays.fill(next, 0);
      for (int u = 0; u < n; u++) {
        int deg = g.offsets()[u + 1] - g.offsets()[u];
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
}
