package tabulo.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class Graph500Test {
  private static final double[] QUADRANT = {0.57, 0.19, 0.19, 0.05}; // (0,0), (0,1), (1,0), (1,1)

  private static long[][] edges(Graph500.Options o) {
    Graph500 g = new Graph500(o);
    long[] us = new long[(int) g.edgeCount()];
    long[] vs = new long[us.length];
    int[] n = {0};
    g.forEachEdge((u, v) -> {
      us[n[0]] = u;
      vs[n[0]++] = v;
    });
    assertEquals(us.length, n[0]);
    return new long[][] {us, vs};
  }

  @Test
  void sizesFollowScaleAndEdgeFactor() {
    Graph500 g = new Graph500(Graph500.Options.ofScale(10));
    assertEquals(1024, g.vertexCount());
    assertEquals(16 * 1024, g.edgeCount());
    assertEquals(8 * 1024, new Graph500(Graph500.Options.ofScale(10).withEdgeFactor(8)).edgeCount());
    long[][] e = edges(Graph500.Options.ofScale(10));
    for (int i = 0; i < e[0].length; i++) {
      assertTrue(e[0][i] >= 0 && e[0][i] < 1024 && e[1][i] >= 0 && e[1][i] < 1024);
    }
    assertThrows(IllegalArgumentException.class, () -> Graph500.Options.ofScale(0));
    assertThrows(IllegalArgumentException.class, () -> Graph500.Options.ofScale(10).withEdgeFactor(0));
    assertThrows(IllegalArgumentException.class, () -> Graph500.Options.ofScale(60).withEdgeFactor(16));
  }

  @Test
  void aSeedFixesTheGraph() {
    Graph500.Options o = Graph500.Options.ofScale(12).withSeed(42);
    long[][] a = edges(o);
    long[][] b = edges(o);
    assertArrayEquals(a[0], b[0]);
    assertArrayEquals(a[1], b[1]);
    long[][] c = edges(o.withSeed(43));
    assertFalse(Arrays.equals(a[0], c[0]));
  }

  @Test
  void anyRangeOfEdgesMatchesTheFullRun() {
    Graph500 g = new Graph500(Graph500.Options.ofScale(11).withSeed(7).withPermute(true));
    long[][] all = edges(g.options());
    for (long[] r : new long[][] {{0, 1}, {5, 1000}, {12345, 12346}, {30000, 32768}, {100, 100}}) {
      Graph500.Edges e = g.edges(r[0], r[1]);
      for (long i = r[0]; i < r[1]; i++) {
        assertTrue(e.next());
        assertEquals(all[0][(int) i], e.u());
        assertEquals(all[1][(int) i], e.v());
      }
      assertFalse(e.next());
    }
    assertThrows(IllegalArgumentException.class, () -> g.edges(-1, 5));
    assertThrows(IllegalArgumentException.class, () -> g.edges(0, g.edgeCount() + 1));
  }

  /**
   * The probability of an edge is the product over levels of its quadrant's probability: at SCALE 3
   * (64 cells) and 2^20 edges, every cell's count is within 5 standard deviations of that.
   */
  @Test
  void edgeFrequenciesFollowTheKroneckerProduct() {
    int scale = 3;
    Graph500 g = new Graph500(Graph500.Options.ofScale(scale).withEdgeFactor(1 << 17).withSeed(3));
    long[][] counts = new long[8][8];
    g.forEachEdge((u, v) -> counts[(int) u][(int) v]++);
    double m = g.edgeCount();
    for (int u = 0; u < 8; u++) {
      for (int v = 0; v < 8; v++) {
        double p = 1;
        for (int level = 0; level < scale; level++) {
          int uBit = (u >> level) & 1;
          int vBit = (v >> level) & 1;
          p *= QUADRANT[2 * uBit + vBit];
        }
        double sd = Math.sqrt(m * p * (1 - p));
        assertTrue(Math.abs(counts[u][v] - m * p) <= 5 * sd,
            "cell (" + u + "," + v + "): " + counts[u][v] + " vs expected " + m * p);
      }
    }
  }

  @Test
  void upperIsClipAndFlipOfTheSameEdges() {
    Graph500.Options o = Graph500.Options.ofScale(10).withSeed(9);
    long[][] plain = edges(o);
    long[][] upper = edges(o.withUpper(true));
    int flipped = 0;
    for (int i = 0; i < plain[0].length; i++) {
      assertEquals(Math.min(plain[0][i], plain[1][i]), upper[0][i]);
      assertEquals(Math.max(plain[0][i], plain[1][i]), upper[1][i]);
      flipped += plain[0][i] > plain[1][i] ? 1 : 0;
    }
    assertTrue(flipped > 1000, "some edges were below the diagonal: " + flipped);
  }

  /** Relabelling is a bijection, so it keeps the graph's shape: distinct edges and degree multisets. */
  @Test
  void permutationRelabelsWithoutChangingTheGraph() {
    Graph500.Options o = Graph500.Options.ofScale(12).withSeed(5);
    EdgeCounts plain = EdgeCounts.of(new Graph500(o));
    EdgeCounts permuted = EdgeCounts.of(new Graph500(o.withPermute(true)));
    assertEquals(plain.size(), permuted.size());
    assertArrayEquals(sortedDegrees(plain, 4096), sortedDegrees(permuted, 4096));
    // the hub is vertex 0 without permutation, elsewhere with it
    assertEquals(0, argMax(degrees(plain, 4096)));
    assertTrue(argMax(degrees(permuted, 4096)) != 0);
  }

  @Test
  void vertexPermutationIsABijection() {
    for (int scale = 1; scale <= 16; scale++) {
      VertexPermutation p = new VertexPermutation(scale, 12345L * scale);
      int n = 1 << scale;
      boolean[] hit = new boolean[n];
      int fixed = 0;
      for (int v = 0; v < n; v++) {
        long w = p.apply(v);
        assertTrue(w >= 0 && w < n);
        assertFalse(hit[(int) w], "scale " + scale + ": " + w + " twice");
        hit[(int) w] = true;
        fixed += w == v ? 1 : 0;
      }
      if (scale >= 8) {
        assertTrue(fixed < n / 16, "scale " + scale + ": " + fixed + " fixed points");
      }
    }
  }

  private static long[] degrees(EdgeCounts c, int n) {
    long[] d = new long[n];
    for (int i = 0; i < c.size(); i++) {
      d[(int) c.u(i)]++;
      d[(int) c.v(i)]++;
    }
    return d;
  }

  private static long[] sortedDegrees(EdgeCounts c, int n) {
    long[] d = degrees(c, n);
    Arrays.sort(d);
    return d;
  }

  private static int argMax(long[] d) {
    int best = 0;
    for (int i = 1; i < d.length; i++) {
      if (d[i] > d[best]) {
        best = i;
      }
    }
    return best;
  }

  @Test
  void edgeCountsMergeDuplicatesAgainstAHashMap() {
    Graph500 g = new Graph500(Graph500.Options.ofScale(8).withSeed(11));
    Map<Long, Integer> oracle = new HashMap<>();
    g.forEachEdge((u, v) -> oracle.merge(u * 1000 + v, 1, Integer::sum));
    EdgeCounts c = EdgeCounts.of(g);
    assertEquals(oracle.size(), c.size());
    assertEquals(g.edgeCount(), c.total());
    long previous = -1;
    for (int i = 0; i < c.size(); i++) {
      long key = c.u(i) * 1000 + c.v(i);
      assertTrue(key > previous, "sorted by (u, v), distinct");
      previous = key;
      assertEquals(oracle.get(key), c.count(i));
    }
    assertTrue(oracle.values().stream().anyMatch(n -> n > 1), "SCALE 8 has duplicate edges");
    var m = c.toMatrix();
    assertEquals(c.size(), m.nnz());
    for (int i = 0; i < c.size(); i++) {
      assertEquals(c.count(i), m.get((int) c.u(i), (int) c.v(i), 0));
    }
  }
}
