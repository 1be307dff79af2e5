package tabulo.embedded;

import tabulo.util.PrivateFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A tablet's write-ahead log in {@link LogFormat} version 2; {@link #sync()} makes all appended records
 * durable. A crash can leave a torn last record, which {@link LogReader} ignores; any other damage it
 * reports. Unbuffered: a record is already one batch of mutations, written with one system call, and a
 * table may have thousands of logs open, so a buffer each would grow memory with the tablet count.
 */
final class LogWriter implements AutoCloseable {
  private final FileChannel channel;
  private final byte[] header = new byte[LogFormat.HEADER_V2];
  private boolean dirty;

  LogWriter(Path file) throws IOException {
    channel = PrivateFiles.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    writeFully(ByteBuffer.wrap(LogFormat.MAGIC));
    dirty = true;
    AtomicFile.syncDirectory(file.getParent());
  }

  void append(byte[] payload, int length) throws IOException {
    LogFormat.putInt(header, 0, length);
    LogFormat.putInt(header, 4, LogFormat.crc(payload, 0, length));
    LogFormat.putInt(header, 8, LogFormat.crc(header, 0, 8));
    writeFully(ByteBuffer.wrap(header), ByteBuffer.wrap(payload, 0, length));
    dirty = true;
  }

  private void writeFully(ByteBuffer... buffers) throws IOException {
    ByteBuffer last = buffers[buffers.length - 1];
    while (last.hasRemaining()) {
      channel.write(buffers);
    }
  }

  void sync() throws IOException {
    if (dirty) {
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
