package tabulo.partition;

/**
 * Eq. (1) of the paper: part k respects constraint c when W^c(V_k) <= W^c_avg (1 + eps). The imbalance of a
 * constraint is max_k W^c(V_k) / W^c_avg - 1 (0 for a constraint whose total is 0).
 */
public final class Balance {
  private Balance() {}

  /** Per constraint the imbalance of {@code loads[part][constraint]}. */
  public static double[] imbalance(long[][] loads) {
    int parts = loads.length;
    int constraints = parts == 0 ? 0 : loads[0].length;
    double[] out = new double[constraints];
    for (int c = 0; c < constraints; c++) {
      long total = 0;
      long max = 0;
      for (long[] part : loads) {
        total += part[c];
        max = Math.max(max, part[c]);
      }
      out[c] = total == 0 ? 0 : max * (double) parts / total - 1;
    }
    return out;
  }

  /** The largest weight a part may hold under eps: floor(W_avg (1 + eps)), at least the average rounded up. */
  static long limit(long total, int parts, double eps) {
    long ceilAvg = (total + parts - 1) / parts;
    return Math.max(ceilAvg, (long) Math.floor(total / (double) parts * (1 + eps)));
  }

  /** Whether every imbalance is at most eps (with rounding slack for integral weights). */
  public static boolean within(double[] imbalance, double eps) {
    for (double x : imbalance) {
      if (x > eps + 1e-12) {
        return false;
      }
    }
    return true;
  }
}
