package tabulo.embedded;

import java.util.Collection;
import java.util.Map;
import java.util.NoSuchElementException;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * Iterates one sorted run of a memtable. Identical keys all appear, newest first, as in Accumulo's
 * in-memory map: the versioning iterator keeps the first, a combiner folds them all. Column families are
 * left to the system iterators above. Keys and values are unpacked from the run as the iteration reaches
 * them, once per entry.
 */
final class MemtableIterator implements SortedKeyValueIterator<Key, Value> {
  private final Memtable.Run run;
  private Range range;
  private int position;
  private int end; // one past the last entry inside the range
  private Key topKey; // unpacked entry at position, or null
  private Value topValue;

  MemtableIterator(Memtable.Run run) {
    this.run = run;
  }

  @Override
  public void init(SortedKeyValueIterator<Key, Value> src, Map<String, String> options, IteratorEnvironment env) {
    throw new UnsupportedOperationException("a memtable iterator is a source, not a stacked iterator");
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive) {
    this.range = range;
    topKey = null;
    topValue = null;
    position = range.getStartKey() == null ? 0 : firstNotBefore(run, range);
    end = position;
    if (range.getEndKey() == null) {
      end = run.size();
      return;
    }
    while (end < run.size() && !range.afterEndKey(run.key(end))) {
      end++;
      if ((end & 63) == 0) {
        end = firstAfter(run, range, end);
        break;
      }
    }
  }

  /** Binary search: the first key the range does not exclude at its start. */
  private static int firstNotBefore(Memtable.Run run, Range range) {
    int lo = 0;
    int hi = run.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (range.beforeStartKey(run.key(mid))) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Binary search from {@code from}: the first key after the range's end. */
  private static int firstAfter(Memtable.Run run, Range range, int from) {
    int lo = from;
    int hi = run.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (range.afterEndKey(run.key(mid))) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  @Override
  public boolean hasTop() {
    return position < end;
  }

  @Override
  public void next() {
    if (position >= end) {
      throw new NoSuchElementException();
    }
    position++;
    topKey = null;
    topValue = null;
  }

  @Override
  public Key getTopKey() {
    if (topKey == null) {
      topKey = run.key(position);
    }
    return topKey;
  }

  @Override
  public Value getTopValue() {
    if (topValue == null) {
      topValue = run.value(position);
    }
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    return new MemtableIterator(run);
  }
}
