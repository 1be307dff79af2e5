package tabulo.embedded;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * Passes a sorted file's bytes through, computing the CRC32C of each {@link FileChecksums#CHUNK}-byte
 * chunk on the way; closing it closes the file and then writes its {@link FileChecksums} side file.
 */
final class ChecksummingOutputStream extends FilterOutputStream {
  private final Path file;
  private final CRC32C crc = new CRC32C();
  private int[] crcs = new int[64];
  private int chunks;
  private int inChunk;
  private long length;
  private boolean closed;

  ChecksummingOutputStream(OutputStream out, Path file) {
    super(out);
    this.file = file;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    crc.update(b);
    advance(1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    while (len > 0) {
      int n = Math.min(len, FileChecksums.CHUNK - inChunk);
      crc.update(b, off, n);
      advance(n);
      off += n;
      len -= n;
    }
  }

  private void advance(int n) {
    inChunk += n;
    length += n;
    if (inChunk == FileChecksums.CHUNK) {
      endChunk();
    }
  }

  private void endChunk() {
    if (chunks == crcs.length) {
      crcs = Arrays.copyOf(crcs, chunks * 2);
    }
    crcs[chunks++] = (int) crc.getValue();
    crc.reset();
    inChunk = 0;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    super.close();
    if (inChunk > 0) {
      endChunk();
    }
    new FileChecksums(length, Arrays.copyOf(crcs, chunks)).save(file);
  }
}
