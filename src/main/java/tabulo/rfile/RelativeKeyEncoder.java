package tabulo.rfile;

import static tabulo.rfile.RelativeKeyFlags.*;

import java.util.Arrays;

import org.apache.accumulo.core.data.Key;

/**
 * Encodes each key relative to the previous one as Accumulo's {@code RelativeKey} does, comparing against
 * the previous key kept in reusable arrays (no Key copies): a flags byte (fields equal to the previous
 * key's, delete marker), a second flags byte when some field shares a prefix of two or more bytes or the
 * timestamp changed, then each field that is not the same (whole, or the prefix length and the rest), then
 * the timestamp (whole in a block's first key, else its difference from the previous one).
 */
final class RelativeKeyEncoder {

  /** Bytes an encoded key takes beyond its fields': two flag bytes, two varints per field, a timestamp. */
  static final int MAX_OVERHEAD = 2 + 4 * 2 * BlockBuffer.MAX_VLONG + BlockBuffer.MAX_VLONG;

  final KeyField row = new KeyField();
  final KeyField family = new KeyField();
  final KeyField qualifier = new KeyField();
  final KeyField visibility = new KeyField();
  // the previous key starts as new Key(): empty fields, the greatest timestamp, not deleted
  private long previousTimestamp = Long.MAX_VALUE;
  private boolean previousDeleted;
  private long timestamp;
  private boolean deleted;

  /** Takes the key about to be appended; returns the sign of (key - previous key) in Accumulo's order. */
  int set(Key key) {
    row.set(key.getRowData());
    family.set(key.getColumnFamilyData());
    qualifier.set(key.getColumnQualifierData());
    visibility.set(key.getColumnVisibilityData());
    return compareTo(key.getTimestamp(), key.isDeleted());
  }

  /** {@link #set(Key)} for a key given as its fields (whole arrays, not copied). */
  int set(byte[] rowBytes, byte[] familyBytes, byte[] qualifierBytes, byte[] visibilityBytes, long ts,
      boolean delete) {
    row.set(rowBytes, 0, rowBytes.length);
    family.set(familyBytes, 0, familyBytes.length);
    qualifier.set(qualifierBytes, 0, qualifierBytes.length);
    visibility.set(visibilityBytes, 0, visibilityBytes.length);
    return compareTo(ts, delete);
  }

  /** {@link #set(Key)} for a cell's key (slices of its array, not copied). */
  int set(CellSlices c) {
    byte[] b = c.bytes();
    row.set(b, c.rowOffset(), c.rowLength());
    family.set(b, c.familyOffset(), c.familyLength());
    qualifier.set(b, c.qualifierOffset(), c.qualifierLength());
    visibility.set(b, c.visibilityOffset(), c.visibilityLength());
    return compareTo(c.timestamp(), c.deleted());
  }

  /**
   * Sign of (the key just taken - the previous key of {@code other}, another locality group's encoder) in
   * Accumulo's order: the file's order across groups.
   */
  int compareWithPreviousOf(RelativeKeyEncoder other) {
    int c = compare(row, other.row);
    if (c == 0) {
      c = compare(family, other.family);
      if (c == 0) {
        c = compare(qualifier, other.qualifier);
        if (c == 0) {
          c = compare(visibility, other.visibility);
          if (c == 0) {
            c = Long.compare(other.previousTimestamp, timestamp);
            if (c == 0 && deleted != other.previousDeleted) {
              c = deleted ? -1 : 1;
            }
          }
        }
      }
    }
    return c;
  }

  private static int compare(KeyField current, KeyField previous) {
    return Arrays.compareUnsigned(current.current(), current.currentOffset(),
        current.currentOffset() + current.currentLength(), previous.previous(), 0, previous.previousLength());
  }

  private int compareTo(long ts, boolean delete) {
    timestamp = ts;
    deleted = delete;
    int c = row.compare();
    if (c == 0) {
      c = family.compare();
      if (c == 0) {
        c = qualifier.compare();
        if (c == 0) {
          c = visibility.compare();
          if (c == 0) {
            c = Long.compare(previousTimestamp, timestamp); // newest first
            if (c == 0 && deleted != previousDeleted) {
              c = deleted ? -1 : 1; // a delete sorts before the same key not deleted
            }
          }
        }
      }
    }
    return c;
  }

  /** Key.getSize() of the current key: its fields' lengths. */
  int currentSize() {
    return row.currentLength() + family.currentLength() + qualifier.currentLength() + visibility.currentLength();
  }

  boolean currentDeleted() {
    return deleted;
  }

  /** Whether the current key's row, family, qualifier and visibility equal the previous key's. */
  boolean sameColumnAsPrevious() {
    return row.common == KeyField.SAME && family.common == KeyField.SAME && qualifier.common == KeyField.SAME
        && visibility.common == KeyField.SAME;
  }

