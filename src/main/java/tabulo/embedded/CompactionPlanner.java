package tabulo.embedded;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Chooses which files of a tablet to merge, as Accumulo's default planner does: the largest set of the
 * smallest files whose total is at least {@link #RATIO} times its biggest member (so each byte is
 * rewritten about log_RATIO(n) times), or, past the file limit, enough small files to get under it.
 * During a burst of writes only the file limit applies: every flush adds a file that the next merge
 * would take in again, so merging by ratio meanwhile rewrites data that is about to be rewritten.
 */
final class CompactionPlanner {
  static final double RATIO = 3.0;

  private CompactionPlanner() {}

  /** Indexes into {@code sizes} of the files to merge; empty when no compaction is worth it. */
  static int[] select(long[] sizes, int maxFiles, boolean writing) {
    if (writing && sizes.length <= maxFiles) {
      return new int[0];
    }
    Integer[] order = IntStream.range(0, sizes.length).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparingLong(i -> sizes[i]));
    long[] prefixSum = new long[order.length + 1];
    for (int i = 0; i < order.length; i++) {
      prefixSum[i + 1] = prefixSum[i] + sizes[order[i]];
    }
    for (int n = order.length; n >= 2; n--) {
      if (sizes[order[n - 1]] * RATIO <= prefixSum[n]) {
        return firstOf(order, n);
      }
    }
    if (order.length > maxFiles) {
      return firstOf(order, Math.max(2, order.length - maxFiles + 1));
    }
    return new int[0];
  }

  private static int[] firstOf(Integer[] order, int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = order[i];
    }
    return out;
  }
}
