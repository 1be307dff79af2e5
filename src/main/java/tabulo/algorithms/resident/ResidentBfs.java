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
 * smallest key, of an expanded vertex one level up with an edge to it; a source is its own. OUT(v, level)
 * and OUT(v, parent), reached vertices only, written in key order.
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
    while (depth < o.hops()) {
      s.checkCancelled();
      int reached = 0;
      int l = depth + 1;
      for (int i = 0; i < size; i++) {
        int u = frontier[i];
        int degree = offsets[u + 1] - offsets[u];
        if (degree == 0 || degree < o.minDegree() || degree > o.maxDegree()) {
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
          } else if (parent != null && level[v] == l && u < parent[v]) {
            parent[v] = u;
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
