package tabulo.graphalytics;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * A dataset file read a line at a time, split at spaces and tabs, knowing its line number (for errors
 * that name file and line) and how far through the file it is (for the progress shown on a terminal).
 */
final class TextLines implements AutoCloseable {
  private final Path file;
  private final long size;
  private final BufferedReader reader;
  private final Progress progress;
  private long bytesRead;
  private long number;

  TextLines(Path file, Progress progress) {
    this.file = file;
    this.progress = progress;
    try {
      size = Files.size(file);
      InputStream counted = new FilterInputStream(Files.newInputStream(file)) {
        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          int n = super.read(b, off, len);
          bytesRead += Math.max(n, 0);
          return n;
        }
      };
      reader = new BufferedReader(new InputStreamReader(counted, StandardCharsets.UTF_8), 1 << 16);
    } catch (IOException e) {
      throw TabuloException.cannotRead(file.toString(), e);
    }
  }

  /** The next line's fields (none for a blank line), or null at the end. */
  String[] next() {
    String line;
    try {
      line = reader.readLine();
    } catch (IOException e) {
      throw TabuloException.cannotRead(file.toString(), e);
    }
    if (line == null) {
      return null;
    }
    if ((++number & 0xffff) == 0) {
      progress.update(number, size > 0 ? (double) bytesRead / size : Double.NaN);
    }
    String t = line.strip();
    return t.isEmpty() ? new String[0] : t.split("[ \t]+");
  }

  /** An error at the line last read: "FILE line N: what". */
  TabuloException error(String what) {
    return new TabuloException(file + " line " + number + ": " + what);
  }

  /** The place of the line last read: "FILE line N". */
  String place() {
    return file + " line " + number;
  }

  /** {@code text} as a vertex id, or an error naming this line. */
  long id(String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw error("'" + text + "' is not a vertex id (a 64-bit integer)");
    }
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      // read to the end already, or failing anyway
    }
  }
}
