package tabulo.embedded;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The database's background work: minor compactions on one thread (so writers are never starved by a
 * long merge) and major compactions on another. Failures are kept by the tablet and surface on its next use.
 */
final class Background {
  private final ExecutorService minor = Executors.newSingleThreadExecutor(daemon("tabulo-minc"));
  private final ExecutorService major = Executors.newSingleThreadExecutor(daemon("tabulo-majc"));
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("tabulo-timer"));

  private static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  private volatile boolean closing;

  void submitMinor(Runnable task) {
    minor.execute(task);
  }

  /** Queues a merge; false when the database is closing (the caller then gives up its reservation). */
  boolean trySubmitMajor(Runnable task) {
    if (closing) {
      return false;
    }
    try {
      major.execute(task);
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }

  /** Runs a quick check later (not a compaction: those are queued by the check). */
  void later(Runnable check, long delayMillis) {
    if (closing) {
      return;
    }
    try {
      timer.schedule(check, delayMillis, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // closing: the check is not needed any more
    }
  }

  boolean closing() {
    return closing;
  }

  void report(Tablet tablet, Throwable failure) {
    if (!closing) {
      System.err.println("tabulo: background compaction of table " + tablet.table.name() + " tablet "
          + tablet.index + " failed: " + failure);
    }
  }

  /**
   * Lets queued minor compactions finish (they make memory durable as files) and interrupts merges: a
   * merge cut short leaves only an uncommitted file, removed at the next open. Queued merges run only to
   * see that the database is closing and release their tablet.
   */
  void shutdown() {
    closing = true;
    timer.shutdownNow();
    for (Runnable never : major.shutdownNow()) {
      never.run();
    }
    minor.shutdown();
    try {
      minor.awaitTermination(10, TimeUnit.MINUTES);
      major.awaitTermination(10, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
