package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.file.FileSKVIterator;

import tabulo.rfile.RFileIndex;

/**
 * One immutable sorted file of a tablet, reference-counted: the tablet's current state holds one
 * reference and every scan or compaction reading it holds another. Replaced files are deleted when the
 * last reference goes. Open readers are pooled so short scans do not reopen the file, as many as the
 * table's {@link IdleReaderLimit} allows.
 */
final class TabletFile {
  final TableManifest.FileMeta meta;
  private final Path path;
  private final Supplier<ConfigurationCopy> tableConf; // made when a reader is first opened
  private final IdleReaderLimit idleLimit;
  private final Path pinned; // a reader's link to the file, read once the writer has deleted it; or null
  private final AtomicInteger refs = new AtomicInteger(1);
  private final ConcurrentLinkedDeque<FileSKVIterator> idleReaders = new ConcurrentLinkedDeque<>();
  private ChecksummedBlocks plainBlocks; // the bytes under plainIndex
  private RFileIndex plainIndex;
  private boolean plainChecked; // whether plainIndex was read

  TabletFile(Path dir, TableManifest.FileMeta meta, Supplier<ConfigurationCopy> tableConf, IdleReaderLimit idleLimit,
      Path pinned) {
    this.pinned = pinned;
    this.meta = meta;
    this.path = dir.resolve(meta.name());
    this.tableConf = tableConf;
    this.idleLimit = idleLimit;
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
    if (r != null) {
      idleLimit.unparked();
      return r;
    }
    try {
      return SortedFiles.openReader(path, meta.checksummed(), tableConf.get());
    } catch (IOException e) {
      if (pinned == null) {
        throw e;
      }
      try {
        return SortedFiles.openReader(pinned, meta.checksummed(), tableConf.get()); // deleted by the writer
      } catch (IOException second) {
        throw e; // damage: the same bytes either way, named where the user knows the file
      }
    }
  }

  void returnReader(FileSKVIterator r) {
    if (idleLimit.tryPark()) {
      idleReaders.addFirst(r);
    } else {
      closeQuietly(r);
    }
  }

  /**
   * Tabulo's own reader of this file (its layout; cursors read it in place), read once and shared by every
   * scan, the file open until {@link #releasePlainIndex}; null when the file is not one it reads (compressed,
   * another version): Accumulo's reader then serves (and nothing is to be released).
   */
  synchronized RFileIndex acquirePlainIndex() throws IOException {
    if (!plainChecked) {
      ChecksummedBlocks blocks = ChecksummedBlocks.open(path, pinned, meta.checksummed());
      blocks.acquire();
      try {
        plainIndex = RFileIndex.open(blocks, path.toString());
      } finally {
        blocks.release();
      }
      plainBlocks = blocks;
      plainChecked = true;
    }
    if (plainIndex != null) {
      plainBlocks.acquire();
    }
    return plainIndex;
  }

  /** Ends a use of {@link #acquirePlainIndex}'s reader. */
  void releasePlainIndex() {
    plainBlocks.release();
  }

  private void closeReaders() {
    FileSKVIterator r;
    while ((r = idleReaders.pollFirst()) != null) {
      idleLimit.unparked();
      closeQuietly(r);
    }
  }

  private static void closeQuietly(FileSKVIterator r) {
    try {
      r.close();
    } catch (IOException e) {
      // closing a reader of a finished file cannot lose data
    }
  }
}
