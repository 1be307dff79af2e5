package tabulo.kernel;

/**
 * One tablet's share of a kernel, done in units. Each unit leaves its output durable and holds nothing
 * open when {@link #step()} returns, so a host may drop the run between units (Accumulo tears iterators
 * down between scan batches) and start a fresh one after the last row reported.
 */
public interface TabletRun extends AutoCloseable {
  /**
   * Does the next unit; returns the last driver row it covered, or null when no rows are left.
   * {@code beforeWriting} runs before the unit writes anything.
   */
  byte[] step(Runnable beforeWriting);

  default byte[] step() {
    return step(() -> {});
  }

  /** Releases the driver scan when a run is abandoned before its end. */
  @Override
  default void close() {}
}
