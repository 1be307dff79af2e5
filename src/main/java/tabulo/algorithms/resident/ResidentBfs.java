package tabulo.algorithms.resident;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import tabulo.algorithms.Bfs;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.storage.TabuloException;

/**
 * {@link Bfs}'s levels over G's arrays (G ∪ G^T with --undirected), level by level as in tables: the
 * sources (the vertices whose keys the selection matches) at level 0; each round the frontier's vertices
 * whose out-degree lies in the filter's [min, max] are expanded (the others are reached but not expanded),
 * and the vertices they reach for the first time are the next level and the next frontier, until a round
 * reaches none or the hop limit. With parents each reached vertex's parent is the smallest id, hence the
 * smallest key, of an expanded vertex one level up with an edge to it; a source is its own. On a graph
 * known to be its own transpose a round whose frontier has many edges (Beamer's rule: more than a
 * fourteenth of the edges of the vertices not yet reached) is pulled instead: each vertex not reached
 * takes the first expanded frontier vertex among its neighbours, in id order, so the same level and
 * parent. OUT(v, level) and OUT(v, parent), reached vertices only, written in key order.
 */
public final class ResidentBfs {
  private ResidentBfs() {}

  /**
   * A search's result: each reached vertex's level (none for the others), each one's parent (with
   * {@link Bfs.Options#parents}, else null) and the levels reached past the sources.
   */
  public record Search(VertexValues levels, VertexValues parents, int depth) {}

  /** The search on {@code held} (read from {@code table}) into the new table {@code out}; returns the levels reached. */
  public static int run(ResidentGraph held, Matrix table, String out, Bfs.Options o) {
    Session s = table.session();
    Search found = search(held, table, o);
    VertexValues levels = found.levels();
    VertexValues parents = found.parents();
    if (parents == null) {
      levels.publish(s, out, "bfs", table.table(), Bfs.COLUMN);
    } else {
      // the searched graph (G ∪ G^T with --undirected) has held's keys
      held.publishColumns(s, out, "bfs", table.table(), List.of(Bfs.COLUMN, Bfs.PARENT), (v, c) -> !levels.has(v)
          ? null : c == 0 ? levels.encoded(s.codec(), v) : parents.encoded(s.codec(), v));
    }
    return found.depth();
  }

  /** The search on {@code held} (read from {@code table}). */
  public static Search search(ResidentGraph held, Matrix table, Bfs.Options o) {
    Session s = table.session();
    ResidentGraph g = o.undirected() ? held.symmetric() : held;
    int n = g.vertices();
    int[] offsets = g.offsets();
    int[] targets = g.targets();
    int[] level = new int[n];
    Arrays.fill(level, -1);
    int[] parent = o.parents() ? new int[n] : null;
    int[] frontier = sources(g, o);
    if (frontier.length == 0) {
      throw new TabuloException("--from=" + o.from() + " selects no vertex of " + table.table());
    }
    for (int v : frontier) {
      level[v] = 0;
      if (parent != null) {
        parent[v] = v;
      }
    }
    int size = frontier.length;
    int[] next = new int[Math.max(16, size)];
    int depth = 0;
    long unreachedEdges = g.edges(); // the out-edges of the vertices not reached yet
    for (int v : frontier) {
      unreachedEdges -= offsets[v + 1] - offsets[v];
    }
    while (depth < o.hops()) {
      s.checkCancelled();
      int reached = 0;
      int l = depth + 1;
      if (g.knownSymmetric() && pullPays(offsets, frontier, size, unreachedEdges)) {
        // each vertex not reached looks among its in-neighbours (its out-neighbours: G = G^T), in id order,
        // for the first expanded vertex of the frontier (level = depth): the same level, the same parent
        for (int v = 0; v < n; v++) {
          if (level[v] >= 0) {
            continue;
          }
          for (int k = offsets[v]; k < offsets[v + 1]; k++) {
            int u = targets[k];
            if (level[u] == depth && expands(o, offsets[u + 1] - offsets[u])) {
              level[v] = l;
              if (parent != null) {
                parent[v] = u;
              }
              if (reached == next.length) {
                next = Arrays.copyOf(next, Math.min(2 * reached, n));
              }
              next[reached++] = v;
              unreachedEdges -= offsets[v + 1] - offsets[v];
              break;
            }
          }
        }
      } else {
        for (int i = 0; i < size; i++) {
          int u = frontier[i];
          if (!expands(o, offsets[u + 1] - offsets[u])) {
            continue; // a vertex without out-edges has no degree: never expanded (nor would it reach anything)
          }
          for (int k = offsets[u]; k < offsets[u + 1]; k++) {
            int v = targets[k];
            if (level[v] < 0) {
              level[v] = l;
              if (parent != null) {
                parent[v] = u;
              }
              if (reached == next.length) {
                next = Arrays.copyOf(next, Math.min(2 * reached, n));
              }
              next[reached++] = v;
              unreachedEdges -= offsets[v + 1] - offsets[v];
            } else if (parent != null && level[v] == l && u < parent[v]) {
              parent[v] = u;
            }
          }
        }
      }
      if (reached == 0) {
        break;
      }
      depth = l;
      o.listener().iteration(depth, reached);
      int[] t = frontier;
      frontier = next;
      next = t.length >= 16 ? t : new int[16];
      size = reached;
    }
    double[] levels = new double[n];
    boolean[] reached = new boolean[n];
    for (int v = 0; v < n; v++) {
      levels[v] = level[v];
      reached[v] = level[v] >= 0;
    }
    return new Search(VertexValues.numbers(g, levels, reached),
        parent == null ? null : VertexValues.keys(g, parent, reached), depth);
  }

  /** Whether a frontier vertex of out-degree {@code degree} is expanded: it has an edge and passes the filter. */
  private static boolean expands(Bfs.Options o, int degree) {
    return degree != 0 && degree >= o.minDegree() && degree <= o.maxDegree();
  }

  /**
   * Whether a round is cheaper pulled (every vertex not reached scans its in-neighbours until one is in the
   * frontier) than pushed (every frontier vertex scans its out-edges): Beamer's rule, the frontier's edges
   * above a fourteenth of the edges of the vertices not reached.
   */
  private static boolean pullPays(int[] offsets, int[] frontier, int size, long unreachedEdges) {
    long frontierEdges = 0;
    for (int i = 0; i < size; i++) {
      frontierEdges += offsets[frontier[i] + 1] - offsets[frontier[i]];
    }
    return frontierEdges * 14 > unreachedEdges;
  }

  /** The vertices whose keys {@code o.from()} matches, in id order. */
  private static int[] sources(ResidentGraph g, Bfs.Options o) {
    List<String> exact = o.from().exactKeys();
    if (exact != null) {
      return exact.stream().mapToInt(k -> g.find(k.getBytes(StandardCharsets.UTF_8))).filter(v -> v >= 0).distinct()
          .sorted().toArray();
    }
    int[] found = new int[16];
    int count = 0;
    for (int v = 0; v < g.vertices(); v++) {
      if (o.from().matches(g.key(v))) {
        if (count == found.length) {
          found = Arrays.copyOf(found, 2 * count);
        }
        found[count++] = v;
      }
    }
    return Arrays.copyOf(found, count);
  }
}
