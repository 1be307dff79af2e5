package tabulo.rfile;

import java.util.Arrays;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;

/** Accumulo's key order (Key.compareTo) over cells read in place, with no Key built. */
public final class CellKeys {
  private CellKeys() {}

  /** Sign of (a - b) in key order: row, family, qualifier, visibility, newest first, a delete first. */
  public static int compare(CellFields a, CellFields b) {
    int c = Arrays.compareUnsigned(a.row(), 0, a.rowLength(), b.row(), 0, b.rowLength());
    if (c != 0) {
      return c;
    }
    c = Arrays.compareUnsigned(a.family(), 0, a.familyLength(), b.family(), 0, b.familyLength());
    if (c != 0) {
      return c;
    }
    c = Arrays.compareUnsigned(a.qualifier(), 0, a.qualifierLength(), b.qualifier(), 0, b.qualifierLength());
    if (c != 0) {
      return c;
    }
    c = Arrays.compareUnsigned(a.visibility(), 0, a.visibilityLength(), b.visibility(), 0, b.visibilityLength());
    if (c != 0) {
      return c;
    }
    return timeAndDelete(a.timestamp(), a.deleted(), b.timestamp(), b.deleted());
  }

  /** Sign of (cell - key) in key order. */
  public static int compare(CellFields a, Key k) {
    int c = compare(a.row(), a.rowLength(), k.getRowData());
    if (c != 0) {
      return c;
    }
    c = compare(a.family(), a.familyLength(), k.getColumnFamilyData());
    if (c != 0) {
      return c;
    }
    c = compare(a.qualifier(), a.qualifierLength(), k.getColumnQualifierData());
    if (c != 0) {
      return c;
    }
    c = compare(a.visibility(), a.visibilityLength(), k.getColumnVisibilityData());
    if (c != 0) {
      return c;
    }
    return timeAndDelete(a.timestamp(), a.deleted(), k.getTimestamp(), k.isDeleted());
  }

  /** Whether two cells have the same row, family, qualifier and visibility: versions of one column. */
  public static boolean sameColumn(CellFields a, byte[] row, int rowLength, byte[] family, int familyLength,
      byte[] qualifier, int qualifierLength, byte[] visibility, int visibilityLength) {
    return Arrays.equals(a.row(), 0, a.rowLength(), row, 0, rowLength)
        && Arrays.equals(a.qualifier(), 0, a.qualifierLength(), qualifier, 0, qualifierLength)
        && Arrays.equals(a.family(), 0, a.familyLength(), family, 0, familyLength)
        && Arrays.equals(a.visibility(), 0, a.visibilityLength(), visibility, 0, visibilityLength);
  }

  private static int compare(byte[] b, int length, ByteSequence s) {
    return Arrays.compareUnsigned(b, 0, length, s.getBackingArray(), s.offset(), s.offset() + s.length());
  }

  private static int timeAndDelete(long ta, boolean da, long tb, boolean db) {
    int c = Long.compare(tb, ta); // newest first
    if (c == 0 && da != db) {
      c = da ? -1 : 1;
    }
    return c;
  }
}
