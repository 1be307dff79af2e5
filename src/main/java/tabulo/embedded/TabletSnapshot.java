package tabulo.embedded;

import java.util.ArrayList;
import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * A tablet as of one moment: its memtables up to a write sequence number and the files it had then.
 * The files stay on disk until the snapshot is closed, whatever compactions do meanwhile.
 */
final class TabletSnapshot implements AutoCloseable {
  final Tablet tablet;
  private final Memtable mem;
  private final Memtable imm;
  private final List<TabletFile> files;
  private final long seq;
  private final List<FileReaderLease> leases = new ArrayList<>();
  private boolean closed;

  TabletSnapshot(Tablet tablet, Memtable mem, Memtable imm, List<TabletFile> files, long seq) {
    this.tablet = tablet;
    this.mem = mem;
    this.imm = imm;
    this.files = files;
    this.seq = seq;
  }

  /** Fresh, unseeked iterators over every source of the snapshot, newest first. */
  List<SortedKeyValueIterator<Key, Value>> sources() {
    List<SortedKeyValueIterator<Key, Value>> sources = new ArrayList<>(files.size() + 2);
    if (!mem.isEmpty()) {
      sources.add(mem.iterator(seq));
    }
    if (imm != null) {
      sources.add(imm.iterator(seq));
    }
    for (TabletFile f : files) {
      FileReaderLease lease = FileReaderLease.acquire(f);
      leases.add(lease);
      sources.add(lease.reader());
    }
    return sources;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    leases.forEach(FileReaderLease::close);
    files.forEach(TabletFile::unref);
  }
}
