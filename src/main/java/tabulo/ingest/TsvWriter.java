package tabulo.ingest;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.rfile.CellFields;
import tabulo.rfile.CellSlices;
import tabulo.rfile.KeyValueFields;

/**
 * Writes Tabulo TSV (see {@link TsvCodec}) as UTF-8 bytes, escaping field bytes directly into one
 * buffer: no String per line or field, no character encoder. The buffer goes to the stream only at line
 * ends, so each write holds whole lines (and whole UTF-8 sequences). Without a stream it collects the
 * text in memory ({@link #toString()}).
 */
public final class TsvWriter implements AutoCloseable {
  /** Writing the text failed (a full disk, a closed pipe): not a failure of whatever produced the cells. */
  public static final class OutputFailed extends UncheckedIOException {
    OutputFailed(IOException cause) {
      super(cause);
    }
  }

  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
  private static final int FLUSH_AT = 1 << 20;
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;
  /** Bytes written as they are in any field (printable ASCII but the backslash and the colon). */
  private static final boolean[] PLAIN = new boolean[256];

  static {
    for (int c = 0x20; c < 0x7f; c++) {
      PLAIN[c] = c != '\\' && c != ':';
    }
  }

  private final OutputStream out;
  private final KeyValueFields keyValue = new KeyValueFields();
  private byte[] buf;
  private int size;

  /** Writes to {@code out}; {@link #close()} flushes, then closes it. */
  public TsvWriter(OutputStream out) {
    this.out = out;
    this.buf = new byte[FLUSH_AT + (1 << 16)];
  }

  /** Collects the text in memory. */
  TsvWriter() {
    this.out = null;
    this.buf = new byte[64];
  }

  /** One cell as a line; with {@code withVisibility}, its visibility as a fourth field when not empty. */
  public void line(Key k, Value v, boolean withVisibility) {
    line(keyValue.set(k, v), withVisibility);
  }

  /** One cell read in place as a line, as {@link #line(Key, Value, boolean)}. */
  public void line(CellFields c, boolean withVisibility) {
    field(c.row(), 0, c.rowLength(), false);
    tab();
    column(c.family(), 0, c.familyLength(), c.qualifier(), 0, c.qualifierLength());
    tab();
    field(c.value(), c.valueOffset(), c.valueLength(), false);
    if (withVisibility && c.visibilityLength() > 0) {
      tab();
      field(c.visibility(), 0, c.visibilityLength(), false);
    }
    endLine();
  }

  /** One cell given as slices of one array, as {@link #line(Key, Value, boolean)}. */
  public void line(CellSlices c, boolean withVisibility) {
    byte[] b = c.bytes();
    field(b, c.rowOffset(), c.rowLength(), false);
    tab();
    column(b, c.familyOffset(), c.familyLength(), b, c.qualifierOffset(), c.qualifierLength());
    tab();
    field(b, c.valueOffset(), c.valueLength(), false);
    if (withVisibility && c.visibilityLength() > 0) {
      tab();
      field(b, c.visibilityOffset(), c.visibilityLength(), false);
    }
    endLine();
  }

  /** A column field: {@code family:qualifier}, or the qualifier alone (colons escaped) with no family. */
  public void column(byte[] family, int familyOffset, int familyLength, byte[] qualifier, int qualifierOffset,
      int qualifierLength) {
    if (familyLength == 0) {
      // No family: an unescaped colon in the qualifier would be read back as the family separator.
      field(qualifier, qualifierOffset, qualifierLength, true);
    } else {
      field(family, familyOffset, familyLength, true);
      raw((byte) ':');
      field(qualifier, qualifierOffset, qualifierLength, false);
    }
  }

