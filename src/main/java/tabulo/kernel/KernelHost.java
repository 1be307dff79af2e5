package tabulo.kernel;

import java.util.List;

import org.apache.accumulo.core.data.Range;

/**
 * Where a plan's kernels run: in this process ({@link LocalKernels}), or inside the tablet servers of
 * the store (the Accumulo host). Either way the same {@link TabletKernel} code does the work.
 */
public interface KernelHost {
  /**
   * Runs the plan's kernel over every tablet range of its driver table; returns when all are done.
   * {@code journal} is an empty table for the units begun when the host {@link #journalsUnits} and the
   * plan's output combines, else null.
   */
  void run(KernelPlan plan, String journal, List<Range> tablets, KernelCounters counters);

  /**
   * Whether the host may re-run a unit (a tablet server restarted in the middle of it) and so needs a
   * journal of the units begun where a unit written twice would count twice ({@link KernelPlan#outputCombines}).
   */
  default boolean journalsUnits() {
    return false;
  }

  /**
   * Driver entries per kernel unit when the caller does not say: a unit is what a restarted kernel redoes,
   * and what a kernel holds in memory at once.
   */
  int defaultUnitEntries();

  /**
   * What {@link KernelCounters#remoteEntries} counts on this host, for messages, or null when it counts
   * nothing: tablet servers count entries read from tablets other tablet servers host; one process counts,
   * for a multiply placed by a plan ({@code planned}), entries of rows that lie in other parts.
   */
  default String remoteEntriesScope(boolean planned) {
    return null;
  }

  /**
   * Whether the kernels run in this process next to the store's data (the embedded engine), so an algorithm
   * may read a graph once and hold its arrays here instead of reading its table again each round (tablet
   * servers keep nothing from one kernel run to the next; client-side kernels of a server store read it
   * from afar).
   */
  default boolean inThisProcess() {
    return false;
  }

  /** A store that can host kernels next to its data. */
  interface Provider {
    KernelHost kernelHost();
  }
}
