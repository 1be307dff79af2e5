package tabulo.kernel;

import org.apache.accumulo.core.data.Range;

/** A kernel as its hosts see it: a run per tablet (or what is left of one) of the plan's driver table. */
public interface TabletKernel {
  /** Starts on the rows of {@code range} (a tablet, or what is left of one after a resume). */
  TabletRun start(Range range, DriverRows driver);

  /**
   * The same, told where the run is ({@link Sites}), so a kernel that fetches rows of other tables can count
   * those it read from other servers ({@link KernelCounters#remoteEntries}); others ignore it.
   */
  default TabletRun start(Range range, DriverRows driver, Sites sites) {
    return start(range, driver);
  }
}
