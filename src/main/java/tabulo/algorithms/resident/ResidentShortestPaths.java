package tabulo.algorithms.resident;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import tabulo.algorithms.IterationListener;
import tabulo.algorithms.ShortestPaths;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.storage.TabuloException;

/**
 * {@link ShortestPaths}'s Bellman-Ford over G's arrays, round for round: d = {source: 0}, the frontier the
 * source; each round relaxes the frontier's out-edges with the distances they had at the round's start
 * (t(v) = min over frontier u of d(u) + w(u, v)), the next frontier is the vertices whose distance t
 * improved (t(v) &lt; d(v), or v not reached yet), d = d min t; until a round improves nothing. A round still
 * improving after |V| rounds is a negative cycle: an error, nothing written. Edge values are the lengths,
 * so it takes only a graph whose every value the codec reads as a finite number ({@link #handles}); the
 * others are computed in tables, where they meet the table operations' rules.
 *
 * <p>When no length is negative the same distances and rounds come from Dijkstra's search instead, which
 * takes each vertex once: ordered by (distance, hops), it finds each vertex's distance and the fewest hops
 * of a path that long. After round r of Bellman-Ford d(v) is the shortest length over paths of at most r
 * hops (each summed edge by edge, as both do: a rounded sum grows with its first term, so the shortest
 * prefix stays best), so v's distance is final from round hops(v) on and the rounds are max hops + 1.
 * There a round's count is the vertices whose distance became final in it (a subset of those it changed).
 */
public final class ResidentShortestPaths {
  private ResidentShortestPaths() {}

  /** Whether {@code g} was read with its values and every one is a finite number. */
  public static boolean handles(ResidentGraph g) {
    double[] w = g.weights();
    if (w == null) {
      return false;
    }
    for (double x : w) {
      if (!Double.isFinite(x)) {
        return false;
      }
    }
    return true;
  }

  /** Distances from vertex {@code from} of {@code g} (read from {@code table}) into the new table {@code out}. */
  public static int run(ResidentGraph g, Matrix table, String from, String out, IterationListener listener) {
    Distances d = distances(g, table, from, out, listener);
    d.distances().publish(table.session(), out, "sssp", table.table(), ShortestPaths.COLUMN);
    return d.rounds();
  }

  /** Each reached vertex's distance (none for the others), and the rounds run. */
  public record Distances(VertexValues distances, int rounds) {}

  /**
   * Distances from vertex {@code from} of {@code g} (read from {@code table}); a negative cycle reachable
   * from it is an error.
   */
  public static Distances distances(ResidentGraph g, Matrix table, String from, IterationListener listener) {
    return distances(g, table, from, null, listener);
  }

  /** As the public {@code distances}, naming OUT (null: none) in an error. */
  private static Distances distances(ResidentGraph g, Matrix table, String from, String out,
      IterationListener listener) {
    Session s = table.session();
    int source = g.find(from.getBytes(StandardCharsets.UTF_8));
    if (source < 0) {
      throw new TabuloException("--from=" + from + " is no vertex of " + table.table());
    }
    if (nonNegative(g.weights())) {
      return dijkstra(g, table, source, listener);
    }
    int n = g.vertices();
    int[] offsets = g.offsets();
    int[] targets = g.targets();
    double[] weights = g.weights();
    double[] d = new double[n];
    boolean[] reached = new boolean[n];
    int[] inNext = new int[n]; // the round that put v in the next frontier (0: none yet)
    int[] frontier = {source};
    int size = 1;
    double[] start = new double[1]; // the frontier's distances at the round's start
    int[] next = new int[16];
    reached[source] = true;
    for (int round = 1;; round++) {
      s.checkCancelled();
      if (start.length < size) {
        start = new double[frontier.length];
      }
      for (int i = 0; i < size; i++) {
        start[i] = d[frontier[i]];
      }
      int found = 0;
      for (int i = 0; i < size; i++) {
        int u = frontier[i];
        double du = start[i];
        for (int k = offsets[u]; k < offsets[u + 1]; k++) {
          int v = targets[k];
          double candidate = du + weights[k];
          if (!reached[v] || candidate < d[v]) {
            reached[v] = true;
            d[v] = candidate;
            if (inNext[v] != round) {
              inNext[v] = round;
              if (found == next.length) {
                next = Arrays.copyOf(next, Math.min(2 * found, n));
              }
              next[found++] = v;
            }
          }
        }
      }
      listener.iteration(round, found);
      if (found == 0) {
        return new Distances(VertexValues.numbers(g, d, reached), round);
      }
      if (round >= n) {
        throw new TabuloException("sssp: " + table.table() + " has a negative cycle reachable from " + from
            + " (distances still shrink after " + n + " rounds)"
            + (out == null ? "" : "; " + out + " was not written"));
      }
      int[] t = frontier;
      frontier = next;
      next = t.length >= 16 ? t : new int[16];
      size = found;
    }
  }
  private static boolean nonNegative(double[] weights) {
    for (double w : weights) {
      if (w < 0) {
        return false;
      }
    }
    return true;
  }

