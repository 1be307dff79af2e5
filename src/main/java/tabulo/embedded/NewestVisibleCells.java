package tabulo.embedded;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.iterators.IteratorUtil;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.rfile.CellCursor;
import tabulo.rfile.CellKeys;
import tabulo.storage.CellSink;

/**
 * What the plain scan stack (Accumulo's delete filter, visibility filter and newest-version iterator over
 * the merged sources; see {@link IteratorStack#isNewestVisible}) yields, computed over cells read in place:
 * of each column (row, family, qualifier, visibility) only its first cell in key order counts, the
 * newest; it is handed out unless it is a delete marker or the authorizations do not satisfy its
 * visibility. Ranges are seeked as those iterators seek them: from the newest version of the start key's
 * column, cells before the start dropped.
 */
final class NewestVisibleCells {
  private final CellMerge merge;
  private final VisibilityCheck visibility; // null: no labels in the sources
  // the column of the last cell that counted
  private byte[] row = new byte[32];
  private int rowLength;
  private byte[] family = new byte[16];
  private int familyLength;
  private byte[] qualifier = new byte[16];
  private int qualifierLength;
  private byte[] columnVisibility = new byte[16];
  private int columnVisibilityLength;
  private long cells;

  NewestVisibleCells(List<CellCursor> sources, boolean labels, Authorizations auths) {
    this.merge = new CellMerge(sources);
    this.visibility = labels ? new VisibilityCheck(auths) : null;
  }

  /** Cells handed out so far. */
  long cells() {
    return cells;
  }

  /** Hands the cells of {@code ranges} (sorted, disjoint) to {@code sink}; false if it asked to stop. */
  boolean run(List<Range> ranges, CellSink sink) throws IOException {
    start(ranges);
    for (CellCursor c = next(); c != null; c = next()) {
      if (!sink.accept(c)) {
        return false;
      }
    }
    return true;
  }

  // where next() is: the ranges, the one being read (null: seek the next), and its state
  private List<Range> ranges = List.of();
  private int nextRange;
  private Range range;
  private boolean beforeStart;
  private boolean haveColumn;
  private boolean advance; // the merge's top was looked at: move past it first

  /** Starts reading {@code ranges} (sorted, disjoint) with {@link #next()}. */
  void start(List<Range> ranges) {
    this.ranges = ranges;
    nextRange = 0;
    range = null;
  }

  /** The next cell of the ranges, valid until the next call; null at their end. */
  CellCursor next() throws IOException {
    while (true) {
      if (range == null) {
        if (nextRange >= ranges.size()) {
          return null;
        }
        range = ranges.get(nextRange++);
        merge.seek(IteratorUtil.maximizeStartKeyTimeStamp(range).getStartKey());
        beforeStart = range.getStartKey() != null;
        haveColumn = false;
        advance = false;
      }
      if (advance) {
        merge.next();
      }
      advance = true;
      if (!merge.hasTop()) {
        range = null;
        continue;
      }
      CellCursor c = merge.top();
      Key end = range.getEndKey();
      if (end != null) {
        int toEnd = CellKeys.compare(c, end);
        if (toEnd > 0 || (toEnd == 0 && !range.isEndKeyInclusive())) {
          range = null;
          continue;
        }
      }
      if (haveColumn && CellKeys.sameColumn(c, row, rowLength, family, familyLength, qualifier, qualifierLength,
          columnVisibility, columnVisibilityLength)) {
        continue; // an older version, or one a delete hides
      }
      remember(c);
      haveColumn = true;
      if (beforeStart) {
        int fromStart = CellKeys.compare(c, range.getStartKey());
        if (fromStart < 0 || (fromStart == 0 && !range.isStartKeyInclusive())) {
          continue;
        }
        beforeStart = false;
      }
      if (c.deleted() || (visibility != null && !visibility.visible(c.visibility(), c.visibilityLength()))) {
        continue;
      }
      cells++;
      return c;
    }
  }

  private void remember(CellCursor c) {
    row = copy(c.row(), c.rowLength(), row);
    rowLength = c.rowLength();
    family = copy(c.family(), c.familyLength(), family);
    familyLength = c.familyLength();
    qualifier = copy(c.qualifier(), c.qualifierLength(), qualifier);
    qualifierLength = c.qualifierLength();
    columnVisibility = copy(c.visibility(), c.visibilityLength(), columnVisibility);
    columnVisibilityLength = c.visibilityLength();
  }

  private static byte[] copy(byte[] from, int length, byte[] to) {
    if (to.length < length) {
      to = Arrays.copyOf(from, Math.max(length, 2 * to.length));
    } else {
      System.arraycopy(from, 0, to, 0, length);
    }
    return to;
  }
}
