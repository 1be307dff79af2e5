package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads the records of a write-ahead log strictly: it ends at the end of the log or at a torn tail (an
 * incomplete last record, which a crash mid-append leaves and which was never acknowledged); damage
 * anywhere else throws {@link DamagedLogException}, so no acknowledged write is dropped without a word.
 */
final class LogReader implements AutoCloseable {
  private final Path file;
  private final String table;
  private final LogParser parser;
  private long position;
  private long recordPosition = -1;

  /** {@code table} names the table in error messages. */
  LogReader(Path file, String table) throws IOException {
    this.file = file;
    this.table = table;
    this.parser = new LogParser(LogParser.readAll(file));
    LogParser.Item magic = parser.magic();
    if (magic != null && magic.kind() == LogParser.Kind.DAMAGED) {
      throw damaged(0, magic.reason());
    }
    this.position = magic != null ? parser.size() : parser.start();
  }

  /** The next record, or null at the end of the log or at its torn tail. */
  byte[] next() throws IOException {
    LogParser.Item it = parser.at(position);
    switch (it.kind()) {
      case RECORD -> {
        recordPosition = position;
        position = it.next();
        return parser.payload(it);
      }
      case END, TORN -> {
        position = parser.size();
        return null;
      }
      default -> throw damaged(it.position(), it.reason());
    }
  }

  /** The byte offset of the record {@link #next()} last returned. */
  long recordPosition() {
    return recordPosition;
  }

  DamagedLogException damaged(long offset, String reason) {
    return new DamagedLogException(table, file, offset, reason);
  }

  @Override
  public void close() {
    // the log was read whole when opened
  }
}
