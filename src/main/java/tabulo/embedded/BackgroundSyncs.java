package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Fsyncs finished files on another thread while the caller writes the next ones: the disk writes a file
 * out while the processor fills the next, instead of the caller waiting for each. {@link #await()} before
 * a manifest names the files.
 */
final class BackgroundSyncs implements AutoCloseable {
  private ExecutorService thread; // made with the first file
  private final List<Future<?>> pending = new ArrayList<>();

  /** Starts the fsync of a finished file. */
  void sync(Path file) {
    if (thread == null) {
      thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "file-syncs");
        t.setDaemon(true);
        return t;
      });
    }
    pending.add(thread.submit(() -> {
      AtomicFile.syncFile(file);
      return null;
    }));
  }

  /** Waits until every file given is synced; throws the first failure. */
  void await() throws IOException {
    boolean interrupted = false;
    try {
      for (Future<?> f : pending) {
        while (true) {
          try {
            f.get();
            break;
          } catch (InterruptedException e) {
            interrupted = true; // the syncs are short: wait for them, then pass the interrupt on
          } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
              throw io;
            }
            if (cause instanceof UncheckedIOException u) {
              throw u.getCause();
            }
            if (cause instanceof RuntimeException r) {
              throw r;
            }
            throw new IllegalStateException(cause);
          }
        }
      }
      pending.clear();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Ends the thread; syncs not awaited are abandoned (their files are being given up). */
  @Override
  public void close() {
    if (thread != null) {
      thread.shutdown();
    }
  }
}
