package tabulo.accumulo;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.client.AccumuloClient;

/**
 * Inside a tablet server: the clients kernels read and write other tables through, one per kernel user,
 * kept while its runs go on (Accumulo tears iterators down between scan batches, and each resume or run
 * would otherwise log in again) and closed once idle. Also the worker threads kernels multiply on.
 */
final class KernelClients {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(KernelClients.class);
  private static final long IDLE_MILLIS = TimeUnit.MINUTES.toMillis(10);

  private record Cached(AccumuloClient client, AtomicLong lastUse) {}

  private static final Map<KernelLogin.Identity, Cached> CLIENTS = new ConcurrentHashMap<>();
  private static final ExecutorService WORKERS = Executors.newCachedThreadPool(daemon("tabulo-kernel-worker"));
  private static final ScheduledExecutorService REAPER =
      Executors.newSingleThreadScheduledExecutor(daemon("tabulo-kernel-reaper"));

  static {
    REAPER.scheduleWithFixedDelay(KernelClients::closeIdle, 1, 1, TimeUnit.MINUTES);
  }

  private KernelClients() {}

  /** The store for a run's login, over its user's client (logged in on first use). */
  static AccumuloStore store(KernelLogin login) {
    Cached c = CLIENTS.computeIfAbsent(login.identity(), id -> {
      LOG.info("multiply kernel logs in as {} with the credential store {}", id.user(), id.credentialStore());
      return new Cached(login.connect(), new AtomicLong());
    });
    c.lastUse.set(System.currentTimeMillis());
    return new AccumuloStore(c.client, false).workDir(login.workDir()).deferImports(login.bulkDir(), login.filesOnly());
  }

  /** Threads for kernels' multiply workers: grown on demand, idle ones end after a minute. */
  static ExecutorService workers() {
    return WORKERS;
  }

  private static void closeIdle() {
    long now = System.currentTimeMillis();
    CLIENTS.entrySet().removeIf(e -> {
      if (now - e.getValue().lastUse.get() < IDLE_MILLIS) {
        return false;
      }
      e.getValue().client.close();
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
