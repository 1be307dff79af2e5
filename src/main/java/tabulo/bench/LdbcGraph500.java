package tabulo.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

import tabulo.gen.Graph500;
import tabulo.util.Progress;

/**
 * A Graph500 graph in the shape of LDBC's graph500-S datasets: undirected, each edge once as (u, v) with
 * u &lt; v, no self-loops, no duplicates, and the vertices are those with an edge (the generator's ids,
 * permuted as the reference does, so they are sparse integers). Each edge carries a random weight in
 * (0, 1] for SSSP, since LDBC's graph500 datasets have none. The edges are sorted by (u, v).
 */
public record LdbcGraph500(int scale, long[] vertices, long[] src, long[] dst, double[] weight) {

  /** The graph of SCALE {@code scale} (edge factor 16, seed 1). */
  public static LdbcGraph500 generate(int scale, Progress progress) {
    if (scale < 1 || scale > 30) {
      throw new IllegalArgumentException("SCALE must be in 1..30 (ids packed in one long): " + scale);
    }
    Graph500 g = new Graph500(Graph500.Options.ofScale(scale).withPermute(true).withUpper(true));
    long total = g.edgeCount();
    long[] packed = new long[Math.toIntExact(total)];
    int n = 0;
    Graph500.Edges e = g.edges();
    while (e.next()) {
      if (e.u() != e.v()) {
        packed[n++] = (e.u() << scale) | e.v(); // u < v: sorting the packed pairs sorts by (u, v)
      }
      if ((n & 0xFFFFF) == 0) {
        progress.update(n, 0.5 * n / total);
      }
    }
    Arrays.parallelSort(packed, 0, n);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || packed[i] != packed[i - 1]) {
        packed[distinct++] = packed[i];
      }
    }
    long mask = (1L << scale) - 1;
    long[] src = new long[distinct];
    long[] dst = new long[distinct];
    double[] weight = new double[distinct];
    boolean[] hasEdge = new boolean[1 << scale];
    SplittableRandom random = new SplittableRandom(scale);
    for (int i = 0; i < distinct; i++) {
      src[i] = packed[i] >>> scale;
      dst[i] = packed[i] & mask;
      weight[i] = 1.0 - random.nextDouble(); // (0, 1]: LDBC's weights are positive
      hasEdge[(int) src[i]] = true;
      hasEdge[(int) dst[i]] = true;
    }
    int count = 0;
    for (boolean b : hasEdge) {
      count += b ? 1 : 0;
    }
    long[] vertices = new long[count];
    int k = 0;
    for (int v = 0; v < hasEdge.length; v++) {
      if (hasEdge[v]) {
        vertices[k++] = v;
      }
    }
    return new LdbcGraph500(scale, vertices, src, dst, weight);
  }

  public long edgeCount() {
    return src.length;
  }

  /**
   * The vertex of highest degree (the smallest id among equals): the BFS and SSSP source, in the largest
   * component of a Graph500 graph.
   */
  public long hub() {
    int[] degree = new int[1 << scale];
    for (int i = 0; i < src.length; i++) {
      degree[(int) src[i]]++;
      degree[(int) dst[i]]++;
    }
    int best = 0;
    for (int v = 1; v < degree.length; v++) {
      if (degree[v] > degree[best]) {
        best = v;
      }
    }
    return best;
  }
}
