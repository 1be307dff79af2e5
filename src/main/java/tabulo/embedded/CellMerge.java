package tabulo.embedded;

import java.io.IOException;
import java.util.List;

import org.apache.accumulo.core.data.Key;

import tabulo.rfile.CellCursor;
import tabulo.rfile.CellKeys;

/** {@link MergingIterator}'s merge for cells read in place: sorted cursors in a {@link SourceHeap}. */
final class CellMerge {
  private final CellCursor[] cursors;
  private final SourceHeap heap;

  CellMerge(List<CellCursor> cursors) {
    this.cursors = cursors.toArray(new CellCursor[0]);
    this.heap = new SourceHeap(this.cursors.length) {
      @Override
      int compareTops(int a, int b) {
        return CellKeys.compare(CellMerge.this.cursors[a], CellMerge.this.cursors[b]);
      }
    };
  }

  /** Positions every cursor at its first cell not before {@code start} (null: its first). */
  void seek(Key start) throws IOException {
    heap.clear();
    for (int s = 0; s < cursors.length; s++) {
      cursors[s].seek(start);
      if (cursors[s].hasTop()) {
        setPrefixes(s);
        heap.add(s);
      }
    }
  }

  boolean hasTop() {
    return !heap.isEmpty();
  }

  /** The cursor holding the smallest cell. */
  CellCursor top() {
    return cursors[heap.top()];
  }

  void next() throws IOException {
    int s = heap.top();
    cursors[s].next();
    boolean hasTop = cursors[s].hasTop();
    if (hasTop) {
      setPrefixes(s);
    }
    heap.topMoved(hasTop);
  }

  private void setPrefixes(int s) {
    heap.setRow(s, cursors[s].row(), 0, cursors[s].rowLength());
  }
}
