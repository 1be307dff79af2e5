package tabulo.embedded;

import java.util.ArrayList;
import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

import tabulo.rfile.CellCursor;
import tabulo.rfile.RFileIndex;

/**
 * A tablet as of one moment: the sorted runs of its memtables and the files it had then.
 * The files stay on disk until the snapshot is closed, whatever compactions do meanwhile.
 */
final class TabletSnapshot implements AutoCloseable {
  private final List<Memtable.Run> runs;
  private final List<TabletFile> files;
  private final List<FileReaderLease> leases = new ArrayList<>();
  private final List<TabletFile> readInPlace = new ArrayList<>(); // files whose plain index this snapshot holds
  private boolean closed;

  TabletSnapshot(List<Memtable.Run> runs, List<TabletFile> files) {
    this.runs = runs;
    this.files = files;
  }

  /** Fresh, unseeked iterators over every source of the snapshot, newest first. */
  List<SortedKeyValueIterator<Key, Value>> sources() {
    List<SortedKeyValueIterator<Key, Value>> sources = Memtable.iterators(runs);
    for (TabletFile f : files) {
      FileReaderLease lease = FileReaderLease.acquire(f);
      leases.add(lease);
      sources.add(lease.reader());
    }
    return sources;
  }

  /**
   * Cursors over every source of the snapshot, newest first (a file's locality groups each one), reading
   * files in place with Tabulo's reader; null when some file is not one it reads.
   */
  List<CellCursor> cellCursors() throws java.io.IOException {
    List<CellCursor> cursors = new ArrayList<>();
    for (SortedKeyValueIterator<Key, Value> run : Memtable.iterators(runs)) {
      cursors.add(new KeyValueCursor(run));
    }
    for (TabletFile f : files) {
      RFileIndex index = f.acquirePlainIndex();
      if (index == null) {
        return null;
      }
      readInPlace.add(f);
      for (RFileIndex.Group g : index.groups()) {
        cursors.add(index.cursor(g));
      }
    }
    return cursors;
  }

  /** What the snapshot's sources together may hold; several sources may hold versions of one column. */
  SourceTraits traits() {
    List<SourceTraits> all = new ArrayList<>();
    runs.forEach(r -> all.add(r.traits()));
    files.forEach(f -> all.add(f.meta.traits()));
    return SourceTraits.ofAll(all);
  }

  /**
   * The rows of the files' index entries (one per data block, so spread evenly over the data they hold),
   * unsorted and possibly repeated; memtable runs and files of other formats contribute none.
   */
  List<byte[]> indexRows() throws java.io.IOException {
    List<byte[]> rows = new ArrayList<>();
    for (TabletFile f : files) {
      RFileIndex plain = f.acquirePlainIndex();
      if (plain != null) { // Tabulo's reader has the index at hand: no Accumulo reader to open
        for (RFileIndex.Group g : plain.groups()) {
          for (org.apache.accumulo.core.data.Key k : g.indexKeys()) {
            rows.add(k.getRowData().toArray());
          }
        }
        f.releasePlainIndex();
        continue;
      }
      try (FileReaderLease lease = FileReaderLease.acquire(f)) {
        if (!(lease.reader() instanceof org.apache.accumulo.core.file.rfile.RFile.Reader reader)) {
          continue; // another format: its rows are not weighed
        }
        org.apache.accumulo.core.file.FileSKVIterator index = reader.getIndex();
        while (index.hasTop()) {
          rows.add(index.getTopKey().getRowData().toArray());
          index.next();
        }
      }
    }
    return rows;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    leases.forEach(FileReaderLease::close);
    readInPlace.forEach(TabletFile::releasePlainIndex);
    files.forEach(TabletFile::unref);
  }
}
