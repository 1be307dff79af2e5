package tabulo.storage;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sorts runs of {@link PackedCells} and appends them to a {@link SortedLoader} on one background thread,
 * while the caller fills the next run: parsing and sorting/writing overlap on two cores (the caller sorts a
 * run itself when the thread is still busy with the one before). At most two runs exist at a time (the one
 * being written and the one being filled). The loader is only ever used by the background thread until
 * {@link #finish()} or {@link #abort()} returns.
 */
public final class BackgroundRunLoader implements AutoCloseable {
  private final SortedLoader loader;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "sorted-runs");
    t.setDaemon(true);
    return t;
  });
  private Future<PackedCells> pending;
  private boolean first = true;

  public BackgroundRunLoader(SortedLoader loader) {
    this.loader = loader;
  }

  /**
   * Hands a run over to be sorted and appended (the run must not be touched afterwards) and returns an
   * empty one to fill next, after the run before has been written; a failure writing that run is thrown
   * here.
   */
  public PackedCells submit(PackedCells run) {
    return submit(run, true);
  }

  /** Hands over the last run (no run to fill next is made). */
  public void submitLast(PackedCells run) {
    submit(run, false);
  }

  private PackedCells submit(PackedCells run, boolean fillNext) {
    // While the run before is still being written, the caller sorts this one rather than wait: whichever
    // side is slower, parsing or writing, the other takes the sort off it.
    int[] order = run.count() > 0 && pending != null && !pending.isDone() ? run.sortedOffsets() : null;
    PackedCells next = awaitPending();
    if (run.count() == 0) {
      return run;
    }
    if (next == null && fillNext) {
      next = run.emptyLike(); // the size of the runs to come: filled without growing
    }
    boolean firstRun = first;
    first = false;
    pending = worker.submit(() -> {
      if (!firstRun) {
        loader.nextRun();
      }
      run.appendSorted(loader, order != null ? order : run.sortedOffsets());
      run.clear();
      return run;
    });
    return next;
  }

  /** Waits until every submitted run is appended; throws a failure of the last one. */
  public void finish() {
    awaitPending();
  }

  /** Waits for the run in flight (its failure no longer matters), then drops everything appended. */
  public void abort() {
    try {
      awaitPending();
    } catch (RuntimeException | Error e) {
      // the loader is given up below in any case
    }
    loader.abort();
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }

  private PackedCells awaitPending() {
    if (pending == null) {
      return null;
    }
    Future<PackedCells> f = pending;
    pending = null;
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing a sorted run", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    }
  }
}
