package tabulo.accumulo;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Inside a tablet server: the stores kernels read and write other tables through, one per run's login,
 * kept while the run goes on (Accumulo tears iterators down between scan batches, and each resume would
 * otherwise log in again) and closed once idle. Also the worker threads kernels multiply on.
 */
final class KernelClients {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(KernelClients.class);
  private static final long IDLE_MILLIS = TimeUnit.MINUTES.toMillis(10);

  private record Cached(AccumuloStore store, AtomicLong lastUse) {}

  private static final Map<KernelLogin, Cached> STORES = new ConcurrentHashMap<>();
  private static final ExecutorService WORKERS = Executors.newCachedThreadPool(daemon("tabulo-kernel-worker"));
  private static final ScheduledExecutorService REAPER =
      Executors.newSingleThreadScheduledExecutor(daemon("tabulo-kernel-reaper"));

  static {
    REAPER.scheduleWithFixedDelay(KernelClients::closeIdle, 1, 1, TimeUnit.MINUTES);
  }

  private KernelClients() {}

  /** The store for a run's login, logging in on first use. */
  static AccumuloStore store(KernelLogin login) {
    Cached c = STORES.computeIfAbsent(login, l -> {
      LOG.info("multiply kernel logs in as {} with the credential store {}", l.user(), l.credentialStore());
      return new Cached(new AccumuloStore(l.connect(), true).workDir(l.workDir()).deferImports(l.bulkDir(), l.filesOnly()), new AtomicLong());
    });
    c.lastUse.set(System.currentTimeMillis());
    return c.store;
  }

  /** Threads for kernels' multiply workers: grown on demand, idle ones end after a minute. */
  static ExecutorService workers() {
    return WORKERS;
  }

  private static void closeIdle() {
    long now = System.currentTimeMillis();
    STORES.entrySet().removeIf(e -> {
      if (now - e.getValue().lastUse.get() < IDLE_MILLIS) {
        return false;
      }
      e.getValue().store.close();
      return true;
    });
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
