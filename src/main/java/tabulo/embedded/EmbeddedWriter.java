package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.apache.accumulo.core.data.Mutation;

import tabulo.storage.TabuloException;
import tabulo.storage.TableWriter;

/**
 * The embedded batch writer: buffers mutations, hands them to their tablets in batches (log, then
 * memtable), and on {@link #flush()} syncs the logs of every tablet it wrote to.
 */
final class EmbeddedWriter implements TableWriter {
  private final Table table;
  private final List<List<Mutation>> pending;
  private final BitSet touched = new BitSet();
  private long bufferedBytes;
  private boolean closed;

  EmbeddedWriter(Table table) {
    this.table = table;
    this.pending = new ArrayList<>();
    for (int i = 0; i < table.tablets().size(); i++) {
      pending.add(new ArrayList<>());
    }
  }

  @Override
  public synchronized void addMutation(Mutation m) {
    if (closed) {
      throw new IllegalStateException("writer for table " + table.name() + " is closed");
    }
    if (m.size() == 0) {
      throw new TabuloException("mutation for row '" + new String(m.getRow(), java.nio.charset.StandardCharsets.UTF_8)
          + "' of table " + table.name() + " has no updates");
    }
    int tablet = pending.size() == 1 ? 0 : table.tabletIndex(m.getRow());
    pending.get(tablet).add(m);
    bufferedBytes += m.numBytes() + 64;
    if (bufferedBytes >= table.writerBufferBytes()) {
      dispatch();
    }
  }

  private void dispatch() {
    try {
      for (int i = 0; i < pending.size(); i++) {
        List<Mutation> batch = pending.get(i);
        if (!batch.isEmpty()) {
          table.tablets().get(i).apply(batch);
          touched.set(i);
          pending.set(i, new ArrayList<>());
        }
      }
      bufferedBytes = 0;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write to table " + table.name(), e);
    }
  }

  @Override
  public synchronized void flush() {
    dispatch();
    try {
      for (int i = touched.nextSetBit(0); i >= 0; i = touched.nextSetBit(i + 1)) {
        table.tablets().get(i).syncLog();
      }
      touched.clear();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sync the log of table " + table.name(), e);
    }
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      flush();
      closed = true;
    }
  }
}
