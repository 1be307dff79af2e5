package tabulo.graphalytics;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * A dataset file read a line at a time, split at spaces and tabs ({@link LineFields}), knowing its line
 * number (for errors that name file and line) and how far through the file it is (for the progress shown
 * on a terminal). Lines end as {@link java.io.BufferedReader#readLine} ends them: at a line feed, a
 * carriage return, or both. The file is read in large blocks and its lines split where they lie, so a line
 * costs no String unless asked for one.
 */
final class TextLines implements AutoCloseable {
  private static final int BLOCK = 1 << 20;
  private final Path file;
  private final long size;
  private final InputStream in;
  private final Progress progress;
  private final LineFields fields = new LineFields();
  private byte[] buffer;
  private int position; // where the next line starts
  private int limit; // the end of the bytes read into the buffer
  private boolean atEnd; // the whole file is read
  private long bytesRead;
  private long number;

  TextLines(Path file, Progress progress) {
    this(file, progress, BLOCK);
  }

  /** Reading {@code block} bytes at a time (tests read in small blocks, to split lines across them). */
  TextLines(Path file, Progress progress, int block) {
    this.file = file;
    buffer = new byte[block];
    this.progress = progress;
    try {
      size = Files.size(file);
      in = Files.newInputStream(file);
    } catch (IOException e) {
      throw TabuloException.cannotRead(file.toString(), e);
    }
  }

  /** Moves to the next line and splits it ({@link #fields()}); false at the end of the file. */
  boolean nextLine() {
    int end;
    while (true) {
      end = lineEnd();
      if (end >= 0 && (buffer[end] == '\n' || end + 1 < limit || atEnd)) {
        break; // a carriage return needs the byte after it: a line feed there belongs to it
      }
      if (end < 0 && atEnd) {
        if (position == limit) {
          return false;
        }
        end = limit; // the last line, without a line end
        break;
      }
      fill();
    }
    fields.split(buffer, position, end);
    position = end;
    if (end < limit) {
      position = end + 1;
      if (buffer[end] == '\r' && position < limit && buffer[position] == '\n') {
        position++;
      }
    }
    if ((++number & 0xffff) == 0) {
      progress.update(number, size > 0 ? (double) bytesRead / size : Double.NaN);
    }
    return true;
  }

  /** The first line end at or after {@link #position} in the buffer, or -1. */
  private int lineEnd() {
    byte[] b = buffer;
    for (int i = position; i < limit; i++) {
      byte c = b[i];
      if (c == '\n' || c == '\r') {
        return i;
      }
    }
    return -1;
  }

  /** Moves the unread bytes to the buffer's start (growing it for a line longer than it) and reads more. */
  private void fill() {
    int unread = limit - position;
    if (unread == buffer.length) {
      buffer = Arrays.copyOf(buffer, 2 * buffer.length);
    }
    System.arraycopy(buffer, position, buffer, 0, unread);
    position = 0;
    limit = unread;
    try {
      int n = in.read(buffer, limit, buffer.length - limit);
      if (n < 0) {
        atEnd = true;
      } else {
        limit += n;
        bytesRead += n;
      }
    } catch (IOException e) {
      throw TabuloException.cannotRead(file.toString(), e);
    }
  }

  /** The fields of the line last read. */
  LineFields fields() {
    return fields;
  }

  /** The next line's fields as text (none for a blank line), or null at the end. */
  String[] next() {
    if (!nextLine()) {
      return null;
    }
    String[] f = new String[fields.count()];
    for (int i = 0; i < f.length; i++) {
      f[i] = fields.text(i);
    }
    return f;
  }

  /** An error at the line last read: "FILE line N: what". */
  TabuloException error(String what) {
    return new TabuloException(place() + ": " + what);
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
      throw notAnId(text);
    }
  }

  /** Field {@code f} of the line last read as a vertex id, or an error naming this line. */
  long id(int f) {
    try {
      return NumberText.parseLong(fields.bytes(), fields.start(f), fields.end(f));
    } catch (NumberFormatException e) {
      throw notAnId(fields.text(f));
    }
  }

  private TabuloException notAnId(String text) {
    return error("'" + text + "' is not a vertex id (a 64-bit integer)");
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      // read to the end already, or failing anyway
    }
  }
}
