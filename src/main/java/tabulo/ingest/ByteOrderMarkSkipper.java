package tabulo.ingest;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Drops a UTF-8 byte order mark (EF BB BF) at the very start of a stream. Spreadsheet programs write
 * one at the start of CSV files; kept, it would become part of the first column's name.
 */
final class ByteOrderMarkSkipper extends FilterInputStream {
  private static final byte[] MARK = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private byte[] head; // bytes read while looking for the mark that were not the mark, handed out first
  private int headPos;
  private boolean checked;

  ByteOrderMarkSkipper(InputStream in) {
    super(in);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n <= 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (!checked) {
      checkForMark();
    }
    if (len == 0) {
      return 0;
    }
    if (head != null && headPos < head.length) {
      int n = Math.min(len, head.length - headPos);
      System.arraycopy(head, headPos, b, off, n);
      headPos += n;
      return n;
    }
    return in.read(b, off, len);
  }

  @Override
  public long skip(long n) throws IOException {
    byte[] scratch = new byte[(int) Math.min(n, 8192)];
    int read = read(scratch, 0, scratch.length);
    return Math.max(read, 0);
  }

  @Override
  public int available() throws IOException {
    return (head == null ? 0 : head.length - headPos) + in.available();
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  private void checkForMark() throws IOException {
    checked = true;
    byte[] first = new byte[MARK.length];
    int n = 0;
    while (n < MARK.length) {
      int r = in.read(first, n, MARK.length - n);
      if (r < 0) {
        break;
      }
      n += r;
      if (first[n - 1] != MARK[n - 1]) {
        break;
      }
    }
    boolean isMark = n == MARK.length && first[0] == MARK[0] && first[1] == MARK[1] && first[2] == MARK[2];
    if (!isMark) {
      head = Arrays.copyOf(first, n);
    }
  }
}
