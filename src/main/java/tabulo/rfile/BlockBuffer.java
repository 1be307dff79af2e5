package tabulo.rfile;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable byte array that one block (or the file's tail) is assembled in before it goes to the output
 * in one write: big-endian numbers as {@link java.io.DataOutput} writes them, and the two variable-length
 * encodings the format mixes (Hadoop's {@code WritableUtils} for keys, BCFile's {@code Utils} for offsets).
 */
final class BlockBuffer {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** The most bytes a Hadoop varint takes. */
  static final int MAX_VLONG = 9;

  private byte[] buf;
  private int size;

  BlockBuffer(int capacity) {
    buf = new byte[Math.max(capacity, 16)];
  }

  int size() {
    return size;
  }

  byte[] array() {
    return buf;
  }

  void reset() {
    size = 0;
  }

  /** Makes room for {@code n} more bytes. */
  void reserve(int n) {
    if (n > buf.length - size) {
      long wanted = Math.max((long) size + n, 2L * buf.length);
      if (wanted > Integer.MAX_VALUE - 8) {
        wanted = (long) size + n;
        if (wanted > Integer.MAX_VALUE - 8) {
          throw new IllegalStateException("a block cannot exceed 2 GB");
        }
      }
      buf = Arrays.copyOf(buf, (int) wanted);
    }
  }

  /**
   * Makes room for {@code n} more bytes and returns the array to write them into, from {@link #size()}
   * on; {@link #commit} then sets the new size. For the per-entry path: one capacity check per entry.
   */
  byte[] claim(int n) {
    reserve(n);
    return buf;
  }

  void commit(int newSize) {
    size = newSize;
  }

  void putByte(int b) {
    reserve(1);
    buf[size++] = (byte) b;
  }

  void putBoolean(boolean b) {
    putByte(b ? 1 : 0);
  }

  void putShort(int v) {
    reserve(2);
    buf[size] = (byte) (v >>> 8);
    buf[size + 1] = (byte) v;
    size += 2;
  }

  void putInt(int v) {
    reserve(4);
    INT.set(buf, size, v);
    size += 4;
  }

  void putLong(long v) {
    reserve(8);
    LONG.set(buf, size, v);
    size += 8;
  }

  void put(byte[] b, int off, int len) {
    reserve(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }

  void put(BlockBuffer other) {
    put(other.buf, 0, other.size);
  }

  /** Hadoop's {@code WritableUtils.writeVLong} (also its {@code writeVInt}): used inside keys. */
  void putVLong(long v) {
    reserve(MAX_VLONG);
    size = writeVLong(buf, size, v);
  }

  /** A big-endian int at {@code b[p]} (room reserved); returns the position after it. */
  static int writeInt(byte[] b, int p, int v) {
    INT.set(b, p, v);
    return p + 4;
  }

  /** Hadoop's varint of {@code v} at {@code b[p]} (room reserved); returns the position after it. */
  static int writeVLong(byte[] b, int p, long v) {
    if (v >= -112 && v <= 127) {
      b[p] = (byte) v;
      return p + 1;
    }
    int len = -112;
    if (v < 0) {
      v = ~v;
      len = -120;
    }
    int bytes = 8 - (Long.numberOfLeadingZeros(v) >>> 3);
    b[p++] = (byte) (len - bytes);
    for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
      b[p++] = (byte) (v >>> shift);
    }
    return p;
  }

  /** BCFile's {@code Utils.writeVLong} (also its {@code writeVInt}): used in the index and the container. */
  void putBCFileVLong(long n) {
    if (n < 128 && n >= -32) {
      putByte((int) n);
      return;
    }
    long un = n < 0 ? ~n : n;
    int len = (Long.SIZE - Long.numberOfLeadingZeros(un)) / 8 + 1;
    int firstByte = (int) (n >> ((len - 1) * 8));
    switch (len) {
      case 1:
        firstByte >>= 8;
        // fall through: as two bytes
      case 2:
        if (firstByte < 20 && firstByte >= -20) {
          putByte(firstByte - 52);
          putByte((int) n);
          return;
        }
        firstByte >>= 8;
        // fall through: as three bytes
      case 3:
        if (firstByte < 16 && firstByte >= -16) {
          putByte(firstByte - 88);
          putShort((int) n);
          return;
        }
        firstByte >>= 8;
        // fall through: as four bytes
      case 4:
        if (firstByte < 8 && firstByte >= -8) {
          putByte(firstByte - 112);
          putShort(((int) n) >>> 8);
          putByte((int) n);
          return;
        }
        putByte(len - 129);
        putInt((int) n);
        return;
      case 5:
        putByte(len - 129);
        putInt((int) (n >>> 8));
        putByte((int) n);
        return;
      case 6:
        putByte(len - 129);
        putInt((int) (n >>> 16));
        putShort((int) n);
        return;
      case 7:
        putByte(len - 129);
        putInt((int) (n >>> 24));
        putShort((int) (n >>> 8));
        putByte((int) n);
        return;
      case 8:
        putByte(len - 129);
        putLong(n);
        return;
      default:
        throw new AssertionError(len);
    }
  }

  /** BCFile's {@code Utils.writeString}: the UTF-8 length as a BCFile number, then the bytes. */
  void putBCFileString(String s) {
    byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    putBCFileVLong(b.length);
    put(b, 0, b.length);
  }
}
