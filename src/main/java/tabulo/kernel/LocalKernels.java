package tabulo.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.accumulo.core.data.Range;

import tabulo.storage.Store;

/**
 * Runs kernels in this process against a store: next to the data for the embedded engine, and the
 * client-side fallback on Accumulo. Tablets run in parallel on the workers unless the plan's own runs
 * spread each tablet over them (row-by-row's batches); one tablet runs on the caller's thread (the pool's
 * threads start only when a kernel submits work: a small operation's hand-offs cost more than its work).
 */
public final class LocalKernels implements KernelHost {
  private final Store store;

  public LocalKernels(Store store) {
    this.store = store;
  }

  /** One process has no servers: under a plan, each part stands for one. */
  @Override
  public String remoteEntriesScope(boolean planned) {
    return planned ? "other parts" : null;
  }

  /** True for a store without servers of its own (embedded): its data is read here, where the kernels run. */
  @Override
  public boolean inThisProcess() {
    return !(store instanceof KernelHost.Provider); // client-side kernels of a server store: data comes from afar
  }

  /** A run that dies in this process is discarded whole, so units only bound memory and files. */
  @Override
  public int defaultUnitEntries() {
    return 1_000_000;
  }

  /** The store's own host when it has one and {@code nextToData}, else this process. */
  public static KernelHost of(Store store, boolean nextToData) {
    return nextToData && store instanceof KernelHost.Provider p ? p.kernelHost() : new LocalKernels(store);
  }

  @Override
  public void run(KernelPlan plan, String journal, List<Range> tablets, KernelCounters counters) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, plan.workers()), r -> {
      Thread t = new Thread(r, "tabulo-kernel");
      t.setDaemon(true);
      return t;
    });
    try {
      TabletKernel kernel = plan.kernel(store, pool, counters);
      DriverRows driver = ranges -> store.scan(plan.driverTable(), plan.driverSpec(ranges));
      tablets = Pieces.of(store, plan, tablets);
      if (plan.tabletsInParallel() && tablets.size() > 1) {
        List<Future<?>> futures = new ArrayList<>();
        for (Range tablet : tablets) {
          futures.add(pool.submit(() -> runTablet(kernel, tablet, driver)));
        }
        Tasks.awaitAll(futures);
      } else {
        for (Range tablet : tablets) {
          runTablet(kernel, tablet, driver);
        }
      }
    } finally {
      Tasks.stop(pool);
    }
  }

  private static void runTablet(TabletKernel kernel, Range tablet, DriverRows driver) {
    try (TabletRun run = kernel.start(tablet, driver, Sites.NONE)) {
      while (run.step() != null) {
        // each unit is durable when step returns
      }
    }
  }
}
