package tabulo.cli;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * A store opened and an all-or-nothing load into one of its tables begun, either at once or on another
 * thread while the caller goes on: opening the embedded engine (its files, its logs, class
 * initialisation) takes tens of milliseconds, which {@code put} spends parsing its first lines instead of
 * waiting. {@link #loader()} waits for it and throws what opening threw,
 * unchanged; {@link #close()} closes the store.
 */
final class LoadOpening implements AutoCloseable {
  private record Opened(Store store, SortedLoader loader) {}

  private final FutureTask<Opened> task;

  private LoadOpening(Supplier<Store> open, String table, boolean mustBeAllOrNothing) {
    this.task = new FutureTask<>(() -> {
      Store store = open.get();
      try {
        if (!store.exists(table)) {
          throw new TabuloException("no such table: " + table);
        }
        SortedLoader loader = store.atomicLoad(table);
        if (mustBeAllOrNothing && !loader.allOrNothing()) {
          loader.abort();
          throw new IllegalStateException("a load opened in the background must be all or nothing");
        }
        return new Opened(store, loader);
      } catch (RuntimeException | Error e) {
        store.close();
        throw e;
      }
    });
  }

  /** Opens on this thread, now. */
  static LoadOpening now(Supplier<Store> open, String table) {
    LoadOpening o = new LoadOpening(open, table, false);
    o.task.run();
    return o;
  }

  /**
   * Opens on another thread; the load must be all or nothing (the embedded engine's always is), since the
   * caller reads input before it knows the loader.
   */
  static LoadOpening inBackground(Supplier<Store> open, String table) {
    LoadOpening o = new LoadOpening(open, table, true);
    Thread t = new Thread(o.task, "open-store");
    t.setDaemon(true);
    t.start();
    return o;
  }

  /** Whether opening has ended (opened, or failed): {@link #loader()} would not wait. */
  boolean openingEnded() {
    return task.isDone();
  }

  /** The loader, once open; what opening threw, as it was thrown. */
  SortedLoader loader() {
    return opened().loader();
  }

  /** Waits for the opening and closes the store it opened (nothing if it failed). */
  @Override
  public void close() {
    Opened o;
    try {
      o = opened();
    } catch (RuntimeException | Error e) {
      return; // nothing was opened; the caller has reported, or is reporting, the failure
    }
    o.store().close();
  }

  private Opened opened() {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return task.get();
        } catch (InterruptedException e) {
          interrupted = true; // the store may be opening: wait for it, so that it is closed
        }
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
