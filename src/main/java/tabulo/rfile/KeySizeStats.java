package tabulo.rfile;

import org.apache.commons.math3.stat.StatUtils;

/**
 * The mean and standard deviation of the last 2017 key sizes, exactly as Accumulo's RollingStats gives
 * them (the same doubles, so block boundaries and index keys come out as Accumulo's writer makes them),
 * but lazily: appending costs one int store, and the work RollingStats does per key (an incremental
 * update and a square root) is done only when a block is about to close and its statistics are read.
 *
 * <p>RollingStats' state: until the window is full, the statistics of the values so far, computed when
 * read; when it fills, they are computed over the window; after that each value updates them
 * incrementally, and a read recomputes them over the window when 100 or more values came since the last
 * computation or the variance drifted below zero. Here the incremental updates since the last computation
 * (fewer than 100, or they would be dropped for a recomputation) are replayed at read time from a history
 * long enough to hold both the values added and the ones they pushed out of the window.
 */
final class KeySizeStats {
  static final int WINDOW = 2017; // Accumulo's LocalityGroupWriter
  private static final int RECOMPUTE_AFTER = 100;
  private static final int HISTORY = 4096; // > WINDOW + RECOMPUTE_AFTER, a power of two
  private static final int MASK = HISTORY - 1;

  private final int[] history = new int[HISTORY];
  private final double[] window = new double[WINDOW];
  private long added;
  private long computedAt; // values added when the statistics were last computed over the window
  private long updatedTo; // values the incremental state below covers
  private double average;
  private double variance;
  private double stddev;

  void add(int keySize) {
    history[(int) added & MASK] = keySize;
    added++;
  }

  double mean() {
    catchUp();
    return average;
  }

  double standardDeviation() {
    catchUp();
    return stddev;
  }

  /** Brings the state to where RollingStats' would be on a read after the same values. */
  private void catchUp() {
    if (added < WINDOW) {
      if (added > computedAt) {
        compute((int) added);
      }
      return;
    }
    if (computedAt < WINDOW) {
      // RollingStats computes over the window when it fills
      long now = added;
      added = WINDOW;
      compute(WINDOW);
      added = now;
    }
    if (added - computedAt >= RECOMPUTE_AFTER) {
      compute(WINDOW);
      return;
    }
    for (long i = updatedTo; i < added; i++) {
      update(history[(int) i & MASK], history[(int) (i - WINDOW) & MASK]);
    }
    updatedTo = added;
    if (variance < 0) {
      compute(WINDOW);
    }
  }

  /** RollingStats.update: the window moved on by one value. */
  private void update(double newValue, double oldValue) {
    double delta = newValue - oldValue;
    double oldAverage = average;
    average = average + delta / WINDOW;
    variance += delta * (newValue - average + oldValue - oldAverage) / (WINDOW - 1);
    stddev = Math.sqrt(variance);
  }

  /** RollingStats.computeStats(len) over its window array as it is after {@link #added} values. */
  private void compute(int len) {
    long first = added - len; // window slots hold values by their index modulo WINDOW
    int slot = (int) (first % WINDOW);
    for (long i = first; i < added; i++) {
      window[slot] = history[(int) i & MASK];
      slot = slot + 1 == WINDOW ? 0 : slot + 1;
    }
    average = StatUtils.mean(window, 0, len);
    variance = StatUtils.variance(window, average, 0, len);
    stddev = Math.sqrt(variance);
    computedAt = added;
    updatedTo = added;
  }
}
