package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.rfile.CellSlices;
import tabulo.rfile.RFileWriter;

/**
 * Builds one sorted file from entries appended in key order (LevelDB's table builder): counts them and
 * notes what they hold (deletes, labels, several versions of a column) for the manifest. Files are written
 * by Tabulo's own RFile writer (compressed or not).
 */
final class SortedFileBuilder implements AutoCloseable {
  private final Path file;
  private final Output output;
  private long entries;
  private boolean finished;

  private SortedFileBuilder(Path file, Output output) {
    this.file = file;
    this.output = output;
  }

  /** A builder writing through Tabulo's RFile writer (uncompressed blocks). */
  static SortedFileBuilder of(Path file, RFileWriter writer) {
    return new SortedFileBuilder(file, new TabuloOutput(writer));
  }

  void append(Key k, Value v) throws IOException {
    output.append(k, v);
    entries++;
  }

  /** Appends an entry given as its fields (not kept). */
  void append(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp, byte[] value)
      throws IOException {
    output.append(row, family, qualifier, visibility, timestamp, value);
    entries++;
  }

  /** Appends a cell given as slices of its array (not kept). */
  void append(CellSlices cell) throws IOException {
    output.append(cell);
    entries++;
  }

  long entries() {
    return entries;
  }

  Path file() {
    return file;
  }

  /** Closes and fsyncs the file; null (and no file left) when nothing was appended or when it fails. */
  TableManifest.FileMeta finish() throws IOException {
    return finish(true);
  }

  /**
   * {@link #finish()} but for the fsync of the file's bytes (its checksum file is synced), which the caller
   * does ({@link AtomicFile#syncFile}) before a manifest names the file.
   */
  TableManifest.FileMeta finishUnsynced() throws IOException {
    return finish(false);
  }

  private TableManifest.FileMeta finish(boolean sync) throws IOException {
    finished = true;
    try {
      output.close();
      if (entries == 0) {
        FileChecksums.deleteWithFile(file);
        return null;
      }
      if (sync) {
        AtomicFile.syncFile(file);
      }
    } catch (IOException | RuntimeException e) {
      try {
        FileChecksums.deleteWithFile(file); // a file that failed to finish is no one's (a full disk: free it)
      } catch (IOException again) {
        e.addSuppressed(again);
      }
      throw e;
    }
    return new TableManifest.FileMeta(file.getFileName().toString(), entries, Files.size(file), output.traits(),
        true);
  }

  /** Abandons an unfinished file. */
  @Override
  public void close() throws IOException {
    if (!finished) {
      finished = true;
      try {
        output.close();
      } finally {
        FileChecksums.deleteWithFile(file);
      }
    }
  }

  /** A file writer, and what the entries written to it hold. */
  private interface Output {
    void append(Key k, Value v) throws IOException;

    default void append(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp,
        byte[] value) throws IOException {
      append(new Key(row, family, qualifier, visibility, timestamp, false, false), new Value(value, false));
    }

    default void append(CellSlices c) throws IOException {
      append(CellSlices.key(c), new Value(CellSlices.value(c), false));
    }

    SourceTraits traits();

    void close() throws IOException;
  }

  /** Tabulo's writer notes the traits itself, from the comparisons it makes anyway. */
  private record TabuloOutput(RFileWriter writer) implements Output {
    @Override
    public void append(Key k, Value v) throws IOException {
      writer.append(k, v);
    }

    @Override
    public void append(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp,
        byte[] value) throws IOException {
      writer.append(row, family, qualifier, visibility, timestamp, false, value);
    }

    @Override
    public void append(CellSlices cell) throws IOException {
      writer.append(cell);
    }

    @Override
    public SourceTraits traits() {
      return new SourceTraits(writer.hasDeletes(), writer.hasVisibilities(), writer.hasVersions());
    }

    @Override
    public void close() throws IOException {
      writer.close();
    }
  }
}
