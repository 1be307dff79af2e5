package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.file.FileSKVIterator;

/**
 * One immutable sorted file of a tablet, reference-counted: the tablet's current state holds one
 * reference and every scan or compaction reading it holds another. Replaced files are deleted when the
 * last reference goes. Open readers are pooled so short scans do not reopen the file.
 */
final class TabletFile {
  final TableManifest.FileMeta meta;
  private final Path path;
  private final ConfigurationCopy tableConf;
  private final AtomicInteger refs = new AtomicInteger(1);
  private final ConcurrentLinkedDeque<FileSKVIterator> idleReaders = new ConcurrentLinkedDeque<>();

  TabletFile(Path dir, TableManifest.FileMeta meta, ConfigurationCopy tableConf) {
    this.meta = meta;
    this.path = dir.resolve(meta.name());
    this.tableConf = tableConf;
  }

  void ref() {
    refs.incrementAndGet();
  }

  /** Drops a reference; the last one closes the readers and deletes the file. */
  void unref() {
    if (refs.decrementAndGet() == 0) {
      closeReaders();
      try {
        FileChecksums.deleteWithFile(path);
      } catch (IOException e) {
        // Left behind, it is an orphan that the next open removes.
      }
    }
  }

  /** Drops a reference without deleting the file: the store is closing, the file stays committed. */
  void release() {
    if (refs.decrementAndGet() == 0) {
      closeReaders();
    }
  }

  FileSKVIterator reserveReader() throws IOException {
    FileSKVIterator r = idleReaders.pollFirst();
    return r != null ? r : SortedFiles.openReader(path, meta.checksummed(), tableConf);
  }

  void returnReader(FileSKVIterator r) {
    idleReaders.addFirst(r);
  }

  private void closeReaders() {
    FileSKVIterator r;
    while ((r = idleReaders.pollFirst()) != null) {
      try {
        r.close();
      } catch (IOException e) {
        // closing a reader of a finished file cannot lose data
      }
    }
  }
}