  /** Dijkstra's search by (distance, hops) from {@code source}, lengths not negative; returns the rounds. */
  private static Distances dijkstra(ResidentGraph g, Matrix table, int source, IterationListener listener) {
    Session s = table.session();
    int n = g.vertices();
    int[] offsets = g.offsets();
    int[] targets = g.targets();
    double[] weights = g.weights();
    double[] d = new double[n];
    int[] hops = new int[n];
    boolean[] reached = new boolean[n];
    Heap heap = new Heap(d, hops, n);
    reached[source] = true;
    heap.push(source);
    int deepest = 0;
    int settled = 0;
    while (!heap.isEmpty()) {
      int u = heap.pop();
      if ((++settled & 0xffff) == 0) {
        s.checkCancelled();
      }
      deepest = Math.max(deepest, hops[u]);
      double du = d[u];
      int h = hops[u] + 1;
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        int v = targets[k];
        int where = heap.at[v];
        if (where == Heap.TAKEN) {
          continue; // its distance is final: no path through u is shorter
        }
        double candidate = du + weights[k];
        if (where == Heap.UNSEEN) {
          reached[v] = true;
          d[v] = candidate;
          hops[v] = h;
          heap.push(v);
        } else if (candidate < d[v] || candidate == d[v] && h < hops[v]) {
          d[v] = candidate;
          hops[v] = h;
          heap.moveUp(v);
        }
      }
    }
    int[] finalIn = new int[deepest + 1]; // per round: the vertices whose distance became final in it
    for (int v = 0; v < n; v++) {
      if (reached[v]) {
        finalIn[hops[v]]++;
      }
    }
    for (int round = 1; round <= deepest; round++) {
      listener.iteration(round, finalIn[round]);
    }
    listener.iteration(deepest + 1, 0);
    return new Distances(VertexValues.numbers(g, d, reached), deepest + 1);
  }

  /** A binary heap of vertices ordered by (d, hops), which knows where each vertex is. */
  private static final class Heap {
    private final double[] d;
    private final int[] hops;
    private final int[] heap;
    static final int UNSEEN = -1;
    static final int TAKEN = -2;
    final int[] at; // a vertex's place in the heap, or UNSEEN (never in) or TAKEN (popped)
    private int size;

    Heap(double[] d, int[] hops, int n) {
      this.d = d;
      this.hops = hops;
      this.heap = new int[n];
      this.at = new int[n];
      Arrays.fill(at, UNSEEN);
    }

    boolean isEmpty() {
      return size == 0;
    }

    void push(int v) {
      heap[size] = v;
      at[v] = size++;
      moveUp(v);
    }

    int pop() {
      int top = heap[0];
      at[top] = TAKEN;
      int last = heap[--size];
      if (size > 0) {
        place(last, 0);
        moveDown(last);
      }
      return top;
    }

    /** Restores the order after v's key shrank. */
    void moveUp(int v) {
      int i = at[v];
      while (i > 0) {
        int parent = heap[(i - 1) >>> 1];
        if (!before(v, parent)) {
          break;
        }
        place(parent, i);
        i = (i - 1) >>> 1;
      }
      place(v, i);
    }

    private void moveDown(int v) {
      int i = at[v];
      while (true) {
        int child = 2 * i + 1;
        if (child >= size) {
          break;
        }
        if (child + 1 < size && before(heap[child + 1], heap[child])) {
          child++;
        }
        if (!before(heap[child], v)) {
          break;
        }
        place(heap[child], i);
        i = child;
      }
      place(v, i);
    }

    private void place(int v, int i) {
      heap[i] = v;
      at[v] = i;
    }

    private boolean before(int a, int b) {
      return d[a] < d[b] || d[a] == d[b] && hops[a] < hops[b];
    }
  }
}
