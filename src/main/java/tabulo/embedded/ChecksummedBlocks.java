package tabulo.embedded;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import tabulo.rfile.BlockSource;

/**
 * A sorted file's bytes for Tabulo's own RFile reader: positional reads (any number of threads) of whole
 * {@link FileChecksums} chunks, each checked before any byte of it is handed out, as
 * {@link VerifiedInputStream} checks them for Accumulo's reader. Files written before checksums existed
 * are read unchecked. The file is open only while some scan uses it (as many open files as scans hold).
 */
final class ChecksummedBlocks implements BlockSource {
  private final Path file;
  private final Path fallback; // a reader's link to the file, used once the writer has deleted it; or null
  private final FileChecksums sums; // null: no checksums
  private final long length;
  private volatile FileChannel channel; // open while some scan uses the file
  private int users;

  private ChecksummedBlocks(Path file, Path fallback, FileChecksums sums, long length) {
    this.file = file;
    this.fallback = fallback;
    this.sums = sums;
    this.length = length;
  }

  /**
   * Looks up {@code file} (or, if it is gone, {@code fallback}) and its checksums, opening nothing yet; a
   * file the manifest says has checksums is refused without them.
   */
  static ChecksummedBlocks open(Path file, Path fallback, boolean checksummed) throws IOException {
    try {
      return open(file, checksummed, fallback);
    } catch (IOException e) {
      if (fallback == null) {
        throw e;
      }
      try {
        return open(fallback, checksummed, null); // deleted by the writer
      } catch (IOException second) {
        throw e; // damage: the same bytes either way, named where the user knows the file
      }
    }
  }

  private static ChecksummedBlocks open(Path file, boolean checksummed, Path fallback) throws IOException {
    FileChecksums sums = FileChecksums.load(file);
    if (sums == null && checksummed) {
      throw new IOException("sorted file " + file + " has lost its checksum file "
          + FileChecksums.sideFile(file).getFileName());
    }
    long size = Files.size(file);
    if (sums != null) {
      sums.checkLength(file, size);
    }
    return new ChecksummedBlocks(file, fallback, sums, size);
  }

  /** One more user of the file: its channel is open until the last user releases it. */
  synchronized void acquire() throws IOException {
    if (users == 0) {
      channel = openChannel();
    }
    users++;
  }

  synchronized void release() {
    if (--users == 0) {
      try {
        channel.close();
      } catch (IOException e) {
        // closing a read-only channel loses nothing
      }
      channel = null;
    }
  }

  private FileChannel openChannel() throws IOException {
    try {
      return FileChannel.open(file, StandardOpenOption.READ);
    } catch (IOException e) {
      if (fallback == null) {
        throw e;
      }
      return FileChannel.open(fallback, StandardOpenOption.READ);
    }
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public Block read(long offset, int len, byte[] reuse) throws IOException {
    if (offset < 0 || len < 0 || offset + len > length) {
      throw new EOFException("read of bytes " + offset + "-" + (offset + len - 1) + " outside sorted file " + file);
    }
    if (sums == null) {
      byte[] b = reuse != null && reuse.length >= len ? reuse : new byte[len];
      readFully(b, len, offset);
      return new Block(b, 0);
    }
    // whole chunks, each checked before any byte of it is used
    int first = (int) (offset / FileChecksums.CHUNK);
    int last = len == 0 ? first : (int) ((offset + len - 1) / FileChecksums.CHUNK);
    long start = (long) first * FileChecksums.CHUNK;
    int spanLength = (int) (Math.min(length, (long) (last + 1) * FileChecksums.CHUNK) - start);
    byte[] span = reuse != null && reuse.length >= spanLength ? reuse : new byte[spanLength];
    readFully(span, spanLength, start);
    for (int at = 0, c = first; at < spanLength; at += FileChecksums.CHUNK, c++) {
      sums.checkChunk(file, c, span, at, Math.min(FileChecksums.CHUNK, spanLength - at));
    }
    return new Block(span, (int) (offset - start));
  }

  private void readFully(byte[] b, int length, long position) throws IOException {
    for (int attempt = 0; ; attempt++) {
      FileChannel ch = channel;
      if (ch == null) {
        throw new IllegalStateException("sorted file " + file + " read with no user");
      }
      try {
        ByteBuffer buf = ByteBuffer.wrap(b, 0, length);
        while (buf.hasRemaining()) {
          if (ch.read(buf, position + buf.position()) < 0) {
            throw new EOFException("sorted file " + file + " is damaged: it ends before byte "
                + (position + length));
          }
        }
        return;
      } catch (ClosedChannelException e) {
        if (e instanceof ClosedByInterruptException || attempt > 0) {
          throw e;
        }
        reopen(ch); // another reader's thread was interrupted, which closes a shared channel
      }
    }
  }

  private synchronized void reopen(FileChannel old) throws IOException {
    if (channel == old && users > 0) {
      channel = openChannel();
    }
  }
}
