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

/**
 * Merges a tablet's sorted sources into one (LevelDB's merger): the sources in a {@link SourceHeap}, ordered
 * by their top keys; of identical keys, the earlier source comes first.
 */
final class MergingIterator implements SortedKeyValueIterator<Key, Value> {
  private final SortedKeyValueIterator<Key, Value>[] sources;
  private final SourceHeap heap;

  @SuppressWarnings("unchecked")
  MergingIterator(List<SortedKeyValueIterator<Key, Value>> sources) {
    this.sources = sources.toArray(new SortedKeyValueIterator[0]);
    this.heap = new SourceHeap(this.sources.length) {
      @Override
      int compareTops(int a, int b) {
        return MergingIterator.this.sources[a].getTopKey().compareTo(MergingIterator.this.sources[b].getTopKey());
      }
    };
  }

  @Override
  public void init(SortedKeyValueIterator<Key, Value> source, Map<String, String> options,
      IteratorEnvironment env) {
    throw new UnsupportedOperationException("a merge of a tablet's sources is built, not configured");
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive) throws IOException {
    heap.clear();
    for (int s = 0; s < sources.length; s++) {
      sources[s].seek(range, columnFamilies, inclusive);
      if (sources[s].hasTop()) {
        setPrefixes(s);
        heap.add(s);
      }
    }
  }

  @Override
  public boolean hasTop() {
    return !heap.isEmpty();
  }

  @Override
  public Key getTopKey() {
    return sources[heap.top()].getTopKey();
  }

  @Override
  public Value getTopValue() {
    return sources[heap.top()].getTopValue();
  }

  @Override
  public void next() throws IOException {
    int s = heap.top();
    sources[s].next();
    boolean hasTop = sources[s].hasTop();
    if (hasTop) {
      setPrefixes(s);
    }
    heap.topMoved(hasTop);
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    List<SortedKeyValueIterator<Key, Value>> copies = new java.util.ArrayList<>(sources.length);
    for (SortedKeyValueIterator<Key, Value> s : sources) {
      copies.add(s.deepCopy(env));
    }
    return new MergingIterator(copies);
  }

  private void setPrefixes(int s) {
    ByteSequence row = sources[s].getTopKey().getRowData();
    heap.setRow(s, row.getBackingArray(), row.offset(), row.length());
  }
}
