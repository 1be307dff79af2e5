package tabulo.embedded;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.PackedCells;

/**
 * The layout of memtable entries packed back to back in one byte array: row, family, qualifier and
 * visibility, each as a 4-byte length and its bytes (as {@link PackedCells} packs its fields), then the
 * timestamp (8 bytes), the delete flag (1 byte) and the value as a length and its bytes. Packed keys compare exactly as {@link Key#compareTo} orders
 * them, so runs merge without rebuilding a single key.
 */
final class PackedEntries {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final byte[] EMPTY = new byte[0];
  private static final int KEY_FIELDS = 4;

  private PackedEntries() {}

  static int size(int row, int family, int qualifier, int visibility, int value) {
    return 4 * (KEY_FIELDS + 1) + row + family + qualifier + visibility + 9 + value;
  }

  /** Writes one entry at {@code at}; returns where the next one starts. */
  static int put(byte[] buf, int at, byte[] row, byte[] family, byte[] qualifier, byte[] visibility,
      long timestamp, boolean deleted, byte[] value) {
    at = putField(buf, at, row);
    at = putField(buf, at, family);
    at = putField(buf, at, qualifier);
    at = putField(buf, at, visibility);
    LONG.set(buf, at, timestamp);
    buf[at + 8] = (byte) (deleted ? 1 : 0);
    return putField(buf, at + 9, value);
  }

  private static int putField(byte[] buf, int at, byte[] field) {
    INT.set(buf, at, field.length);
    System.arraycopy(field, 0, buf, at + 4, field.length);
    return at + 4 + field.length;
  }

  /** Bytes the entry at {@code at} takes. */
  static int length(byte[] d, int at) {
    int valueAt = endOfColumn(d, at) + 9;
    return valueAt + 4 + (int) INT.get(d, valueAt) - at;
  }

  /** A new key holding copies of the entry's fields. */
  static Key key(byte[] d, int at) {
    byte[] row = field(d, at);
    at += 4 + row.length;
    byte[] cf = field(d, at);
    at += 4 + cf.length;
    byte[] cq = field(d, at);
    at += 4 + cq.length;
    byte[] cv = field(d, at);
    at += 4 + cv.length;
    return new Key(row, cf, cq, cv, (long) LONG.get(d, at), d[at + 8] != 0, false);
  }

  static Value value(byte[] d, int at) {
    return new Value(field(d, endOfColumn(d, at) + 9), false);
  }

  private static byte[] field(byte[] d, int at) {
    int n = (int) INT.get(d, at);
    return n == 0 ? EMPTY : Arrays.copyOfRange(d, at + 4, at + 4 + n);
  }

  /** Where the timestamp of the entry at {@code at} starts: the end of row, family, qualifier, visibility. */
  private static int endOfColumn(byte[] d, int at) {
    for (int f = 0; f < KEY_FIELDS; f++) {
      at += 4 + (int) INT.get(d, at);
    }
    return at;
  }

  /** Orders packed keys as {@link Key#compareTo}: fields as unsigned bytes, newer timestamps, then deletes first. */
  static int compare(byte[] a, int i, byte[] b, int j) {
    int c = PackedCells.compareFields(a, i, b, j, KEY_FIELDS);
    if (c != 0) {
      return c;
    }
    i = endOfColumn(a, i);
    j = endOfColumn(b, j);
    long ta = (long) LONG.get(a, i);
    long tb = (long) LONG.get(b, j);
    if (ta != tb) {
      return ta < tb ? 1 : -1;
    }
    boolean da = a[i + 8] != 0;
    boolean db = b[j + 8] != 0;
    return da == db ? 0 : (da ? -1 : 1);
  }

  /** Whether two packed entries hold the same row, family, qualifier and visibility. */
  static boolean sameColumn(byte[] a, int i, byte[] b, int j) {
    return Arrays.equals(a, i, endOfColumn(a, i), b, j, endOfColumn(b, j));
  }
}
