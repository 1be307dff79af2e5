package tabulo.ops.mxm;

import tabulo.storage.Store;
import tabulo.storage.TableWriter;

/**
 * The writers one unit of a kernel needs beside its bulk loads (C's labelled rows, C^T), opened on first
 * use and closed, so durable, when the unit ends: a unit leaves nothing open behind it.
 */
final class UnitWriters implements AutoCloseable {
  private final Store store;
  private final String out;
  private final String outTransposed;
  private TableWriter outWriter;
  private TableWriter transposedWriter;

  UnitWriters(Store store, String out, String outTransposed) {
    this.store = store;
    this.out = out;
    this.outTransposed = outTransposed;
  }

  synchronized TableWriter out() {
    if (outWriter == null) {
      outWriter = store.writer(out);
    }
    return outWriter;
  }

  synchronized TableWriter transposed() {
    if (transposedWriter == null) {
      transposedWriter = store.writer(outTransposed);
    }
    return transposedWriter;
  }

  @Override
  public synchronized void close() {
    try (TableWriter a = outWriter; TableWriter b = transposedWriter) {
      // closing flushes both
    }
  }
}
