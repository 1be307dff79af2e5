package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.apache.accumulo.core.file.FileSKVIterator;

/** A pooled reader of one file, held by one scan or compaction and handed back on close. */
final class FileReaderLease implements AutoCloseable {
  private final TabletFile file;
  private final FileSKVIterator reader;

  private FileReaderLease(TabletFile file, FileSKVIterator reader) {
    this.file = file;
    this.reader = reader;
  }

  static FileReaderLease acquire(TabletFile file) {
    try {
      return new FileReaderLease(file, file.reserveReader());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open " + file.meta.name(), e);
    }
  }

  FileSKVIterator reader() {
    return reader;
  }

  @Override
  public void close() {
    file.returnReader(reader);
  }
}
