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
    for (Range r : ranges) {
      if (!run(r, sink)) {
        return false;
      }
    }
    return true;
  }

  private boolean run(Range range, CellSink sink) throws IOException {
    Key start = range.getStartKey();
    Key end = range.getEndKey();
    merge.seek(IteratorUtil.maximizeStartKeyTimeStamp(range).getStartKey());
    boolean beforeStart = start != null;
    boolean haveColumn = false;
    for (; merge.hasTop(); merge.next()) {
      CellCursor c = merge.top();
      if (end != null) {
        int toEnd = CellKeys.compare(c, end);
        if (toEnd > 0 || (toEnd == 0 && !range.isEndKeyInclusive())) {
          break;
        }
      }
      if (haveColumn && CellKeys.sameColumn(c, row, rowLength, family, familyLength, qualifier, qualifierLength,
          columnVisibility, columnVisibilityLength)) {
        continue; // an older version, or one a delete hides
      }
      remember(c);
      haveColumn = true;
      if (beforeStart) {
        int fromStart = CellKeys.compare(c, start);
        if (fromStart < 0 || (fromStart == 0 && !range.isStartKeyInclusive())) {
          continue;
        }
        beforeStart = false;
      }
      if (c.deleted() || (visibility != null && !visibility.visible(c.visibility(), c.visibilityLength()))) {
        continue;
      }
      cells++;
      if (!sink.accept(c)) {
        return false;
      }
    }
    return true;
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
