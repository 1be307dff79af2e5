package tabulo.kernel;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import tabulo.storage.TabuloException;

/** Waiting for a kernel's parallel tasks: the first failure is rethrown as it was raised. */
public final class Tasks {
  private Tasks() {}

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
