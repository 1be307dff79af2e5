package tabulo.embedded;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import tabulo.rfile.BlockSource;

/**
 * A sorted file's bytes for Tabulo's own RFile reader: positional reads (any number of threads) of whole
 * {@link FileChecksums} chunks, each checked before any byte of it is handed out, as
 * {@link VerifiedInputStream} checks them for Accumulo's reader. Files written before checksums existed
 * are read unchecked.
 */
final class ChecksummedBlocks implements BlockSource, AutoCloseable {
  private final Path file;
  private volatile FileChannel channel;
  private volatile boolean closed;
  private final FileChecksums sums; // null: no checksums
  private final long length;

  private ChecksummedBlocks(Path file, FileChannel channel, FileChecksums sums, long length) {
    this.file = file;
    this.channel = channel;
    this.sums = sums;
    this.length = length;
  }

  /** Opens {@code file}; one the manifest says has checksums is refused without them. */
  static ChecksummedBlocks open(Path file, boolean checksummed) throws IOException {
    FileChecksums sums = FileChecksums.load(file);
    if (sums == null && checksummed) {
      throw new IOException("sorted file " + file + " has lost its checksum file "
          + FileChecksums.sideFile(file).getFileName());
    }
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    try {
      long size = channel.size();
      if (sums != null) {
        sums.checkLength(file, size);
      }
      return new ChecksummedBlocks(file, channel, sums, size);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public byte[] read(long offset, int len) throws IOException {
    if (offset < 0 || len < 0 || offset + len > length) {
      throw new EOFException("read of bytes " + offset + "-" + (offset + len - 1) + " outside sorted file " + file);
    }
    if (sums == null) {
      byte[] b = new byte[len];
      readFully(b, offset);
      return b;
    }
    int first = (int) (offset / FileChecksums.CHUNK);
    int last = len == 0 ? first : (int) ((offset + len - 1) / FileChecksums.CHUNK);
    long start = (long) first * FileChecksums.CHUNK;
    long end = Math.min(length, (long) (last + 1) * FileChecksums.CHUNK);
    byte[] span = new byte[(int) (end - start)];
    readFully(span, start);
    for (int c = first; c <= last && start + (long) (c - first) * FileChecksums.CHUNK < end; c++) {
      int at = (c - first) * FileChecksums.CHUNK;
      sums.checkChunk(file, c, span, at, (int) Math.min(FileChecksums.CHUNK, span.length - at));
    }
    int from = (int) (offset - start);
    return from == 0 && len == span.length ? span : Arrays.copyOfRange(span, from, from + len);
  }

  private void readFully(byte[] b, long position) throws IOException {
    for (int attempt = 0; ; attempt++) {
      FileChannel ch = channel;
      try {
        ByteBuffer buf = ByteBuffer.wrap(b);
        while (buf.hasRemaining()) {
          if (ch.read(buf, position + buf.position()) < 0) {
            throw new EOFException("sorted file " + file + " is damaged: it ends before byte "
                + (position + b.length));
          }
        }
        return;
      } catch (ClosedChannelException e) {
        if (e instanceof ClosedByInterruptException || closed || attempt > 0) {
          throw e;
        }
        reopen(ch); // another reader's thread was interrupted, which closes a shared channel
      }
    }
  }

  private synchronized void reopen(FileChannel old) throws IOException {
    if (channel == old && !closed) {
      channel = FileChannel.open(file, StandardOpenOption.READ);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    closed = true;
    channel.close();
  }
}
