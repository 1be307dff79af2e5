package tabulo.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

import tabulo.gen.VertexKeys;
import tabulo.math.DecimalCodec;

/**
 * Writes matrix entries as the bytes {@code scan} prints for a Graph500 table's cells:
 * {@code row<TAB>column<TAB>value<LF>}, rows and columns as {@link VertexKeys} (zero-padded decimal, so no
 * TSV escaping is ever needed), the value as {@link DecimalCodec} text, the default codec a table stores.
 * A vector entry has an empty column key. Buffers itself (one unsynchronized array, flushed when full),
 * and makes each vertex's key once, when first written.
 */
final class TsvCellWriter implements AutoCloseable {
  private static final int BUFFER = 1 << 16;

  private final OutputStream out;
  private final int width;
  private final byte[][] keys;
  private final byte[] buf = new byte[BUFFER];
  private int used;
  private long lines;

  /** Writes to {@code out} (closed by {@link #close}) keys of {@code width} digits for vertices below {@code vertices}. */
  TsvCellWriter(OutputStream out, int width, int vertices) {
    this.out = out;
    this.width = width;
    this.keys = new byte[vertices][];
  }

  /** One matrix entry. */
  void entry(int row, int col, double value) {
    put(key(row));
    put((byte) '\t');
    put(key(col));
    put((byte) '\t');
    put(DecimalCodec.INSTANCE.encode(value));
    put((byte) '\n');
    lines++;
  }

  /** One vector entry, keyed by vertex, as a table with one empty column holds it. */
  void vectorEntry(int index, double value) {
    put(key(index));
    put((byte) '\t');
    put((byte) '\t');
    put(DecimalCodec.INSTANCE.encode(value));
    put((byte) '\n');
    lines++;
  }

  /** A scalar: its value alone on a line. */
  void scalar(double value) {
    put(DecimalCodec.INSTANCE.encode(value));
    put((byte) '\n');
    lines++;
  }

  /** The lines written so far. */
  long lines() {
    return lines;
  }

  private byte[] key(int v) {
    byte[] k = keys[v];
    if (k == null) {
      k = VertexKeys.key(v, width);
      keys[v] = k;
    }
    return k;
  }

  private void put(byte[] b) {
    if (used + b.length > buf.length) {
      drain();
    }
    System.arraycopy(b, 0, buf, used, b.length);
    used += b.length;
  }

  private void put(byte b) {
    if (used == buf.length) {
      drain();
    }
    buf[used++] = b;
  }

  private void drain() {
    try {
      out.write(buf, 0, used);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    used = 0;
  }

  @Override
  public void close() {
    drain();
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
