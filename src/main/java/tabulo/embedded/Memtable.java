package tabulo.embedded;

import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * A tablet's in-memory sorted buffer of recent writes. Each entry carries the sequence number of its write
 * so that a scan sees exactly the writes made before it started (a snapshot), while writes go on.
 * One writer at a time (the tablet's write lock); any number of concurrent readers.
 */
final class Memtable {
  /** Rough JVM cost of one entry beyond its bytes: key and value objects, arrays, skip-list node. */
  private static final int ENTRY_OVERHEAD = 160;

  /** A key with its write sequence; equal keys sort newest write first. */
  record MemKey(Key key, long seq) implements Comparable<MemKey> {
    @Override
    public int compareTo(MemKey o) {
      int c = key.compareTo(o.key);
      return c != 0 ? c : Long.compare(o.seq, seq);
    }
  }

  private final ConcurrentSkipListMap<MemKey, Value> map = new ConcurrentSkipListMap<>();
  private final AtomicLong bytes = new AtomicLong();
  private volatile long entries;

  void put(Key key, Value value, long seq) {
    map.put(new MemKey(key, seq), value);
    bytes.addAndGet(ENTRY_OVERHEAD + key.getSize() + value.getSize());
    entries++;
  }

  long bytes() {
    return bytes.get();
  }

  long entries() {
    return entries;
  }

  boolean isEmpty() {
    return map.isEmpty();
  }

  /** An iterator over the writes with sequence numbers up to {@code snapshotSeq}. */
  SortedKeyValueIterator<Key, Value> iterator(long snapshotSeq) {
    return new MemtableIterator(map, snapshotSeq);
  }
}
