package tabulo.embedded;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

import tabulo.storage.RowPrefixSort;

/**
 * Merges a tablet's sorted sources into one (LevelDB's merger): a binary heap of the sources ordered by
 * their top keys, comparing the first 16 bytes of the rows as two unsigned longs before whole keys, which
 * settles almost every comparison of a scan over many files (the second long for rows that share their
 * first 8 bytes, as rows with a common prefix do). Of identical keys, the earlier source comes
 * first: sources are listed newest first, so the newest write wins, deterministically.
 */
final class MergingIterator implements SortedKeyValueIterator<Key, Value> {
  private final SortedKeyValueIterator<Key, Value>[] sources;
  private final long[] prefixes;
  private final long[] secondPrefixes; // of the rows' bytes 8 to 15
  private final int[] heap;
  private int size;

  @SuppressWarnings("unchecked")
  MergingIterator(List<SortedKeyValueIterator<Key, Value>> sources) {
    this.sources = sources.toArray(new SortedKeyValueIterator[0]);
    this.prefixes = new long[this.sources.length];
    this.secondPrefixes = new long[this.sources.length];
    this.heap = new int[this.sources.length];
  }

  @Override
  public void init(SortedKeyValueIterator<Key, Value> source, Map<String, String> options,
      IteratorEnvironment env) {
    throw new UnsupportedOperationException("a merge of a tablet's sources is built, not configured");
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive) throws IOException {
    size = 0;
    for (int s = 0; s < sources.length; s++) {
      sources[s].seek(range, columnFamilies, inclusive);
      if (sources[s].hasTop()) {
        setPrefixes(s);
        heap[size] = s;
        siftUp(size++);
      }
    }
  }

  @Override
  public boolean hasTop() {
    return size > 0;
  }

  @Override
  public Key getTopKey() {
    return sources[heap[0]].getTopKey();
  }

  @Override
  public Value getTopValue() {
    return sources[heap[0]].getTopValue();
  }

  @Override
  public void next() throws IOException {
    int s = heap[0];
    sources[s].next();
    if (sources[s].hasTop()) {
      setPrefixes(s);
    } else {
      heap[0] = heap[--size];
    }
    siftDown(0);
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    List<SortedKeyValueIterator<Key, Value>> copies = new java.util.ArrayList<>(sources.length);
    for (SortedKeyValueIterator<Key, Value> s : sources) {
      copies.add(s.deepCopy(env));
    }
    return new MergingIterator(copies);
  }

  /**
   * The top row's first two 8-byte prefixes, zero-padded: where they differ, the rows compare as they do
   * (padding only makes a row that is a prefix of another smaller).
   */
  private void setPrefixes(int s) {
    ByteSequence row = sources[s].getTopKey().getRowData();
    byte[] bytes = row.getBackingArray();
    prefixes[s] = RowPrefixSort.prefix(bytes, row.offset(), row.length());
    secondPrefixes[s] = row.length() > 8 ? RowPrefixSort.prefix(bytes, row.offset() + 8, row.length() - 8) : 0;
  }

  /** Whether source a's top key comes before source b's. */
  private boolean before(int a, int b) {
    int c = Long.compareUnsigned(prefixes[a], prefixes[b]);
    if (c == 0) {
      c = Long.compareUnsigned(secondPrefixes[a], secondPrefixes[b]);
    }
    if (c == 0) {
      c = sources[a].getTopKey().compareTo(sources[b].getTopKey());
    }
    return c < 0 || (c == 0 && a < b);
  }

  private void siftUp(int i) {
    int s = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!before(s, heap[parent])) {
        break;
      }
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = s;
  }

  private void siftDown(int i) {
    if (size == 0) {
      return;
    }
    int s = heap[i];
    while (true) {
      int child = 2 * i + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && before(heap[child + 1], heap[child])) {
        child++;
      }
      if (!before(heap[child], s)) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = s;
  }
}
