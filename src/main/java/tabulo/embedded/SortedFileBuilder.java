package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.file.FileSKVWriter;

/**
 * Builds one sorted file from entries appended in key order (LevelDB's table builder): counts them and
 * notes what they hold (deletes, labels, several versions of a column) for the manifest.
 */
final class SortedFileBuilder implements AutoCloseable {
  private final Path file;
  private final FileSKVWriter writer;
  private final Key previous = new Key();
  private long entries;
  private boolean deletes;
  private boolean labels;
  private boolean versions;
  private boolean finished;

  SortedFileBuilder(Path file, FileSKVWriter writer) throws IOException {
    this.file = file;
    this.writer = writer;
    writer.startDefaultLocalityGroup();
  }

  void append(Key k, Value v) throws IOException {
    writer.append(k, v);
    deletes |= k.isDeleted();
    labels |= k.getColumnVisibilityData().length() > 0;
    if (entries > 0 && !versions) {
      versions = k.equals(previous, PartialKey.ROW_COLFAM_COLQUAL_COLVIS);
    }
    if (!versions) {
      previous.set(k); // copied: the caller may reuse its key
    }
    entries++;
  }

  long entries() {
    return entries;
  }

  /** Closes and fsyncs the file; null (and no file left) when nothing was appended. */
  TableManifest.FileMeta finish() throws IOException {
    finished = true;
    writer.close();
    if (entries == 0) {
      Files.deleteIfExists(file);
      return null;
    }
    AtomicFile.syncFile(file);
    return new TableManifest.FileMeta(file.getFileName().toString(), entries, Files.size(file),
        new SourceTraits(deletes, labels, versions));
  }

  /** Abandons an unfinished file. */
  @Override
  public void close() throws IOException {
    if (!finished) {
      finished = true;
      writer.close();
      Files.deleteIfExists(file);
    }
  }
}
