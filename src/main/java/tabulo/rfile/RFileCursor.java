package tabulo.rfile;

import static tabulo.rfile.RelativeKeyFlags.*;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.apache.accumulo.core.data.Key;

/**
 * Walks one locality group of an {@link RFileIndex}, decoding each entry straight from its block's bytes
 * (Accumulo's RelativeKey: a flags byte, maybe a second, the fields that changed, whole or after a shared
 * prefix, the timestamp whole or as a difference; then the value's 4-byte length and bytes) into reusable
 * field arrays: no Key, Value or stream per entry. The value stays in the block. A seek finds the first
 * block whose index key is not before the start key, then decodes forward to it.
 */
public final class RFileCursor implements CellCursor {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private final RFileIndex file;
  private final RFileIndex.Group group;
  private int nextBlock; // the block to load when this one ends
  private byte[] block; // the current block's bytes, in a buffer reused for the next block
  private int pos;
  private int end; // where the current block ends in it
  private boolean top;

  private byte[] row = new byte[32];
  private int rowLength;
  private byte[] family = new byte[16];
  private int familyLength;
  private byte[] qualifier = new byte[16];
  private int qualifierLength;
  private byte[] visibility = new byte[16];
  private int visibilityLength;
  private long timestamp;
  private boolean deleted;
  private int valueOffset;
  private int valueLength;

  RFileCursor(RFileIndex file, RFileIndex.Group group) {
    this.file = file;
    this.group = group;
  }

  @Override
  public void seek(Key start) throws IOException {
    int target = start == null ? 0 : firstBlockNotBefore(start);
    if (start != null && top && block != null && target == nextBlock - 1 && CellKeys.compare(this, start) < 0) {
      // forward inside the block at hand (a multiply looking up rows in order seeks so, many times a block):
      // on from here rather than decoding the block again from its start. Not from a cell equal to start:
      // a file may hold equal keys, and the seek must find the first.
      while (top && CellKeys.compare(this, start) < 0) {
        next();
      }
      return;
    }
    nextBlock = target;
    pos = end; // the block in the buffer, if any, is done with
    next();
    if (start != null) {
      while (top && CellKeys.compare(this, start) < 0) {
        next();
      }
    }
  }

  /** Binary search of the index keys: the first block that may hold {@code start} or a later key. */
  private int firstBlockNotBefore(Key start) {
    Key[] keys = group.indexKeys();
    int lo = 0;
    int hi = keys.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (keys[mid].compareTo(start) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  @Override
  public boolean hasTop() {
    return top;
  }

  @Override
  public void next() throws IOException {
    while (block == null || pos >= end) {
      if (nextBlock >= group.blocks()) {
        top = false;
        return;
      }
      int size = group.sizes()[nextBlock];
      BlockSource.Block b = file.block(group, nextBlock++, block);
      block = b.bytes();
      pos = b.offset();
      end = pos + size;
      rowLength = familyLength = qualifierLength = visibilityLength = 0; // a block's first key is whole
      timestamp = Long.MAX_VALUE;
    }
    try {
      decode();
      if (pos > end) {
        throw new ArrayIndexOutOfBoundsException(pos);
      }
      top = true;
    } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
      top = false;
      throw new IOException(file.name() + " is damaged: an entry runs past the end of its block (block "
          + (nextBlock - 1) + ")", e);
    }
  }

  private void decode() throws IOException {
    byte[] b = block;
    int same = b[pos++];
    int prefixed = (same & PREFIX_COMPRESSION_ENABLED) != 0 ? b[pos++] : 0;
    if ((same & ROW_SAME) == 0) {
      row = field(row, rowLength, (prefixed & ROW_COMMON_PREFIX) != 0);
      rowLength = fieldLength;
    }
    if ((same & CF_SAME) == 0) {
      family = field(family, familyLength, (prefixed & CF_COMMON_PREFIX) != 0);
      familyLength = fieldLength;
    }
    if ((same & CQ_SAME) == 0) {
      qualifier = field(qualifier, qualifierLength, (prefixed & CQ_COMMON_PREFIX) != 0);
      qualifierLength = fieldLength;
    }
    if ((same & CV_SAME) == 0) {
      visibility = field(visibility, visibilityLength, (prefixed & CV_COMMON_PREFIX) != 0);
      visibilityLength = fieldLength;
    }
    if ((same & TS_SAME) == 0) {
      long t = readVLong();
      timestamp = (prefixed & TS_DIFF) != 0 ? timestamp + t : t;
    }
    deleted = (same & DELETED) != 0;
    int length = (int) INT.get(b, pos);
    if (length < 0 || length > end - pos - 4) {
      throw new IOException(file.name() + " is damaged: a value runs past the end of its block");
    }
    valueOffset = pos + 4;
    valueLength = length;
    pos = valueOffset + length;
  }

  private int fieldLength; // the length of the field {@link #field} decoded last

  /** Decodes a changed field into {@code dst} (grown if needed): whole, or after {@code prefix} shared bytes. */
  private byte[] field(byte[] dst, int previousLength, boolean sharesPrefix) throws IOException {
    int prefix = 0;
    if (sharesPrefix) {
      prefix = readVInt();
      if (prefix > previousLength) {
        throw new IOException(file.name() + " is damaged: a key shares more bytes than the previous key has");
      }
    }
    int rest = readVInt();
    int length = prefix + rest;
    if (length > dst.length) {
      dst = Arrays.copyOf(dst, Math.max(length, 2 * dst.length));
    }
    System.arraycopy(block, pos, dst, prefix, rest);
    pos += rest;
    fieldLength = length;
    return dst;
  }

  private int readVInt() throws IOException {
    long v = readVLong();
    if (v < 0 || v > Integer.MAX_VALUE) {
      throw new IOException(file.name() + " is damaged: a bad field length");
    }
    return (int) v;
  }

  /** Hadoop's WritableUtils.readVLong from the block. */
  private long readVLong() {
    byte[] b = block;
    int first = b[pos++];
    if (first >= -112) {
      return first;
    }
    boolean negative = first < -120;
    int bytes = negative ? -(first + 120) : -(first + 112);
    long v = 0;
    for (int i = 0; i < bytes; i++) {
      v = (v << 8) | (b[pos++] & 0xff);
    }
    return negative ? ~v : v;
  }

  @Override
  public byte[] row() {
    return row;
  }

  @Override
  public int rowLength() {
    return rowLength;
  }

  @Override
  public byte[] family() {
    return family;
  }

  @Override
  public int familyLength() {
    return familyLength;
  }

  @Override
  public byte[] qualifier() {
    return qualifier;
  }

  @Override
  public int qualifierLength() {
    return qualifierLength;
  }

  @Override
  public byte[] visibility() {
    return visibility;
  }

  @Override
  public int visibilityLength() {
    return visibilityLength;
  }

  @Override
  public long timestamp() {
    return timestamp;
  }

  @Override
  public boolean deleted() {
    return deleted;
  }

  @Override
  public byte[] value() {
    return block;
  }

  @Override
  public int valueOffset() {
    return valueOffset;
  }

  @Override
  public int valueLength() {
    return valueLength;
  }
}
