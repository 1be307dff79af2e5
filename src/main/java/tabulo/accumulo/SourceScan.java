package tabulo.accumulo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.NoSuchElementException;
import java.util.Set;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

import tabulo.storage.Scan;

/** A tablet's own data (some column families, or all), read through an iterator's source over some ranges in turn, as a {@link Scan}. */
final class SourceScan implements Scan {
  private final SortedKeyValueIterator<Key, Value> source;
  private final List<Range> ranges;
  private final Set<ByteSequence> families;

  /** {@code families}: the column families to read (so locality groups keep the others unread); empty: all. */
  SourceScan(SortedKeyValueIterator<Key, Value> source, List<Range> ranges, Set<ByteSequence> families) {
    this.source = source;
    this.ranges = ranges;
    this.families = families;
  }

  @Override
  public Iterator<Entry<Key, Value>> iterator() {
    // the source advances lazily, when the next entry is asked for: the one handed out stays valid until then
    return new Iterator<>() {
      private int next;
      private boolean positioned;
      private boolean consumed;

      @Override
      public boolean hasNext() {
        try {
          if (consumed) {
            consumed = false;
            source.next();
          }
          while (!positioned || !source.hasTop()) {
            if (next >= ranges.size()) {
              return false;
            }
            source.seek(ranges.get(next++), families, !families.isEmpty());
            positioned = true;
          }
          return true;
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override
      public Entry<Key, Value> next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        consumed = true;
        return Map.entry(source.getTopKey(), source.getTopValue());
      }
    };
  }

  @Override
  public void close() {
    // the source belongs to the tablet server
  }
}