  /**
   * Writes the current key at {@code b[p]}, relative to the previous one or whole as a block's first key;
   * returns the position after it. The caller reserves {@link #MAX_OVERHEAD} + {@link #currentSize()}.
   */
  int write(byte[] b, int p, boolean firstInBlock) {
    if (firstInBlock) {
      b[p++] = (byte) (deleted ? DELETED : 0);
      p = row.write(b, p, true);
      p = family.write(b, p, true);
      p = qualifier.write(b, p, true);
      p = visibility.write(b, p, true);
      return BlockBuffer.writeVLong(b, p, timestamp);
    }
    int same = 0;
    int prefixed = 0;
    if (row.common == KeyField.SAME) {
      same |= ROW_SAME;
    } else if (row.common > 1) {
      prefixed |= ROW_COMMON_PREFIX;
    }
    if (family.common == KeyField.SAME) {
      same |= CF_SAME;
    } else if (family.common > 1) {
      prefixed |= CF_COMMON_PREFIX;
    }
    if (qualifier.common == KeyField.SAME) {
      same |= CQ_SAME;
    } else if (qualifier.common > 1) {
      prefixed |= CQ_COMMON_PREFIX;
    }
    if (visibility.common == KeyField.SAME) {
      same |= CV_SAME;
    } else if (visibility.common > 1) {
      prefixed |= CV_COMMON_PREFIX;
    }
    long diff = timestamp - previousTimestamp; // may wrap; the reader adds it back with the same wrap
    if (diff == 0) {
      same |= TS_SAME;
    } else {
      prefixed |= TS_DIFF;
    }
    if (prefixed != 0) {
      same |= PREFIX_COMPRESSION_ENABLED;
    }
    if (deleted) {
      same |= DELETED;
    }
    b[p++] = (byte) same;
    if (prefixed != 0) {
      b[p++] = (byte) prefixed;
    }
    p = row.write(b, p, false);
    p = family.write(b, p, false);
    p = qualifier.write(b, p, false);
    p = visibility.write(b, p, false);
    if (diff != 0) {
      p = BlockBuffer.writeVLong(b, p, diff);
    }
    return p;
  }

  /** The current key becomes the previous one. */
  void remember() {
    row.remember();
    family.remember();
    qualifier.remember();
    visibility.remember();
    previousTimestamp = timestamp;
    previousDeleted = deleted;
  }

  /** Writes the previous key in Key's Writable form. */
  void writePrevious(BlockBuffer out) {
    IndexKeys.write(out, row.previous(), 0, row.previousLength(), family.previous(), 0, family.previousLength(),
        qualifier.previous(), 0, qualifier.previousLength(), visibility.previous(), 0,
        visibility.previousLength(), previousTimestamp, previousDeleted);
  }

  /**
   * Writes (Key's Writable form) the key Accumulo's KeyShortener puts in the index between the previous
   * key and the current one: a short key between them when one of the row, family or qualifier allows
   * it, else the previous key. Returns that key's Key.getSize().
   */
  int writeShortenedPrevious(BlockBuffer out) {
    byte[] none = IndexKeys.EMPTY;
    if (row.compare() > 0) {
      byte[] r = IndexKeys.between(row.previous(), row.previousLength(), row.current(), row.currentOffset(),
          row.currentLength());
      if (r != null) {
        IndexKeys.write(out, r, 0, r.length, none, 0, 0, none, 0, 0, none, 0, 0, 0, false);
        return r.length;
      }
    } else if (family.compare() > 0) {
      byte[] f = IndexKeys.between(family.previous(), family.previousLength(), family.current(),
          family.currentOffset(), family.currentLength());
      if (f != null) {
        IndexKeys.write(out, row.previous(), 0, row.previousLength(), f, 0, f.length, none, 0, 0, none, 0, 0, 0,
            false);
        return row.previousLength() + f.length;
      }
    } else if (qualifier.compare() > 0) {
      byte[] q = IndexKeys.between(qualifier.previous(), qualifier.previousLength(), qualifier.current(),
          qualifier.currentOffset(), qualifier.currentLength());
      if (q != null) {
        IndexKeys.write(out, row.previous(), 0, row.previousLength(), family.previous(), 0,
            family.previousLength(), q, 0, q.length, none, 0, 0, 0, false);
        return row.previousLength() + family.previousLength() + q.length;
      }
    }
    writePrevious(out);
    return row.previousLength() + family.previousLength() + qualifier.previousLength()
        + visibility.previousLength();
  }

  /** The previous key as a Key (for messages). */
  Key previousKey() {
    return new Key(Arrays.copyOf(row.previous(), row.previousLength()),
        Arrays.copyOf(family.previous(), family.previousLength()),
        Arrays.copyOf(qualifier.previous(), qualifier.previousLength()),
        Arrays.copyOf(visibility.previous(), visibility.previousLength()), previousTimestamp,
        previousDeleted);
  }
}
