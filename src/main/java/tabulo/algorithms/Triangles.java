package tabulo.algorithms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tabulo.kernel.Tasks;
import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.ResidentGraph;
import tabulo.ops.Session;
import tabulo.ops.Target;

/**
 * Triangles of the undirected graph of G (G ∪ G^T, self-loops ignored). The count is LAGraph's
 * TriangleCount Sandia method: L = tril(A) without the diagonal ({@link Graph#lower}), C&lt;L&gt; = L (plus.pair) L
 * with L as structural mask (applied
 * row by row inside the multiply's kernel), count = sum(C): every triangle i &gt; k &gt; j once. Per vertex:
 * C&lt;A&gt; = A (plus.pair) A counts, for each edge, its triangles; a vertex's row sum sees each of its
 * triangles twice (once per other corner), so triangles(v) = reduceRows(C) / 2.
 *
 * <p>Where the kernels run next to the data in this process and G is unlabelled, the count runs over G
 * read once into arrays ({@link ResidentGraph}): per vertex u its smaller neighbours marked, then for each
 * of them v, v's smaller neighbours that are marked (each triangle once, at its largest corner), stretches
 * of vertices on the session's workers. Accumulo, a labelled graph and {@code --in-tables} use the masked
 * multiply above.
 */
public final class Triangles {
  private Triangles() {}

  /** The number of triangles of G's undirected graph, as the session's reader sees G. */
  public static long count(Matrix g) {
    ResidentGraph held = ResidentGraph.load(g, ResidentGraph.defaultMaxEdges());
    if (held != null) {
      return inMemory(held.undirected(), g.session());
    }
    Matrix l = Graph.lower(g);
    Matrix c = l.mxm(l, Semirings.PLUS_PAIR).into(Target.temporary().mask(Mask.of(l).structure()));
    return Math.round(c.reduce(Monoids.PLUS));
  }

  /** The count over A's arrays: stretches of vertices on the session's workers. */
  private static long inMemory(ResidentGraph a, Session s) {
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

  /**
   * OUT(v, triangles) = the triangles containing v, for the vertices in at least one (a vertex in none has
   * no cell), into {@code out} (a table name, or a target with mask and accumulator).
   */
  public static Matrix perVertex(Matrix g, Target out) {
    Matrix twice = edgeTriangles(Graph.undirected(g)).reduceRows(Monoids.PLUS, "triangles").temporary();
    return twice.applyBindSecond(BinaryOps.DIV, 2).into(out);
  }

  /** C&lt;A&gt; = A (plus.pair) A on an undirected structure A: each edge's triangles, as a temporary. */
  static Matrix edgeTriangles(Matrix a) {
    return a.mxm(a, Semirings.PLUS_PAIR).into(Target.temporary().mask(Mask.of(a).structure()));
  }
}
