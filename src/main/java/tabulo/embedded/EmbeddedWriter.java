package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.accumulo.core.data.Mutation;

import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * The embedded batch writer: buffers mutations per tablet and, when the buffer is full, hands it to a
 * background thread that applies it (log, then memtable) while the caller fills the next one, as
 * Accumulo's batch writer sends in the background. At most one buffer is in flight, so memory stays at
 * two buffers. {@link #flush()} waits for it and syncs the log of every tablet written to.
 */
final class EmbeddedWriter implements TableWriter {
  private final Table table;
  private TreeMap<Integer, List<Mutation>> pending = new TreeMap<>(); // by tablet: only those written to
  private final BitSet touched = new BitSet();
  private long bufferedBytes;
  private ExecutorService sender;
  private Future<?> inFlight;
  private boolean closed;

  EmbeddedWriter(Table table) {
    this.table = table;
  }

  @Override
  public synchronized void addMutation(Mutation m) {
    if (closed) {
      throw new IllegalStateException("writer for table " + table.name() + " is closed");
    }
    if (m.size() == 0) {
      throw new TabuloException("mutation for row '" + new String(m.getRow(), StandardCharsets.UTF_8)
          + "' of table " + table.name() + " has no updates");
    }
    int tablet = table.tabletCount() == 1 ? 0 : table.tabletIndex(m.getRow());
    pending.computeIfAbsent(tablet, k -> new ArrayList<>()).add(m);
    bufferedBytes += m.numBytes() + 64;
    if (bufferedBytes >= table.writerBufferBytes()) {
      dispatch();
    }
  }

  /** Sends the buffer to the background thread, after the previous one has been applied. */
  private void dispatch() {
    if (bufferedBytes == 0) {
      return;
    }
    TreeMap<Integer, List<Mutation>> batch = pending;
    pending = new TreeMap<>();
    bufferedBytes = 0;
    batch.keySet().forEach(touched::set);
    awaitInFlight();
    if (sender == null) {
      sender = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tabulo-writer-" + table.name());
        t.setDaemon(true);
        return t;
      });
    }
    inFlight = sender.submit(() -> {
      for (Map.Entry<Integer, List<Mutation>> e : batch.entrySet()) {
        table.tablet(e.getKey()).apply(e.getValue());
      }
      return null;
    });
  }

  private void awaitInFlight() {
    if (inFlight == null) {
      return;
    }
    try {
      inFlight.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TabuloException("interrupted while writing to table " + table.name());
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new UncheckedIOException("cannot write to table " + table.name(),
          cause instanceof IOException io ? io : new IOException(cause));
    } finally {
      inFlight = null;
    }
  }

  @Override
  public synchronized void flush() {
    dispatch();
    awaitInFlight();
    try {
      for (int i = touched.nextSetBit(0); i >= 0; i = touched.nextSetBit(i + 1)) {
        table.tablet(i).syncLog();
      }
      touched.clear();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sync the log of table " + table.name(), e);
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    try {
      flush();
    } finally {
      closed = true;
      if (sender != null) {
        sender.shutdown();
      }
    }
  }
}
