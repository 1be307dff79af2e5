package tabulo.embedded;

import java.io.IOException;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentSkipListMap;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * Iterates a memtable as of a snapshot: writes after the snapshot are invisible. Several writes of an
 * identical key (same timestamp too) all appear, newest first, as in Accumulo's in-memory map: the
 * versioning iterator keeps the first, a combiner folds them all. Column families are left to the system
 * iterators above.
 */
final class MemtableIterator implements SortedKeyValueIterator<Key, Value> {
  private final ConcurrentSkipListMap<Memtable.MemKey, Value> map;
  private final long snapshotSeq;
  private Iterator<Map.Entry<Memtable.MemKey, Value>> source;
  private Range range;
  private Key topKey;
  private Value topValue;

  MemtableIterator(ConcurrentSkipListMap<Memtable.MemKey, Value> map, long snapshotSeq) {
    this.map = map;
    this.snapshotSeq = snapshotSeq;
  }

  @Override
  public void init(SortedKeyValueIterator<Key, Value> src, Map<String, String> options, IteratorEnvironment env) {
    throw new UnsupportedOperationException("a memtable iterator is a source, not a stacked iterator");
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive) throws IOException {
    this.range = range;
    Key start = range.getStartKey();
    source = (start == null ? map : map.tailMap(new Memtable.MemKey(start, Long.MAX_VALUE), true))
        .entrySet().iterator();
    topKey = null;
    advance();
  }

  private void advance() {
    topKey = null;
    topValue = null;
    while (source.hasNext()) {
      Map.Entry<Memtable.MemKey, Value> e = source.next();
      Memtable.MemKey mk = e.getKey();
      if (mk.seq() > snapshotSeq) {
        continue;
      }
      Key k = mk.key();
      if (range.beforeStartKey(k)) {
        continue;
      }
      if (range.afterEndKey(k)) {
        return;
      }
      topKey = k;
      topValue = e.getValue();
      return;
    }
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public void next() throws IOException {
    if (topKey == null) {
      throw new NoSuchElementException();
    }
    advance();
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    return new MemtableIterator(map, snapshotSeq);
  }
}
