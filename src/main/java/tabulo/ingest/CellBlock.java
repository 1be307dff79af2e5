package tabulo.ingest;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import tabulo.rfile.CellFields;
import tabulo.rfile.CellSlices;

/**
 * Copies of cells read in place, packed one after another in one reusable byte array (each as five 4-byte
 * lengths, then its row, family, qualifier, value and visibility), so that a scanning thread can hand
 * a few hundred KiB of cells at a time to a formatting thread. Read back one cell at a time, each seen
 * as a {@link CellSlices} (timestamps and delete flags are not kept: the scan has used them already).
 */
final class CellBlock implements CellSlices {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final int HEADER = 20;

  private byte[] bytes;
  private int size;
  private int cells;
  // the cell read last
  private int read;
  private int rowOffset;
  private int rowLength;
  private int familyOffset;
  private int familyLength;
  private int qualifierOffset;
  private int qualifierLength;
  private int valueOffset;
  private int valueLength;
  private int visibilityOffset;
  private int visibilityLength;

  CellBlock(int capacity) {
    bytes = new byte[capacity];
  }

  /**
   * Adds a copy of {@code c} (its visibility only {@code withVisibility}) if it fits; an empty block
   * grows to take a cell larger than it. Returns whether it was added.
   */
  boolean add(CellFields c, boolean withVisibility) {
    int visibility = withVisibility ? c.visibilityLength() : 0;
    long need = (long) HEADER + c.rowLength() + c.familyLength() + c.qualifierLength() + c.valueLength() + visibility;
    if (size + need > bytes.length) {
      if (cells > 0) {
        return false;
      }
      if (need > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("a cell of " + need + " bytes cannot be handed over");
      }
      bytes = new byte[(int) need];
    }
    byte[] b = bytes;
    int at = size;
    INT.set(b, at, c.rowLength());
    INT.set(b, at + 4, c.familyLength());
    INT.set(b, at + 8, c.qualifierLength());
    INT.set(b, at + 12, c.valueLength());
    INT.set(b, at + 16, visibility);
    at += HEADER;
    System.arraycopy(c.row(), 0, b, at, c.rowLength());
    at += c.rowLength();
    System.arraycopy(c.family(), 0, b, at, c.familyLength());
    at += c.familyLength();
    System.arraycopy(c.qualifier(), 0, b, at, c.qualifierLength());
    at += c.qualifierLength();
    System.arraycopy(c.value(), c.valueOffset(), b, at, c.valueLength());
    at += c.valueLength();
    System.arraycopy(c.visibility(), 0, b, at, visibility);
    size = at + visibility;
    cells++;
    return true;
  }

  int cells() {
    return cells;
  }

  /** Empties the block for reuse. */
  void clear() {
    size = 0;
    cells = 0;
    read = 0;
  }

  /** Starts reading the cells from the first. */
  void rewind() {
    read = 0;
  }

  /** Moves to the next cell, seen through this block's {@link CellSlices} methods; false after the last. */
  boolean next() {
    if (read >= size) {
      return false;
    }
    byte[] b = bytes;
    int at = read;
    rowLength = (int) INT.get(b, at);
    familyLength = (int) INT.get(b, at + 4);
    qualifierLength = (int) INT.get(b, at + 8);
    valueLength = (int) INT.get(b, at + 12);
    visibilityLength = (int) INT.get(b, at + 16);
    rowOffset = at + HEADER;
    familyOffset = rowOffset + rowLength;
    qualifierOffset = familyOffset + familyLength;
    valueOffset = qualifierOffset + qualifierLength;
    visibilityOffset = valueOffset + valueLength;
    read = visibilityOffset + visibilityLength;
    return true;
  }

  @Override
  public byte[] bytes() {
    return bytes;
  }

  @Override
  public int rowOffset() {
    return rowOffset;
  }

  @Override
  public int rowLength() {
    return rowLength;
  }

  @Override
  public int familyOffset() {
    return familyOffset;
  }

  @Override
  public int familyLength() {
    return familyLength;
  }

  @Override
  public int qualifierOffset() {
    return qualifierOffset;
  }

  @Override
  public int qualifierLength() {
    return qualifierLength;
  }

  @Override
  public int visibilityOffset() {
    return visibilityOffset;
  }

  @Override
  public int visibilityLength() {
    return visibilityLength;
  }

  @Override
  public int valueOffset() {
    return valueOffset;
  }

  @Override
  public int valueLength() {
    return valueLength;
  }

  @Override
  public long timestamp() {
    return 0; // not kept
  }

  @Override
  public boolean deleted() {
    return false; // the scan hands out no delete markers
  }
}
