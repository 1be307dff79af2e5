package tabulo.kernel;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map.Entry;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.math.ValueCodec;
import tabulo.math.ValueFormatException;
import tabulo.storage.TabuloException;

/**
 * Groups a sorted scan into matrix rows, decoding each value once. A value the codec cannot read stops
 * the multiply with an error naming the table, row and column.
 */
public final class RowReader {
  private final String table;
  private final Iterator<Entry<Key, Value>> entries;
  private final ValueCodec codec;
  private final MatrixRow row = new MatrixRow();
  private Entry<Key, Value> pending;
  private final AtomicLong entriesRead;

  /**
   * Counts the entries it reads into {@code entriesRead}, row by row, for progress reports. A null
   * {@code codec} reads structure only: every value is 1 (a structural mask need not hold numbers).
   */
  public RowReader(String table, Iterable<Entry<Key, Value>> scan, ValueCodec codec, AtomicLong entriesRead) {
    this.entriesRead = entriesRead;
    this.table = table;
    this.entries = scan.iterator();
    this.codec = codec;
  }

  /** The next row (reused: copy it to keep it), or null at the end. */
  public MatrixRow next() {
    if (pending == null) {
      if (!entries.hasNext()) {
        return null;
      }
      pending = entries.next();
    }
    byte[] rowKey = bytes(pending.getKey().getRowData());
    row.clear(rowKey);
    while (pending != null) {
      Key k = pending.getKey();
      ByteSequence r = k.getRowData();
      if (!sameBytes(r, rowKey)) {
        break;
      }
      Value v = pending.getValue();
      byte[] family = bytes(k.getColumnFamilyData());
      byte[] qualifier = bytes(k.getColumnQualifierData());
      double d = codec == null ? 1 : decode(codec, v, table, rowKey, family, qualifier);
      row.add(family, qualifier, d, bytes(k.getColumnVisibilityData()));
      pending = entries.hasNext() ? entries.next() : null;
    }
    entriesRead.addAndGet(row.size);
    return row;
  }

  /** Decodes one value; one that cannot be read stops the operation, naming where it is. */
  public static double decode(ValueCodec codec, Value v, String table, byte[] row, byte[] family, byte[] qualifier) {
    try {
      return codec.decode(v.get(), 0, v.getSize());
    } catch (ValueFormatException e) {
      throw new TabuloException("table " + table + ", row '" + text(row) + "', column '"
          + text(Columns.key(family, qualifier)) + "': value '" + text(v.get()) + "' is not a " + codec.name()
          + " number");
    }
  }

  private static boolean sameBytes(ByteSequence s, byte[] b) {
    return s.length() == b.length && java.util.Arrays.equals(s.getBackingArray(), s.offset(), s.offset() + s.length(),
        b, 0, b.length);
  }

  public static byte[] bytes(ByteSequence s) {
    return s.length() == 0 ? EMPTY : s.toArray();
  }

  public static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  private static final byte[] EMPTY = new byte[0];
}
