package tabulo.embedded;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A tablet's write-ahead log in {@link LogFormat} version 2; {@link #sync()} makes all appended records
 * durable. A crash can leave a torn last record, which {@link LogReader} ignores; any other damage it
 * reports.
 */
final class LogWriter implements AutoCloseable {
  private final FileChannel channel;
  private final OutputStream out;
  private final byte[] header = new byte[LogFormat.HEADER_V2];
  private boolean dirty;

  LogWriter(Path file) throws IOException {
    channel = PrivateFiles.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 20);
    out.write(LogFormat.MAGIC);
    dirty = true;
    AtomicFile.syncDirectory(file.getParent());
  }

  void append(byte[] payload, int length) throws IOException {
    LogFormat.putInt(header, 0, length);
    LogFormat.putInt(header, 4, LogFormat.crc(payload, 0, length));
    LogFormat.putInt(header, 8, LogFormat.crc(header, 0, 8));
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
}
