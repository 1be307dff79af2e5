package tabulo.partition;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One level of multilevel coarsening by heavy-edge matching: vertices are visited in a seeded random order,
 * each unmatched one is matched with its unmatched neighbour over the costliest edge whose joined weights stay
 * under a cap (so no coarse vertex grows too heavy to balance); vertices with no such neighbour are paired
 * with each other in visiting order when they have no edges at all (rows of B no row of A needs), else left
 * single. Matched pairs become one coarse vertex carrying the sum of their weights; edges between coarse
 * vertices are merged, their costs summed.
 */
final class Coarsening {
  /** The coarse graph and, per fine vertex, its coarse vertex. */
  record Level(WeightedGraph coarse, int[] coarseOf) {}

  private Coarsening() {}

  static Level coarsen(WeightedGraph g, long[] cap, SplittableRandom random) {
    int n = g.n;
    int[] order = Permutations.random(n, random);
    int[] match = new int[n];
    Arrays.fill(match, -1);
    int lonely = -1; // an edgeless vertex waiting for another
    for (int v : order) {
      if (match[v] >= 0) {
        continue;
      }
      int best = -1;
      long bestCost = -1;
      for (int e = g.start[v]; e < g.start[v + 1]; e++) {
        int u = g.adj[e];
        if (u != v && match[u] < 0 && g.cost[e] > bestCost && fits(g, v, u, cap)) {
          best = u;
          bestCost = g.cost[e];
        }
      }
      if (best < 0 && g.start[v] == g.start[v + 1]) {
        if (lonely >= 0 && fits(g, v, lonely, cap)) {
          best = lonely;
          lonely = -1;
        } else {
          if (lonely >= 0) {
            match[lonely] = lonely;
          }
          lonely = v;
          continue;
        }
      }
      if (best < 0) {
        match[v] = v;
      } else {
        match[v] = best;
        match[best] = v;
      }
    }
    if (lonely >= 0 && match[lonely] < 0) {
      match[lonely] = lonely;
    }
    return contract(g, match);
  }

  private static boolean fits(WeightedGraph g, int v, int u, long[] cap) {
    for (int c = 0; c < WeightedGraph.CONSTRAINTS; c++) {
      if (g.weight(v, c) + g.weight(u, c) > cap[c]) {
        return false;
      }
    }
    return true;
  }

  private static Level contract(WeightedGraph g, int[] match) {
    int n = g.n;
    int[] coarseOf = new int[n];
    Arrays.fill(coarseOf, -1);
    int cn = 0;
    for (int v = 0; v < n; v++) { // coarse vertices numbered in the order of their first fine vertex
      if (coarseOf[v] < 0) {
        coarseOf[v] = cn;
        coarseOf[match[v]] = cn;
        cn++;
      }
    }
    int[] members = new int[n]; // fine vertices grouped by coarse vertex
    int[] memberStart = new int[cn + 1];
    for (int v = 0; v < n; v++) {
      memberStart[coarseOf[v] + 1]++;
    }
    for (int c = 0; c < cn; c++) {
      memberStart[c + 1] += memberStart[c];
    }
    int[] fill = Arrays.copyOf(memberStart, cn);
    for (int v = 0; v < n; v++) {
      members[fill[coarseOf[v]]++] = v;
    }
    long[] weight = new long[cn * WeightedGraph.CONSTRAINTS];
    int[] start = new int[cn + 1];
    int[] adj = new int[g.adj.length];
    long[] cost = new long[g.adj.length];
    int[] slot = new int[cn]; // where coarse neighbour x sits in the current vertex's list, or -1
    Arrays.fill(slot, -1);
    int out = 0;
    for (int c = 0; c < cn; c++) {
      int first = out;
      for (int m = memberStart[c]; m < memberStart[c + 1]; m++) {
        int v = members[m];
        for (int k = 0; k < WeightedGraph.CONSTRAINTS; k++) {
          weight[c * WeightedGraph.CONSTRAINTS + k] += g.weight(v, k);
        }
        for (int e = g.start[v]; e < g.start[v + 1]; e++) {
          int x = coarseOf[g.adj[e]];
          if (x == c) {
            continue;
          }
          if (slot[x] < 0) {
            slot[x] = out;
            adj[out] = x;
            cost[out] = 0;
            out++;
          }
          cost[slot[x]] += g.cost[e];
        }
      }
      for (int e = first; e < out; e++) {
        slot[adj[e]] = -1;
      }
      start[c + 1] = out;
    }
    WeightedGraph coarse = new WeightedGraph(cn, start, Arrays.copyOf(adj, out), Arrays.copyOf(cost, out), weight);
    return new Level(coarse, coarseOf);
  }
}
