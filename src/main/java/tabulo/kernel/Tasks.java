package tabulo.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import tabulo.storage.TabuloException;

/** Waiting for a kernel's parallel tasks: the first failure is rethrown as it was raised. */
public final class Tasks {
  private Tasks() {}

  /**
   * Runs {@code tasks} on {@code threads} daemon threads named {@code name} (on the caller's thread when one
   * suffices) and returns when all are done; the first failure is rethrown as it was raised.
   */
  public static void runAll(int threads, String name, List<Runnable> tasks) {
    if (threads <= 1 || tasks.size() <= 1) {
      tasks.forEach(Runnable::run);
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, tasks.size()), r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>();
      tasks.forEach(t -> futures.add(pool.submit(t)));
      awaitAll(futures);
    } finally {
      stop(pool);
    }
  }

  /**
   * Interrupts a pool's tasks and waits until every one has ended: a task still writing after its operation
   * failed and cleaned up could otherwise touch files of a table made later under a reused id.
   */
  public static void stop(ExecutorService pool) {
    pool.shutdownNow();
    boolean interrupted = false;
    while (true) {
      try {
        if (pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
          break;
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  public static void awaitAll(List<Future<?>> futures) {
    for (Future<?> f : futures) {
      try {
        f.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TabuloException("multiply interrupted");
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw new IllegalStateException(e.getCause());
      }
    }
  }
}
