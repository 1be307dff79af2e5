package tabulo.embedded;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/** Reads the records of a write-ahead log, stopping at the end or at a torn or damaged last record. */
final class LogReader implements AutoCloseable {
  private final DataInputStream in;
  private final long size;
  private long position;

  LogReader(Path file) throws IOException {
    size = Files.size(file);
    in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20));
  }

  /** The next intact record, or null at the end of the intact prefix of the log. */
  byte[] next() throws IOException {
    if (size - position < 8) {
      return null;
    }
    int length;
    int expectedCrc;
    try {
      length = in.readInt();
      expectedCrc = in.readInt();
    } catch (EOFException e) {
      return null;
    }
    if (length < 0 || length > size - position - 8) {
      return null;
    }
    byte[] payload = new byte[length];
    in.readFully(payload);
    CRC32C crc = new CRC32C();
    crc.update(payload);
    if ((int) crc.getValue() != expectedCrc) {
      return null;
    }
    position += 8 + length;
    return payload;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
