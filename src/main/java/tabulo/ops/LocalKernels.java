package tabulo.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.accumulo.core.data.Range;

import tabulo.ops.MxmOptions.Algorithm;
import tabulo.storage.Store;

/**
 * Runs kernels in this process against a store: next to the data for the embedded engine, and the
 * client-side fallback on Accumulo. Outer-product tablets run in parallel on the workers; row-by-row
 * walks tablets in turn and spreads each batch over the workers.
 */
final class LocalKernels implements KernelHost {
  private final Store store;

  LocalKernels(Store store) {
    this.store = store;
  }

  @Override
  public void run(MxmPlan plan, List<Range> tablets, KernelCounters counters) {
    ExecutorService pool = Executors.newFixedThreadPool(plan.workers(), r -> {
      Thread t = new Thread(r, "tabulo-mxm");
      t.setDaemon(true);
      return t;
    });
    try {
      TabletKernel kernel = plan.kernel(store, pool, counters);
      DriverRows driver = ranges -> store.scan(kernel.driverTable(),
          Scans.spec(ranges, kernel.driverColumns(), plan.auths()));
      if (plan.algorithm() == Algorithm.OUTER) {
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
      pool.shutdownNow();
    }
  }

  private static void runTablet(TabletKernel kernel, Range tablet, DriverRows driver) {
    try (TabletRun run = kernel.start(tablet, driver)) {
      while (run.step() != null) {
        // each unit is durable when step returns
      }
    }
  }
}
