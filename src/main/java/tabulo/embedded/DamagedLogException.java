package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Path;

/** A write-ahead log damaged before its tail: the open stops, and the log is kept for {@code repair}. */
final class DamagedLogException extends IOException {
  private static final long serialVersionUID = 1L;

  DamagedLogException(String table, Path log, long offset, String reason) {
    super("write-ahead log " + log + " of table " + table + " is damaged at byte " + offset + " (" + reason
        + "); the log is kept: 'tabulo repair " + table + "' salvages its readable records");
  }
}
