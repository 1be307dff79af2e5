package tabulo.embedded;

import tabulo.storage.RowPrefixSort;

/**
 * The binary heap of a merge of sorted sources (LevelDB's merger): source numbers ordered by their top
 * entries, the smallest on top. Each source's top row is kept as its first 16 bytes in two unsigned longs,
 * compared before whole keys ({@link #compareTops}), which settles almost every comparison of a scan over
 * many files (the second long for rows that share their first 8 bytes, as rows with a common prefix do).
 * Of identical keys, the source listed first comes first: sources are listed in the snapshot's order, so
 * ties resolve deterministically. {@link MergingIterator} (Keys) and {@link CellMerge} (cells read in
 * place) order their sources with it.
 */
abstract class SourceHeap {
  private final int[] heap;
  private final long[] prefixes;
  private final long[] secondPrefixes; // of the rows' bytes 8 to 15
  private int size;

  SourceHeap(int sources) {
    this.heap = new int[sources];
    this.prefixes = new long[sources];
    this.secondPrefixes = new long[sources];
  }

  /** Sign of (source a's top key - source b's) in key order. */
  abstract int compareTops(int a, int b);

  /**
   * Takes source s's new top row (before {@link #add} or {@link #topMoved}): its first two 8-byte prefixes,
   * zero-padded; where they differ, the rows compare as they do (padding only makes a row that is a prefix
   * of another smaller).
   */
  void setRow(int s, byte[] row, int offset, int length) {
    // Kept with the sign bit flipped: signed order of the stored values is unsigned order of the prefixes.
    prefixes[s] = RowPrefixSort.prefix(row, offset, length) ^ Long.MIN_VALUE;
    secondPrefixes[s] = (length > 8 ? RowPrefixSort.prefix(row, offset + 8, length - 8) : 0) ^ Long.MIN_VALUE;
  }

  private boolean before(int a, int b) {
    long pa = prefixes[a];
    long pb = prefixes[b];
    if (pa != pb) { // almost always settled here: one predictable test, then the order itself
      return pa < pb;
    }
    pa = secondPrefixes[a];
    pb = secondPrefixes[b];
    if (pa != pb) {
      return pa < pb;
    }
    int c = compareTops(a, b);
    return c < 0 || (c == 0 && a < b);
  }

  void clear() {
    size = 0;
  }

  /** Adds a source that has a top entry. */
  void add(int source) {
    heap[size] = source;
    siftUp(size++);
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The source with the smallest top entry. */
  int top() {
    return heap[0];
  }

  /** The top source has moved on: it takes its place again, or leaves when it has no more entries. */
  void topMoved(boolean hasTop) {
    if (!hasTop) {
      heap[0] = heap[--size];
    }
    siftDown(0);
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
