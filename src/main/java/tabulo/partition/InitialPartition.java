package tabulo.partition;

import java.util.SplittableRandom;

/**
 * A K-way partition of the coarsest graph by graph growing: vertices in breadth-first order from a seeded
 * random start (restarting at an unvisited vertex for each further component), cut into K consecutive pieces
 * of equal summed weight, a vertex's weight being the sum over constraints of its share of the constraint's
 * total. Neighbours stay together, and each piece holds about 1/K of every constraint on average.
 */
final class InitialPartition {
  private InitialPartition() {}

  static int[] grow(WeightedGraph g, int parts, SplittableRandom random) {
    int n = g.n;
    int[] order = breadthFirst(g, random);
    long[] totals = g.totals();
    double[] score = new double[n];
    double sum = 0;
    for (int v = 0; v < n; v++) {
      for (int c = 0; c < WeightedGraph.CONSTRAINTS; c++) {
        if (totals[c] > 0) {
          score[v] += g.weight(v, c) / (double) totals[c];
        }
      }
      sum += score[v];
    }
    int[] part = new int[n];
    double acc = 0;
    for (int x = 0; x < n; x++) {
      int v = order[x];
      double mid = acc + score[v] / 2; // the piece holding the vertex's middle
      int k = sum == 0 ? (int) ((long) x * parts / n) : (int) Math.min(parts - 1, Math.floor(mid / sum * parts));
      part[v] = k;
      acc += score[v];
    }
    return part;
  }

  private static int[] breadthFirst(WeightedGraph g, SplittableRandom random) {
    int n = g.n;
    int[] order = new int[n];
    boolean[] seen = new boolean[n];
    int[] starts = Permutations.random(n, random);
    int head = 0;
    int tail = 0;
    for (int s : starts) {
      if (seen[s]) {
        continue;
      }
      seen[s] = true;
      order[tail++] = s;
      while (head < tail) {
        int v = order[head++];
        for (int e = g.start[v]; e < g.start[v + 1]; e++) {
          int u = g.adj[e];
          if (!seen[u]) {
            seen[u] = true;
            order[tail++] = u;
          }
        }
      }
    }
    return order;
  }
}
