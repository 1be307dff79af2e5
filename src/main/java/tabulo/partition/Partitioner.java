package tabulo.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Tabulo's multilevel K-way partitioner with several balance constraints (direct K-way, not recursive
 * bisection, so the three constraints are balanced among all K parts at once):
 *
 * <ol>
 *   <li>coarsen by heavy-edge matching ({@link Coarsening}) until at most max(20 K, 100) vertices remain or a
 *       level shrinks the graph by less than 10%;
 *   <li>partition the coarsest graph by graph growing ({@link InitialPartition}), best of several seeded tries;
 *   <li>project back level by level, at each restoring balance and refining the boundary
 *       ({@link Refinement});
 *   <li>also refine each given starting partition (the contiguous split) on the finest graph, and return the
 *       best candidate: balanced ones before unbalanced ones, then the lowest cut, then the lowest imbalance.
 * </ol>
 *
 * The same graph, options and starts always give the same partition: all randomness comes from the seed.
 * Balance is a goal, not a promise: when heavy vertices make W_avg (1 + eps) unreachable the result says
 * {@link Result#balanced()} false and gives the imbalance reached.
 */
public final class Partitioner {
  private static final int INITIAL_TRIES = 8;
  private static final int PASSES = 10;

  /** K parts, imbalance eps per constraint (the paper's 0.005), and the seed. */
  public record Options(int parts, double imbalance, long seed) {
    public static final double DEFAULT_IMBALANCE = 0.005;

    public Options {
      if (parts < 1) {
        throw new IllegalArgumentException("--parts must be at least 1, got " + parts);
      }
      if (!(imbalance > 0) || Double.isInfinite(imbalance)) {
        throw new IllegalArgumentException("--imbalance must be a number above 0, got " + imbalance);
      }
    }
  }

  /** A partition of the vertices, its cut, per constraint its imbalance, and whether all are within eps. */
  public record Result(int[] part, long cut, double[] imbalance, boolean balanced) {}

  private Partitioner() {}

  public static Result partition(WeightedGraph g, Options o, List<int[]> starts) {
    SplittableRandom random = new SplittableRandom(o.seed());
    long[] totals = g.totals();
    long[] limit = new long[WeightedGraph.CONSTRAINTS];
    for (int c = 0; c < limit.length; c++) {
      limit[c] = Balance.limit(totals[c], o.parts(), o.imbalance());
    }
    List<Result> candidates = new ArrayList<>();
    if (o.parts() == 1 || g.n == 0) {
      return evaluate(g, new int[g.n], o);
    }
    candidates.add(multilevel(g, o, totals, limit, random));
    for (int[] s : starts) {
      int[] part = s.clone();
      refineLevel(g, part, o.parts(), limit, random);
      candidates.add(evaluate(g, part, o));
    }
    Result best = null;
    for (Result r : candidates) {
      if (best == null || better(r, best)) {
        best = r;
      }
    }
    return best;
  }

  private static Result multilevel(WeightedGraph g, Options o, long[] totals, long[] limit,
      SplittableRandom random) {
    int target = Math.max(20 * o.parts(), 100);
    long[] cap = new long[totals.length];
    for (int c = 0; c < cap.length; c++) {
      cap[c] = Math.max(1, (long) Math.ceil(1.5 * totals[c] / target));
    }
    List<Coarsening.Level> levels = new ArrayList<>();
    WeightedGraph current = g;
    while (current.n > target) {
      Coarsening.Level level = Coarsening.coarsen(current, cap, random);
      if (level.coarse().n > 0.9 * current.n) {
        break;
      }
      levels.add(level);
      current = level.coarse();
    }
    Result best = null;
    for (int t = 0; t < INITIAL_TRIES; t++) {
      int[] part = InitialPartition.grow(current, o.parts(), random);
      refineLevel(current, part, o.parts(), limit, random);
      Result r = evaluate(current, part, o);
      if (best == null || better(r, best)) {
        best = r;
      }
    }
    int[] part = best.part();
    for (int l = levels.size() - 1; l >= 0; l--) {
      Coarsening.Level level = levels.get(l);
      WeightedGraph fine = l == 0 ? g : levels.get(l - 1).coarse();
      int[] finer = new int[fine.n];
      for (int v = 0; v < fine.n; v++) {
        finer[v] = part[level.coarseOf()[v]];
      }
      part = finer;
      refineLevel(fine, part, o.parts(), limit, random);
    }
    return evaluate(g, part, o);
  }

  private static void refineLevel(WeightedGraph g, int[] part, int parts, long[] limit, SplittableRandom random) {
    Refinement r = new Refinement(g, part, parts, limit, random);
    for (int round = 0; round < 3; round++) { // refining can open room that a further rebalance uses
      r.rebalance();
      r.refine(PASSES);
      if (r.balanced()) {
        return;
      }
    }
    r.rebalance();
  }

  private static Result evaluate(WeightedGraph g, int[] part, Options o) {
    long[][] loads = new long[o.parts()][WeightedGraph.CONSTRAINTS];
    for (int v = 0; v < g.n; v++) {
      for (int c = 0; c < WeightedGraph.CONSTRAINTS; c++) {
        loads[part[v]][c] += g.weight(v, c);
      }
    }
    double[] imbalance = Balance.imbalance(loads);
    return new Result(part, g.cut(part), imbalance, Balance.within(imbalance, o.imbalance()));
  }

  private static boolean better(Result a, Result b) {
    if (a.balanced() != b.balanced()) {
      return a.balanced();
    }
    if (a.balanced() && a.cut() != b.cut()) {
      return a.cut() < b.cut();
    }
    double ma = max(a.imbalance());
    double mb = max(b.imbalance());
    if (ma != mb) {
      return ma < mb;
    }
    return a.cut() < b.cut();
  }

  private static double max(double[] xs) {
    double m = 0;
    for (double x : xs) {
      m = Math.max(m, x);
    }
    return m;
  }
}
