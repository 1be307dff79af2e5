package tabulo.gen;

import java.util.Arrays;

import tabulo.math.CsrMatrix;
import tabulo.math.Monoids;
import tabulo.math.Triples;

/**
 * A generated graph with duplicate edges merged: the distinct edges in (u, v) order, each with the number
 * of times it was generated, which is the value Graphulo's and D4M's adjacency tables hold.
 * In memory, for vertex ids below 2^31 (scale up to 31).
 */
public final class EdgeCounts {
  private final long vertexCount;
  private final long[] edges; // u << 32 | v, sorted, distinct
  private final int[] counts;

  private EdgeCounts(long vertexCount, long[] edges, int[] counts) {
    this.vertexCount = vertexCount;
    this.edges = edges;
    this.counts = counts;
  }

  /** Generates every edge of {@code g} and merges duplicates. */
  public static EdgeCounts of(Graph500 g) {
    if (g.options().scale() > 31) {
      throw new IllegalArgumentException("EdgeCounts holds vertex ids below 2^31; scale is "
          + g.options().scale());
    }
    long m = g.edgeCount();
    if (m > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many edges to count in memory: " + m);
    }
    long[] all = new long[(int) m];
    int[] n = {0};
    g.forEachEdge((u, v) -> all[n[0]++] = u << 32 | v);
    Arrays.sort(all);
    int distinct = 0;
    int[] counts = new int[all.length];
    for (int i = 0; i < all.length; i++) {
      if (distinct > 0 && all[distinct - 1] == all[i]) {
        counts[distinct - 1]++;
      } else {
        all[distinct] = all[i];
        counts[distinct++] = 1;
      }
    }
    return new EdgeCounts(g.vertexCount(), Arrays.copyOf(all, distinct), Arrays.copyOf(counts, distinct));
  }

  /** The number of distinct edges. */
  public int size() {
    return edges.length;
  }

  /** The source of the i-th distinct edge in (u, v) order. */
  public long u(int i) {
    return edges[i] >>> 32;
  }

  public long v(int i) {
    return edges[i] & 0xFFFF_FFFFL;
  }

  /** How many times the i-th distinct edge was generated. */
  public int count(int i) {
    return counts[i];
  }

  /** The total number of edges generated, duplicates included. */
  public long total() {
    long t = 0;
    for (int c : counts) {
      t += c;
    }
    return t;
  }

  /** The adjacency matrix: entry (u, v) holds the edge's count. */
  public CsrMatrix toMatrix() {
    int n = Math.toIntExact(vertexCount);
    Triples t = new Triples(edges.length);
    for (int i = 0; i < edges.length; i++) {
      t.add((int) u(i), (int) v(i), counts[i]);
    }
    return CsrMatrix.of(n, n, t, Monoids.PLUS);
  }
}
