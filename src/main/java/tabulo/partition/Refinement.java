package tabulo.partition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * K-way boundary refinement of one level under the three balance constraints, in the style of
 * Fiduccia-Mattheyses as METIS's greedy k-way refinement does it: passes over the boundary vertices (in a
 * seeded random order) move a vertex to the neighbouring part that lowers the cut most, never past a part's
 * limit W_avg (1 + eps) in any constraint; a move that leaves the cut as it is is taken only when it shifts
 * weight from a heavier part to a lighter one. {@link #rebalance} first moves vertices out of parts over a
 * limit, cheapest cut increase first, into parts with room.
 */
final class Refinement {
  private static final int C = WeightedGraph.CONSTRAINTS;

  private final WeightedGraph g;
  private final int[] part;
  private final int parts;
  private final long[] limit;
  private final long[][] load;
  private final SplittableRandom random;
  private final long[] conn; // scratch: edge cost from the current vertex to each part
  private final int[] touched;
  private final int[] touchedAt; // the gather that last listed each part, so a listing is one look-up
  private int gathers;

  Refinement(WeightedGraph g, int[] part, int parts, long[] limit, SplittableRandom random) {
    this.g = g;
    this.part = part;
    this.parts = parts;
    this.limit = limit;
    this.random = random;
    this.load = new long[parts][C];
    for (int v = 0; v < g.n; v++) {
      for (int c = 0; c < C; c++) {
        load[part[v]][c] += g.weight(v, c);
      }
    }
    this.conn = new long[parts];
    this.touched = new int[parts];
    this.touchedAt = new int[parts];
  }

  boolean balanced() {
    for (int p = 0; p < parts; p++) {
      if (overloaded(p)) {
        return false;
      }
    }
    return true;
  }

  /** Greedy passes until one moves nothing or {@code passes} have run. */
  void refine(int passes) {
    for (int pass = 0; pass < passes; pass++) {
      int moved = 0;
      for (int v : Permutations.random(g.n, random)) {
        int p = part[v];
        int t = gather(v);
        long internal = conn[p];
        int best = -1;
        long bestGain = Long.MIN_VALUE;
        for (int x = 0; x < t; x++) {
          int q = touched[x];
          if (q == p || !fits(v, q)) {
            continue;
          }
          long gain = conn[q] - internal;
          if (gain > bestGain || (gain == bestGain && lighter(q, best))) {
            best = q;
            bestGain = gain;
          }
        }
        clear(t);
        if (best >= 0 && (bestGain > 0 || (bestGain == 0 && evens(v, p, best)))) {
          move(v, best);
          moved++;
        }
      }
      if (moved == 0) {
        return;
      }
    }
  }

  /**
   * Moves vertices out of parts over a limit, the smallest cut increase first, each move lowering the total
   * overload (per part and constraint the excess over the limit, relative to the limit), until every part is
   * within its limits or no move lowers it. A move may push another constraint of the receiving part over a
   * little when it relieves more elsewhere: with three constraints on tight limits single moves that keep
   * every other constraint in bounds often do not exist.
   */
  void rebalance() {
    for (int round = 0; round < 64 && !balanced(); round++) {
      List<long[]> moves = new ArrayList<>(); // {gain, vertex, target}
      int[] lightest = partsLightestFirst(); // loads change only once the round's moves are chosen
      for (int v : Permutations.random(g.n, random)) {
        int p = part[v];
        if (!relieves(v, p)) {
          continue;
        }
        int t = gather(v);
        long internal = conn[p];
        int best = -1;
        long bestGain = Long.MIN_VALUE;
        for (int x = 0; x < t; x++) {
          int q = touched[x];
          if (q == p || relief(v, p, q) <= 0) {
            continue;
          }
          long gain = conn[q] - internal;
          if (gain > bestGain || (gain == bestGain && lighter(q, best))) {
            best = q;
            bestGain = gain;
          }
        }
        // A part v has no edge to gains -internal, whichever it is: only the lightest that takes v competes,
        // so the cost per vertex grows with its degree, not with K.
        int untouched = lightestTaking(v, p, lightest);
        if (untouched >= 0 && (-internal > bestGain || (-internal == bestGain && lighter(untouched, best)))) {
          best = untouched;
          bestGain = -internal;
        }
        clear(t);
        if (best >= 0) {
          moves.add(new long[] {bestGain, v, best});
        }
      }
      moves.sort((x, y) -> Long.compare(y[0], x[0])); // stable: ties keep the seeded order
      int moved = 0;
      for (long[] m : moves) {
        int v = (int) m[1];
        int q = (int) m[2];
        if (part[v] != q && relief(v, part[v], q) > 0) {
          move(v, q);
          moved++;
        }
      }
      if (moved == 0 && !swap()) {
        return;
      }
    }
  }

  private static final int LIGHT_TRIES = 32;

  /** The parts by fullness, lightest first (ties by number). */
  private int[] partsLightestFirst() {
    double[] full = new double[parts];
    Integer[] order = new Integer[parts];
    for (int q = 0; q < parts; q++) {
      full[q] = fullness(q);
      order[q] = q;
    }
    Arrays.sort(order, (a, b) -> Double.compare(full[a], full[b]));
    int[] out = new int[parts];
    for (int q = 0; q < parts; q++) {
      out[q] = order[q];
    }
    return out;
  }

  /**
   * The lightest part, among the {@value #LIGHT_TRIES} lightest that v has no edge to, whose taking v lowers
   * the overload; -1 if none does (a heavier part would rarely take what a lighter one cannot).
   */
  private int lightestTaking(int v, int p, int[] lightest) {
    int tried = 0;
    for (int q : lightest) {
      if (q == p || touchedAt[q] == gathers) {
        continue;
      }
      if (relief(v, p, q) > 0) {
        return q;
      }
      if (++tried == LIGHT_TRIES) {
        return -1;
      }
    }
    return -1;
  }

  private static final int SWAP_FROM = 256;
  private static final int SWAP_WITH = 4096;

  /**
   * When no single move lowers the overload (a part over in one constraint, every other part full in
   * another), exchanges the pair of vertices, one in an overloaded part, that lowers it most: up to
   * {@value #SWAP_FROM} candidates of each overloaded part against {@value #SWAP_WITH} of the others, in seeded
   * order, and no more pairs than that in all. Returns whether it exchanged one.
   */
  private boolean swap() {
    int[] order = Permutations.random(g.n, random);
    int[][] members = membersInOrder(order);
    long budget = (long) SWAP_FROM * SWAP_WITH; // pairs weighed per call, however many parts are over
    for (int p = 0; p < parts && budget > 0; p++) {
      if (!overloaded(p)) {
        continue;
      }
      int bestV = -1;
      int bestU = -1;
      double bestRelief = 1e-12;
      int tried = 0;
      for (int v : members[p]) {
        if (!relieves(v, p)) {
          continue;
        }
        if (++tried > SWAP_FROM || budget <= 0) {
          break;
        }
        int others = 0;
        for (int u : order) {
          if (part[u] == p) {
            continue;
          }
          if (++others > SWAP_WITH || --budget < 0) {
            break;
          }
          double r = swapRelief(v, p, u, part[u]);
          if (r > bestRelief) {
            bestRelief = r;
            bestV = v;
            bestU = u;
          }
        }
      }
      if (bestV >= 0) {
        int q = part[bestU];
        move(bestV, q);
        move(bestU, p);
        return true;
      }
    }
    return false;
  }

  /** Each part's vertices, in {@code order}. */
  private int[][] membersInOrder(int[] order) {
    int[] size = new int[parts];
    for (int v = 0; v < g.n; v++) {
      size[part[v]]++;
    }
    int[][] members = new int[parts][];
    for (int q = 0; q < parts; q++) {
      members[q] = new int[size[q]];
      size[q] = 0;
    }
    for (int v : order) {
      members[part[v]][size[part[v]]++] = v;
    }
    return members;
  }

  private double swapRelief(int v, int p, int u, int q) {
    double before = 0;
    double after = 0;
    for (int c = 0; c < C; c++) {
      long d = g.weight(v, c) - g.weight(u, c);
      if (d == 0 || limit[c] == 0) {
        continue;
      }
      before += excess(load[p][c], c) + excess(load[q][c], c);
      after += excess(load[p][c] - d, c) + excess(load[q][c] + d, c);
    }
    return before - after;
  }

  /** How much moving v from p to q lowers the overload of p and q together (negative: raises it). */
  private double relief(int v, int p, int q) {
    double before = 0;
    double after = 0;
    for (int c = 0; c < C; c++) {
      long w = g.weight(v, c);
      if (w == 0 || limit[c] == 0) {
        continue;
      }
      before += excess(load[p][c], c) + excess(load[q][c], c);
      after += excess(load[p][c] - w, c) + excess(load[q][c] + w, c);
    }
    return before - after;
  }

  private double excess(long load, int c) {
    return Math.max(0, load - limit[c]) / (double) limit[c];
  }

  private boolean overloaded(int p) {
    for (int c = 0; c < C; c++) {
      if (load[p][c] > limit[c]) {
        return true;
      }
    }
    return false;
  }

  /** Whether v carries weight in a constraint its part p exceeds. */
  private boolean relieves(int v, int p) {
    for (int c = 0; c < C; c++) {
      if (load[p][c] > limit[c] && g.weight(v, c) > 0) {
        return true;
      }
    }
    return false;
  }

  private boolean fits(int v, int q) {
    for (int c = 0; c < C; c++) {
      long w = g.weight(v, c);
      if (w > 0 && load[q][c] + w > limit[c]) {
        return false;
      }
    }
    return true;
  }

  /** A move that keeps the cut evens the loads: q ends lighter than p was in every constraint v carries. */
  private boolean evens(int v, int p, int q) {
    boolean carries = false;
    for (int c = 0; c < C; c++) {
      long w = g.weight(v, c);
      if (w > 0) {
        carries = true;
        if (load[q][c] + w >= load[p][c]) {
          return false;
        }
      }
    }
    return carries;
  }

  /** Whether part q is lighter than part r (r < 0: none yet) in its heaviest constraint relative to the limit. */
  private boolean lighter(int q, int r) {
    return r < 0 || fullness(q) < fullness(r);
  }

  private double fullness(int q) {
    double f = 0;
    for (int c = 0; c < C; c++) {
      if (limit[c] > 0) {
        f = Math.max(f, load[q][c] / (double) limit[c]);
      }
    }
    return f;
  }

  /** Fills conn with v's edge costs per part (its own part included); returns how many parts it touched. */
  private int gather(int v) {
    int t = 0;
    int p = part[v];
    gathers++;
    touched[t++] = p;
    touchedAt[p] = gathers;
    conn[p] = 0;
    for (int e = g.start[v]; e < g.start[v + 1]; e++) {
      int q = part[g.adj[e]];
      if (touchedAt[q] != gathers) {
        touchedAt[q] = gathers;
        touched[t++] = q;
      }
      conn[q] += g.cost[e];
    }
    return t;
  }

  private void clear(int t) {
    for (int x = 0; x < t; x++) {
      conn[touched[x]] = 0;
    }
  }

  private void move(int v, int q) {
    int p = part[v];
    for (int c = 0; c < C; c++) {
      long w = g.weight(v, c);
      load[p][c] -= w;
      load[q][c] += w;
    }
    part[v] = q;
  }
}
