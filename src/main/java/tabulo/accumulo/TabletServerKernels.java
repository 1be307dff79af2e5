package tabulo.accumulo;

import tabulo.kernel.Tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

import tabulo.kernel.KernelCounters;
import tabulo.kernel.KernelHost;
import tabulo.kernel.KernelPlan;
import tabulo.kernel.KernelPlans;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * Runs kernels inside Accumulo's tablet servers: one scan per tablet of the driver table carries
 * {@link TabletKernelIterator}, which does the work next to the tablet's data and returns a marker per
 * unit (batch size 1, so each marker comes back as soon as its unit is durable). The kernels log in as
 * the store's short-lived kernel user ({@link KernelUser}), granted the run's tables; each run leaves its
 * files to import in a directory of its own.
 */
final class TabletServerKernels implements KernelHost {
  /** Above the driver's column filter, so the kernel reads selected columns. */
  static final int KERNEL_PRIORITY = 1100;

  private final AccumuloStore store;

  TabletServerKernels(AccumuloStore store) {
    this.store = store;
  }

  /** A unit is what a tablet server restarted in the middle of it redoes. */
  @Override
  public int defaultUnitEntries() {
    return 50_000;
  }

  /** A tablet server restarted in the middle of a unit makes the scan re-run it. */
  @Override
  public boolean journalsUnits() {
    return true;
  }

  /** Kernels count entries read from tablets hosted by other tablet servers ({@link TabletSites}). */
  @Override
  public String remoteEntriesScope(boolean planned) {
    return "other tablet servers";
  }

  @Override
  public void run(KernelPlan plan, String journal, List<Range> tablets, KernelCounters counters) {
    AccumuloClient client = store.client();
    store.scanAuthorizations(plan.auths()); // the kernel user gets these: the caller must hold them
    List<String> writes = new ArrayList<>(plan.outputs());
    if (journal != null) {
      writes.add(journal);
    }
    KernelUser user = store.kernelUser(plan.auths());
    user.allow(plan.inputs().toArray(new String[0]), plan.outputs().toArray(new String[0]));
    if (journal != null) {
      user.allow(new String[0], new String[] {journal});
    }
    KernelLogin login = user.loginForRun();
    int tservers = Math.max(1, client.instanceOperations().getTabletServers().size());
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(tablets.size(), plan.workers() * tservers)),
        r -> {
          Thread t = new Thread(r, "tabulo-kernel-scan");
          t.setDaemon(true);
          return t;
        });
    try {
      IteratorSetting kernel = new IteratorSetting(KERNEL_PRIORITY, "tabulo-kernel", TabletKernelIterator.class);
      kernel.addOptions(KernelPlans.encode(plan));
      kernel.addOptions(login.toOptions());
      if (journal != null) {
        kernel.addOption(TabletKernelIterator.JOURNAL, journal);
      }
      List<Future<?>> done = new ArrayList<>();
      for (Range tablet : tablets) {
        done.add(pool.submit(() -> runTablet(client, plan, kernel, tablet, counters)));
      }
      tabulo.kernel.Tasks.awaitAll(done);
      AccumuloBulkLoader.importDeferred(store, login.bulkDir());
    } finally {
      pool.shutdownNow();
      deleteQuietly(login.bulkDir());
    }
  }

  /** What a finished or failed run left to import goes; no later run reads this directory. */
  private static void deleteQuietly(String dir) {
    try {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(dir);
      p.getFileSystem(WorkDirectory.HADOOP_CONF).delete(p, true);
    } catch (java.io.IOException e) {
      // left behind: the user's directory goes when the store closes
    }
  }

  private static void runTablet(AccumuloClient client, KernelPlan plan, IteratorSetting kernel, Range tablet,
      KernelCounters counters) {
    try (Scanner s = client.createScanner(plan.driverTable(), plan.auths())) {
      s.setRange(tablet);
      s.setBatchSize(1);
      for (IteratorSetting it : plan.driverIterators()) {
        s.addScanIterator(it);
      }
      s.addScanIterator(kernel);
      for (Entry<Key, Value> e : s) {
        KernelMarker m = KernelMarker.decode(e.getValue());
        if (m.error() != null) {
          throw new TabuloException(m.error());
        }
        counters.work.addAndGet(m.work());
        counters.entriesRead.addAndGet(m.entriesRead());
        counters.entriesWritten.addAndGet(m.entriesWritten());
        counters.remoteEntries.addAndGet(m.remote());
        if (m.resumed()) {
          counters.resumes.incrementAndGet();
        }
      }
    } catch (TableNotFoundException e) {
      throw new TabuloException("no such table: " + plan.driverTable(), e);
    } catch (TabuloException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new TabuloException(AccumuloProps.redact("a " + plan.kind() + " kernel failed in a tablet server while reading "
          + plan.driverTable() + ": " + AccumuloStore.rootMessage(e)), e);
    }
  }
}
