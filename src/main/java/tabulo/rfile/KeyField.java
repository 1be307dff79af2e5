package tabulo.rfile;

import java.util.Arrays;

import org.apache.accumulo.core.data.ByteSequence;

/**
 * One field (row, family, qualifier or visibility) of the previously appended key, kept in a reusable
 * array, beside where the same field of the key being appended starts to differ from it.
 */
final class KeyField {
  /** {@link #common} when the field equals the previous key's. */
  static final int SAME = -1;

  private byte[] previous = new byte[32];
  private int previousLength;

  private byte[] current;
  private int currentOffset;
  private int currentLength;
  /** SAME, or the length of the prefix shared with the previous key's field (RelativeKey's getCommonPrefix). */
  int common;

  /** Takes the current key's field and finds the common prefix. */
  void set(ByteSequence field) {
    set(field.getBackingArray(), field.offset(), field.length());
  }

  /** Takes {@code field[offset, offset + length)} as the current key's field. */
  void set(byte[] field, int offset, int length) {
    current = field;
    currentOffset = offset;
    currentLength = length;
    common = Arrays.mismatch(previous, 0, previousLength, current, currentOffset, currentOffset + currentLength);
  }

  /** Sign of (current field - previous field), unsigned lexicographic as Accumulo compares them. */
  int compare() {
    if (common == SAME) {
      return 0;
    }
    if (common < previousLength && common < currentLength) {
      return (current[currentOffset + common] & 0xff) - (previous[common] & 0xff);
    }
    return currentLength - previousLength;
  }

  /**
   * Writes the field at {@code b[p]} (room reserved) as RelativeKey does: nothing if the same (the caller
   * sets the flag), the common prefix length and the rest when they share more than one byte, else the
   * whole field. Returns the position after it.
   */
  int write(byte[] b, int p, boolean whole) {
    if (!whole && common > 1) {
      p = BlockBuffer.writeVLong(b, p, common);
      p = BlockBuffer.writeVLong(b, p, currentLength - common);
      System.arraycopy(current, currentOffset + common, b, p, currentLength - common);
      return p + currentLength - common;
    } else if (whole || common != SAME) {
      p = BlockBuffer.writeVLong(b, p, currentLength);
      System.arraycopy(current, currentOffset, b, p, currentLength);
      return p + currentLength;
    }
    return p;
  }

  /** The current field becomes the previous one (only the bytes past the common prefix are copied). */
  void remember() {
    if (common == SAME) {
      return;
    }
    if (previous.length < currentLength) {
      previous = Arrays.copyOf(previous, Math.max(currentLength, 2 * previous.length));
    }
    System.arraycopy(current, currentOffset + common, previous, common, currentLength - common);
    previousLength = currentLength;
  }

  int currentLength() {
    return currentLength;
  }

  byte[] previous() {
    return previous;
  }

  int previousLength() {
    return previousLength;
  }

  byte[] current() {
    return current;
  }

  int currentOffset() {
    return currentOffset;
  }
}
