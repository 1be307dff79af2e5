package tabulo.kernel;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;

/**
 * One run of one kernel as its hosts need it: which table it walks tablet by tablet, what it reads and
 * writes, and how to build the {@link TabletKernel} that does the work. It travels to tablet servers as
 * iterator options ({@link #toOptions}, decoded by the {@link Kind} named {@link #kind}), so it holds
 * table names and settings, never credentials.
 */
public interface KernelPlan {
  /** The registered kind that decodes this plan's options, e.g. {@code mxm.rowwise}. */
  String kind();

  /** The authorizations the kernels read with. */
  Authorizations auths();

  /** The tables the kernels read (the driver among them). */
  List<String> inputs();

  /** The tables the kernels write. */
  List<String> outputs();

  /** The table whose tablets the kernels walk; a run reads their rows through {@link DriverRows}. */
  String driverTable();

  /** The driver's rows the kernel reads (all of them unless it says otherwise). */
  default KeySpec driverRows() {
    return KeySpec.all();
  }

  /** The driver's columns the kernel reads, selected beneath it by the host. */
  KeySpec driverColumns();

  /**
   * The driver's column families the kernel reads, fetched by the host (so locality groups keep the
   * others unread); empty: all of them.
   */
  default List<String> driverFamilies() {
    return List.of();
  }

  /** The driver scan of {@code ranges}: {@link #driverColumns} and {@link #driverFamilies}. */
  default ScanSpec driverSpec(List<Range> ranges) {
    ScanSpec spec = Scans.spec(ranges, driverColumns(), auths());
    driverFamilies().forEach(spec::fetch);
    return spec;
  }

  /** The scan iterators that select {@link #driverColumns} (none when it reads them all). */
  default List<IteratorSetting> driverIterators() {
    return Scans.columnFilters(driverColumns());
  }

  /**
   * Whether the output combines what units write (a summing combiner), so a unit written twice would
   * count twice and a host that re-runs units must journal them. Otherwise a unit re-run writes the
   * same cells again, which changes nothing.
   */
  boolean outputCombines();

  /** Threads a host may give this run (per tablet server on Accumulo). */
  int workers();

  /** Whether a host may run several tablets at once; false when a tablet's run uses the workers itself. */
  default boolean tabletsInParallel() {
    return true;
  }

  /** The settings a tablet server needs to rebuild this plan with {@link Kind#decode}. */
  Map<String, String> toOptions();

  /**
   * The kernel, reading other tables and writing its output through {@code store}; {@code pool} has
   * {@link #workers} threads for kernels that spread one tablet's work.
   */
  TabletKernel kernel(Store store, ExecutorService pool, KernelCounters counters);

  /** Decodes the plans of one kind; registered as a service ({@link KernelPlans}). */
  interface Kind {
    String name();

    KernelPlan decode(Map<String, String> options);
  }
}
