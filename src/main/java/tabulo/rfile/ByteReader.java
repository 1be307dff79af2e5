package tabulo.rfile;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads the encodings an RFile's metadata and index use from a byte array (the inverse of
 * {@link BlockBuffer}'s writes): big-endian ints and longs, Hadoop's varints (inside keys), BCFile's varints
 * (in the index and the container). Running past the end is an IOException naming what was read.
 */
final class ByteReader {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final byte[] b;
  private final int end;
  private final String what;
  int pos;

  ByteReader(byte[] b, String what) {
    this(b, 0, b.length, what);
  }

  ByteReader(byte[] b, int offset, int end, String what) {
    this.b = b;
    this.pos = offset;
    this.end = end;
    this.what = what;
  }

  private void need(int n) throws IOException {
    if (n < 0 || pos + n > end) {
      throw new IOException(what + " is damaged: it ends inside an entry at byte " + pos);
    }
  }

  int readByte() throws IOException {
    need(1);
    return b[pos++];
  }

  boolean readBoolean() throws IOException {
    return readByte() != 0;
  }

  int readUnsignedShort() throws IOException {
    need(2);
    int v = ((b[pos] & 0xff) << 8) | (b[pos + 1] & 0xff);
    pos += 2;
    return v;
  }

  int readInt() throws IOException {
    need(4);
    int v = (int) INT.get(b, pos);
    pos += 4;
    return v;
  }

  long readLong() throws IOException {
    need(8);
    long v = (long) LONG.get(b, pos);
    pos += 8;
    return v;
  }

  byte[] readBytes(int n) throws IOException {
    need(n);
    byte[] v = java.util.Arrays.copyOfRange(b, pos, pos + n);
    pos += n;
    return v;
  }

  /** DataInput.readUTF (modified UTF-8, as locality group names are written). */
  String readUTF() throws IOException {
    int n = readUnsignedShort();
    need(n);
    String s = new java.io.DataInputStream(new java.io.ByteArrayInputStream(b, pos - 2, n + 2)).readUTF();
    pos += n;
    return s;
  }

  /** Hadoop's WritableUtils.readVLong (also readVInt). */
  long readVLong() throws IOException {
    int first = readByte();
    if (first >= -112) {
      return first;
    }
    boolean negative = first < -120;
    int bytes = negative ? -(first + 120) : -(first + 112);
    need(bytes);
    long v = 0;
    for (int i = 0; i < bytes; i++) {
      v = (v << 8) | (b[pos++] & 0xff);
    }
    return negative ? ~v : v;
  }

  int readVInt() throws IOException {
    long v = readVLong();
    if (v != (int) v) {
      throw new IOException(what + " is damaged: a length out of range at byte " + pos);
    }
    return (int) v;
  }

  /** BCFile's Utils.readVLong (also readVInt). */
  long readBCFileVLong() throws IOException {
    int first = readByte();
    if (first >= -32) {
      return first;
    }
    switch ((first + 128) / 8) {
      case 11, 10, 9, 8, 7:
        return ((first + 52L) << 8) | (readByte() & 0xff);
      case 6, 5, 4, 3:
        return ((first + 88L) << 16) | readUnsignedShort();
      case 2, 1:
        return ((first + 112L) << 24) | ((long) readUnsignedShort() << 8) | (readByte() & 0xff);
      default:
        switch (first + 129) {
          case 4:
            return readInt();
          case 5:
            return ((long) readInt() << 8) | (readByte() & 0xff);
          case 6:
            return ((long) readInt() << 16) | readUnsignedShort();
          case 7:
            return ((long) readInt() << 24) | ((long) readUnsignedShort() << 8) | (readByte() & 0xff);
          case 8:
            return readLong();
          default:
            throw new IOException(what + " is damaged: a bad number at byte " + (pos - 1));
        }
    }
  }

  /** BCFile's Utils.readString: a varint length, then UTF-8. */
  String readBCFileString() throws IOException {
    long n = readBCFileVLong();
    if (n < 0 || n > end - pos) {
      throw new IOException(what + " is damaged: a bad string length at byte " + pos);
    }
    return new String(readBytes((int) n), StandardCharsets.UTF_8);
  }

  /** Key.readFields: the Writable form of a key (index entries, a group's first key). */
  org.apache.accumulo.core.data.Key readKey() throws IOException {
    int cfOffset = readVInt();
    int cqOffset = readVInt();
    int cvOffset = readVInt();
    int total = readVInt();
    if (cfOffset < 0 || cqOffset < cfOffset || cvOffset < cqOffset || total < cvOffset) {
      throw new IOException(what + " is damaged: a bad key at byte " + pos);
    }
    byte[] all = readBytes(total);
    long ts = readVLong();
    boolean deleted = readBoolean();
    org.apache.accumulo.core.data.Key k = new org.apache.accumulo.core.data.Key(all, 0, cfOffset, all, cfOffset,
        cqOffset - cfOffset, all, cqOffset, cvOffset - cqOffset, all, cvOffset, total - cvOffset, ts);
    k.setDeleted(deleted);
    return k;
  }
}