  /**
   * Escapes one field: {@code \\ \t \n \r}, {@code \:} when {@code escapeColon}, {@code \xHH} for other
   * control bytes and for each byte not part of a well-formed UTF-8 sequence; the rest as it is.
   */
  public void field(byte[] b, int offset, int length, boolean escapeColon) {
    ensure(4 * length);
    byte[] dst = buf;
    int n = size;
    int end = offset + length;
    int i = offset;
    while (i < end) {
      if (i + 8 <= end) { // most fields are mostly printable ASCII: eight such bytes copied at once
        long eight = (long) LONG.get(b, i);
        if (allPlain(eight)) {
          LONG.set(dst, n, eight); // room: ensure reserved 4 bytes out per byte in
          n += 8;
          i += 8;
          continue;
        }
      }
      int c = b[i] & 0xff;
      if (PLAIN[c]) {
        dst[n++] = (byte) c;
        i++;
        continue;
      }
      if (c >= 0x80) {
        int len = Utf8.sequenceLength(b, i, end);
        if (len == 0) {
          n = hex(dst, n, c);
          i++;
        } else {
          for (int k = 0; k < len; k++) { // 2 to 4 bytes: a loop is cheaper than arraycopy's call
            dst[n++] = b[i++];
          }
        }
        continue;
      }
      switch (c) {
        case '\\' -> n = escaped(dst, n, '\\');
        case '\t' -> n = escaped(dst, n, 't');
        case '\n' -> n = escaped(dst, n, 'n');
        case '\r' -> n = escaped(dst, n, 'r');
        case ':' -> n = escapeColon ? escaped(dst, n, ':') : put(dst, n, ':');
        default -> n = hex(dst, n, c); // other control bytes and DEL
      }
      i++;
    }
    size = n;
  }

  /**
   * Whether all eight bytes of {@code w} are {@link #PLAIN}: none has its high bit set, none is below 0x20,
   * and none is DEL, the backslash or the colon (a zero byte of {@code w} XOR each; the bit tricks hold for
   * bytes below 0x80, and a byte at or above it fails anyway).
   */
  static boolean allPlain(long w) {
    long bad = w | ((w - 0x20 * ONES) & ~w) | zeroBytes(w ^ (0x7f * ONES)) | zeroBytes(w ^ ('\\' * ONES))
        | zeroBytes(w ^ (':' * ONES));
    return (bad & HIGH_BITS) == 0;
  }

  /** High bit set in some byte iff {@code v} has a zero byte (of bytes below 0x80). */
  private static long zeroBytes(long v) {
    return (v - ONES) & ~v;
  }

  public void tab() {
    raw((byte) '\t');
  }

  /** Ends a line; sends the buffer to the stream when it is full enough. */
  public void endLine() {
    raw((byte) '\n');
    if (out != null && size >= FLUSH_AT) {
      drain();
    }
  }

  public void flush() {
    if (out != null) {
      drain();
      try {
        out.flush();
      } catch (IOException e) {
        throw new OutputFailed(e);
      }
    }
  }

  @Override
  public void close() {
    if (out != null) {
      flush();
      try {
        out.close();
      } catch (IOException e) {
        throw new OutputFailed(e);
      }
    }
  }

  /** The text collected in memory. */
  @Override
  public String toString() {
    return new String(buf, 0, size, StandardCharsets.UTF_8);
  }

  private void raw(byte b) {
    ensure(1);
    buf[size++] = b;
  }

  private static int put(byte[] dst, int n, char c) {
    dst[n] = (byte) c;
    return n + 1;
  }

  private static int escaped(byte[] dst, int n, char c) {
    dst[n] = '\\';
    dst[n + 1] = (byte) c;
    return n + 2;
  }

  private static int hex(byte[] dst, int n, int b) {
    dst[n] = '\\';
    dst[n + 1] = 'x';
    dst[n + 2] = HEX[b >> 4];
    dst[n + 3] = HEX[b & 0xf];
    return n + 4;
  }

  private void ensure(int more) {
    if (size + more > buf.length) {
      buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * buf.length, (long) size + more)));
    }
  }

  private void drain() {
    try {
      out.write(buf, 0, size);
    } catch (IOException e) {
      throw new OutputFailed(e);
    }
    size = 0;
  }
}
