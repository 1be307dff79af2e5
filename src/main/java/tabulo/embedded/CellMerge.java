package tabulo.embedded;

import java.io.IOException;
import java.util.List;

import org.apache.accumulo.core.data.Key;

import tabulo.rfile.CellCursor;
import tabulo.rfile.CellKeys;
import tabulo.storage.RowPrefixSort;

/**
 * {@link MergingIterator}'s merge for cells read in place: a binary heap of sorted cursors ordered by
 * their top cells, comparing the rows' first 16 bytes as two unsigned longs before whole keys (as there);
 * of identical keys the earlier cursor comes first (cursors are listed in the snapshot's source order,
 * as there).
 */
final class CellMerge {
  private final CellCursor[] cursors;
  private final long[] prefixes;
  private final long[] secondPrefixes; // of the rows' bytes 8 to 15
  private final int[] heap;
  private int size;

  CellMerge(List<CellCursor> cursors) {
    this.cursors = cursors.toArray(new CellCursor[0]);
    this.prefixes = new long[this.cursors.length];
    this.secondPrefixes = new long[this.cursors.length];
    this.heap = new int[this.cursors.length];
  }

  /** Positions every cursor at its first cell not before {@code start} (null: its first). */
  void seek(Key start) throws IOException {
    size = 0;
    for (int s = 0; s < cursors.length; s++) {
      cursors[s].seek(start);
      if (cursors[s].hasTop()) {
        setPrefixes(s);
        heap[size] = s;
        siftUp(size++);
      }
    }
  }

  boolean hasTop() {
    return size > 0;
  }

  /** The cursor holding the smallest cell. */
  CellCursor top() {
    return cursors[heap[0]];
  }

  void next() throws IOException {
    int s = heap[0];
    cursors[s].next();
    if (cursors[s].hasTop()) {
      setPrefixes(s);
    } else {
      heap[0] = heap[--size];
    }
    siftDown(0);
  }

  /** The top row's first two 8-byte prefixes, zero-padded (see MergingIterator). */
  private void setPrefixes(int s) {
    CellCursor c = cursors[s];
    byte[] row = c.row();
    int length = c.rowLength();
    prefixes[s] = RowPrefixSort.prefix(row, 0, length);
    secondPrefixes[s] = length > 8 ? RowPrefixSort.prefix(row, 8, length - 8) : 0;
  }

  private boolean before(int a, int b) {
    int c = Long.compareUnsigned(prefixes[a], prefixes[b]);
    if (c == 0) {
      c = Long.compareUnsigned(secondPrefixes[a], secondPrefixes[b]);
      if (c == 0) {
        c = CellKeys.compare(cursors[a], cursors[b]);
      }
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
