package tabulo.embedded;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * A tablet's write-ahead log. Records are {@code [length][crc32c][payload]}; {@link #sync()} makes all
 * appended records durable. A crash can leave a torn last record, which {@link LogReader} ignores.
 */
final class LogWriter implements AutoCloseable {
  private final FileChannel channel;
  private final OutputStream out;
  private final CRC32C crc = new CRC32C();
  private final byte[] header = new byte[8];
  private boolean dirty;

  LogWriter(Path file) throws IOException {
    channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 20);
    AtomicFile.syncDirectory(file.getParent());
  }

  void append(byte[] payload, int length) throws IOException {
    crc.reset();
    crc.update(payload, 0, length);
    putInt(header, 0, length);
    putInt(header, 4, (int) crc.getValue());
    out.write(header);
    out.write(payload, 0, length);
    dirty = true;
  }

  void sync() throws IOException {
    if (dirty) {
      out.flush();
      channel.force(false);
      dirty = false;
    }
  }

  @Override
  public void close() throws IOException {
    sync();
    channel.close();
  }

  static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }
}
