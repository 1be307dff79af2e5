package tabulo.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tabulo.storage.TabuloException;

/**
 * Reads CSV records per RFC 4180: fields separated by commas (or another one-byte separator, such as a
 * tab), records by LF or CRLF; a field in double quotes may hold separators, line breaks and doubled
 * quotes ({@code ""}). Empty lines are skipped. The input must be UTF-8.
 *
 * <p>Errors are {@link TabuloException}s {@code SOURCE:LINE: problem} naming the line of the problem:
 * a quote inside an unquoted field, anything but a separator or line end after a closing quote, a
 * quoted field that never closes, or bytes that are not UTF-8.
 */
public final class CsvReader implements AutoCloseable {
  /** One record: the line it starts on (1-based), its fields, and its text as in the file (no line end). */
  public record Record(long line, String[] fields, String raw) {}

  private static final int BUFFER_SIZE = 1 << 20;

  private final InputStream in;
  private final String source;
  private final byte separator;
  private byte[] buf = new byte[BUFFER_SIZE];
  private int pos;
  private int limit;
  private boolean eof;
  private long line = 1; // the line at pos
  private byte[] scratch = new byte[256];
  private final List<String> fields = new ArrayList<>();

  public CsvReader(InputStream in, String source) {
    this(in, source, (byte) ',');
  }

  public CsvReader(InputStream in, String source, byte separator) {
    this.in = new ByteOrderMarkSkipper(in);
    this.source = source;
    this.separator = separator;
  }

  /** The next record, or null at the end of the input. */
  public Record next() {
    while (true) {
      skipEmptyLines();
      if (pos == limit && eof) {
        return null;
      }
      Record r = parse();
      if (r != null) {
        return r;
      }
      fill(); // the record runs past the buffered bytes
    }
  }

  private void skipEmptyLines() {
    while (true) {
      if (pos == limit && !eof) {
        fill();
        continue;
      }
      if (pos < limit && buf[pos] == '\n') {
        pos++;
        line++;
      } else if (pos + 1 < limit && buf[pos] == '\r' && buf[pos + 1] == '\n') {
        pos += 2;
        line++;
      } else if (pos + 1 == limit && buf[pos] == '\r' && !eof) {
        fill();
      } else {
        return;
      }
    }
  }

  /** Parses the record at pos; null if it needs more input than is buffered (nothing is consumed then). */
  private Record parse() {
    fields.clear();
    int p = pos;
    long at = line;
    while (true) {
      // one field starts at p
      if (p < limit && buf[p] == '"') {
        long opened = at;
        int n = 0;
        p++;
        while (true) {
          if (p == limit) {
            if (!eof) {
              return null;
            }
            throw error(opened, "bad quoting: the quoted field opened on this line never closes");
          }
          byte b = buf[p];
          if (b == '"') {
            if (p + 1 == limit && !eof) {
              return null;
            }
            if (p + 1 < limit && buf[p + 1] == '"') {
              n = put(n, (byte) '"');
              p += 2;
              continue;
            }
            p++;
            break;
          }
          if (b == '\n') {
            at++;
          }
          n = put(n, b);
          p++;
        }
        fields.add(decode(scratch, 0, n, at));
      } else {
        int start = p;
        while (p < limit && buf[p] != separator && buf[p] != '\n') {
          if (buf[p] == '"') {
            throw error(at, "bad quoting: a quote inside an unquoted field (quote the whole field and double the quote)");
          }
          p++;
        }
        if (p == limit && !eof) {
          return null;
        }
        int end = p;
        if (p < limit && buf[p] == '\n' && end > start && buf[end - 1] == '\r') {
          end--;
        } else if (p == limit && end > start && buf[end - 1] == '\r') {
          end--;
        }
        fields.add(decode(buf, start, end - start, at));
      }
      // after a field: a separator, a line end, or the end of the input
      if (p == limit) {
        if (!eof) {
          return null;
        }
        return finish(p, p, at);
      }
      byte b = buf[p];
      if (b == separator) {
        p++;
        continue;
      }
      if (b == '\n') {
        return finish(p, p + 1, at + 1);
      }
      if (b == '\r') {
        if (p + 1 == limit && !eof) {
          return null;
        }
        if (p + 1 == limit || buf[p + 1] == '\n') {
          return finish(p, Math.min(p + 2, limit), at + 1);
        }
      }
      throw error(at, "bad quoting: '" + shown(b) + "' after a closing quote (expected a separator or the line end)");
    }
  }

  private Record finish(int end, int next, long nextLine) {
    int rawEnd = end > pos && buf[end - 1] == '\r' ? end - 1 : end;
    Record r = new Record(line, fields.toArray(new String[0]), decode(buf, pos, rawEnd - pos, line));
    pos = next;
    line = nextLine;
    return r;
  }

  private int put(int n, byte b) {
    if (n == scratch.length) {
      scratch = Arrays.copyOf(scratch, n * 2);
    }
    scratch[n] = b;
    return n + 1;
  }

  /** Decodes UTF-8, first checking it strictly so nothing is silently replaced. */
  private String decode(byte[] b, int off, int len, long lineOfEnd) {
    int end = off + len;
    for (int i = off; i < end; ) {
      if (b[i] >= 0) {
        i++;
        continue;
      }
      int n = Utf8.sequenceLength(b, i, end);
      if (n == 0) {
        long l = lineOfEnd;
        for (int k = i; k < end; k++) { // the error names the line of the bad byte
          if (b[k] == '\n') {
            l--;
          }
        }
        throw error(l, String.format("invalid UTF-8 (byte 0x%02X)", b[i] & 0xff));
      }
      i += n;
    }
    return new String(b, off, len, StandardCharsets.UTF_8);
  }

  private void fill() {
    if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, limit - pos);
      limit -= pos;
      pos = 0;
    }
    if (limit == buf.length) {
      buf = Arrays.copyOf(buf, buf.length * 2); // one record longer than the buffer
    }
    try {
      int n = in.read(buf, limit, buf.length - limit);
      if (n < 0) {
        eof = true;
      } else {
        limit += n;
      }
    } catch (IOException e) {
      throw TabuloException.cannotRead(source, e);
    }
  }

  private TabuloException error(long atLine, String problem) {
    return new TabuloException(source + ":" + atLine + ": " + problem);
  }

  private static String shown(byte b) {
    return b >= 0x20 && b < 0x7f ? Character.toString(b) : String.format("\\x%02X", b & 0xff);
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close " + source, e);
    }
  }
}
