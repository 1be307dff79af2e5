package tabulo.embedded;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.apache.hadoop.fs.FSInputStream;

/**
 * Reads a sorted file a chunk at a time, checking each chunk against its {@link FileChecksums} before any
 * byte of it is used: a damaged byte is an error naming the file and the damaged range, never a value.
 */
final class VerifiedInputStream extends FSInputStream {
  private final Path file;
  private final FileChannel channel;
  private final FileChecksums sums;
  private final byte[] chunk = new byte[FileChecksums.CHUNK];
  private int loaded = -1; // index of the chunk in the buffer
  private int loadedLength;
  private long pos;

  VerifiedInputStream(Path file, FileChecksums sums) throws IOException {
    this.file = file;
    this.sums = sums;
    this.channel = FileChannel.open(file, StandardOpenOption.READ);
    try {
      sums.checkLength(file, channel.size());
    } catch (IOException e) {
      channel.close();
      throw e;
    }
  }

  private void load(int index) throws IOException {
    if (index == loaded) {
      return;
    }
    long start = (long) index * FileChecksums.CHUNK;
    int length = (int) Math.min(FileChecksums.CHUNK, sums.length() - start);
    ByteBuffer buf = ByteBuffer.wrap(chunk, 0, length);
    while (buf.hasRemaining()) {
      if (channel.read(buf, start + buf.position()) < 0) {
        loaded = -1;
        throw new EOFException("sorted file " + file + " is damaged: it ends before byte " + (start + length));
      }
    }
    loaded = -1;
    sums.checkChunk(file, index, chunk, 0, length);
    loaded = index;
    loadedLength = length;
  }

  @Override
  public synchronized int read() throws IOException {
    if (pos >= sums.length()) {
      return -1;
    }
    load((int) (pos / FileChecksums.CHUNK));
    return chunk[(int) (pos++ % FileChecksums.CHUNK)] & 0xff;
  }

  @Override
  public synchronized int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (pos >= sums.length()) {
      return -1;
    }
    int done = 0;
    while (done < len && pos < sums.length()) {
      load((int) (pos / FileChecksums.CHUNK));
      int at = (int) (pos % FileChecksums.CHUNK);
      int n = Math.min(len - done, loadedLength - at);
      System.arraycopy(chunk, at, b, off + done, n);
      done += n;
      pos += n;
    }
    return done;
  }

  @Override
  public synchronized void seek(long position) throws IOException {
    if (position < 0 || position > sums.length()) {
      throw new EOFException("seek to " + position + " outside sorted file " + file);
    }
    pos = position;
  }

  @Override
  public synchronized long getPos() {
    return pos;
  }

  @Override
  public boolean seekToNewSource(long targetPos) {
    return false;
  }

  @Override
  public synchronized int available() {
    return (int) Math.min(Integer.MAX_VALUE, sums.length() - pos);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
