package tabulo.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import tabulo.storage.TabuloException;

/**
 * Reads Tabulo TSV cells line by line from a file or stdin. Lines end with {@code \n} (a trailing
 * {@code \r} is dropped, for CRLF files); empty lines are skipped; input must be strict UTF-8. Every
 * problem is a {@link TabuloException} reading {@code SOURCE:LINE: what is wrong}.
 */
public final class TsvReader implements AutoCloseable {
  private static final int BUFFER_SIZE = 1 << 20;
  private static final int MAX_BUFFER_SIZE = Integer.MAX_VALUE - 16;
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long NEWLINES = 0x0a0a0a0a0a0a0a0aL;
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  private final InputStream in;
  private final String source;
  private final boolean closeStream;
  private byte[] buf = new byte[BUFFER_SIZE];
  private int pos; // start of the unread bytes in buf
  private int limit; // end of the bytes read into buf
  private boolean eof;
  private int lineStart;
  private int lineEnd;
  private long lineNumber;
  private long consumed; // bytes dropped from the front of buf by earlier fills
  private final TsvLine line = new TsvLine();

  /** Reads from {@code in}, naming it {@code sourceName} in messages; {@link #close()} closes it. */
  public TsvReader(InputStream in, String sourceName) {
    this(in, sourceName, true);
  }

  private TsvReader(InputStream in, String sourceName, boolean closeStream) {
    this.in = new ByteOrderMarkSkipper(in);
    this.source = sourceName;
    this.closeStream = closeStream;
  }

  /** Opens a file, or stdin (left open on close) when the name is "-". */
  public static TsvReader open(String fileOrDash) {
    if (fileOrDash.equals("-")) {
      return new TsvReader(System.in, "stdin", false);
    }
    Path path = Path.of(fileOrDash);
    if (Files.isDirectory(path)) {
      throw new TabuloException("cannot read " + fileOrDash + ": it is a directory");
    }
    try {
      return new TsvReader(Files.newInputStream(path), fileOrDash);
    } catch (IOException e) {
      throw TabuloException.cannotRead(fileOrDash, e);
    }
  }

  /** The next cell, or null at the end of the input. */
  public TsvCell next() {
    TsvLine line = read();
    return line == null ? null : line.toCell();
  }

  /**
   * The next cell as a view of reused buffers, valid until the next call (nothing allocated per line),
   * or null at the end of the input.
   */
  public TsvLine read() {
    while (nextLine()) {
      lineNumber++;
      int end = lineEnd;
      if (end > lineStart && buf[end - 1] == '\r') {
        end--;
      }
      if (end == lineStart) {
        continue;
      }
      checkUtf8(lineStart, end);
      try {
        return line.parse(buf, lineStart, end);
      } catch (IllegalArgumentException e) {
        throw error(e.getMessage());
      }
    }
    return null;
  }

  /** Bytes consumed so far, for progress. */
  public long bytesRead() {
    return consumed + pos;
  }

  /** The number of the line last read (1-based); after the end, the number of lines in the input. */
  public long lineNumber() {
    return lineNumber;
  }

  public String sourceName() {
    return source;
  }

  @Override
  public void close() {
    if (closeStream) {
      try {
        in.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private void checkUtf8(int from, int to) {
    int bad = Utf8.firstMalformed(buf, from, to);
    if (bad >= 0) {
      throw error(String.format("invalid UTF-8: byte 0x%02X at byte %d of the line (write raw bytes as \\xHH)",
          buf[bad] & 0xff, bad - from + 1));
    }
  }

  /** Finds the next line in the buffer, refilling it as needed; false at the end of input. */
  private boolean nextLine() {
    int searchFrom = pos;
    while (true) {
      int i = indexOfNewline(buf, searchFrom, limit);
      if (i >= 0) {
        lineStart = pos;
        lineEnd = i;
        pos = i + 1;
        return true;
      }
      if (eof) {
        if (pos < limit) { // a last line without a newline
          lineStart = pos;
          lineEnd = limit;
          pos = limit;
          return true;
        }
        return false;
      }
      int scanned = limit - pos;
      fill();
      searchFrom = pos + scanned;
    }
  }

  /** The first '\n' in {@code b[from, to)}, or -1: eight bytes a step, then byte by byte. */
  static int indexOfNewline(byte[] b, int from, int to) {
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long x = (long) LONG.get(b, i) ^ NEWLINES; // a zero byte where b holds '\n'
      long zeros = (x - ONES) & ~x & HIGH_BITS; // exact for the lowest zero byte, which is all we use
      if (zeros != 0) {
        return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** Moves the unread bytes to the front, grows the buffer if one line fills it, and reads more. */
  private void fill() {
    if (pos > 0) {
      consumed += pos;
      System.arraycopy(buf, pos, buf, 0, limit - pos);
      limit -= pos;
      pos = 0;
    }
    if (limit == buf.length) {
      if (buf.length >= MAX_BUFFER_SIZE) {
        throw new TabuloException(source + ":" + (lineNumber + 1) + ": line is too long");
      }
      buf = Arrays.copyOf(buf, (int) Math.min(MAX_BUFFER_SIZE, 2L * buf.length));
    }
    try {
      int n = in.read(buf, limit, buf.length - limit);
      if (n < 0) {
        eof = true;
      } else {
        limit += n;
      }
    } catch (IOException e) {
      throw new TabuloException(source + ":" + (lineNumber + 1) + ": cannot read: " + TabuloException.reason(e), e);
    }
  }

  private TabuloException error(String problem) {
    return new TabuloException(source + ":" + lineNumber + ": " + problem);
  }
}
