package tabulo.kernel;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Value;

import tabulo.math.DecimalCodec;
import tabulo.math.ValueCodec;
import tabulo.math.ValueFormatException;
import tabulo.rfile.CellFields;
import tabulo.storage.Cells;
import tabulo.storage.Scan;
import tabulo.storage.TabuloException;

/**
 * Groups a sorted scan into matrix rows, decoding each value once. A value the codec cannot read stops
 * the multiply with an error naming the table, row and column.
 */
public final class RowReader {
  private final String table;
  private final Cells cells;
  private final ValueCodec codec;
  private final MatrixRow row = new MatrixRow();
  private CellFields pending;
  private boolean started;
  private final AtomicLong entriesRead;

  /**
   * Counts the entries it reads into {@code entriesRead}, row by row, for progress reports. A null
   * {@code codec} reads structure only: every value is 1 (a structural mask need not hold numbers). Reads
   * the scan's entries ({@link Scan#entryCells}); see {@link #inPlace}.
   */
  public RowReader(String table, Scan scan, ValueCodec codec, AtomicLong entriesRead) {
    this(table, Scan.entryCells(scan), codec, entriesRead);
  }

  /**
   * A reader of the scan's cells read in place ({@link Scan#cells}): for a streaming kernel's long scans of
   * its inputs, where it is faster than entries. Not for a multiply's scans: the demo's row-by-row was
   * slower with them in place than through entries (not yet explained).
   */
  public static RowReader inPlace(String table, Scan scan, ValueCodec codec, AtomicLong entriesRead) {
    return new RowReader(table, scan.cells(), codec, entriesRead);
  }

  private RowReader(String table, Cells cells, ValueCodec codec, AtomicLong entriesRead) {
    this.entriesRead = entriesRead;
    this.table = table;
    this.cells = cells;
    this.codec = codec;
  }

  /** The next row (reused: copy it to keep it), or null at the end. */
  public MatrixRow next() {
    if (!started) {
      started = true;
      pending = cells.next();
    }
    if (pending == null) {
      return null;
    }
    byte[] rowKey = Arrays.copyOf(pending.row(), pending.rowLength());
    row.clear(rowKey);
    byte[] family = null; // shared by a row's cells of one family, as it usually is
    byte[] visibility = EMPTY;
    while (pending != null) {
      CellFields c = pending;
      if (!Arrays.equals(c.row(), 0, c.rowLength(), rowKey, 0, rowKey.length)) {
        break;
      }
      if (family == null || !Arrays.equals(c.family(), 0, c.familyLength(), family, 0, family.length)) {
        family = copy(c.family(), c.familyLength());
      }
      if (!Arrays.equals(c.visibility(), 0, c.visibilityLength(), visibility, 0, visibility.length)) {
        visibility = copy(c.visibility(), c.visibilityLength());
      }
      byte[] qualifier = copy(c.qualifier(), c.qualifierLength());
      double d = codec == null ? 1 : decode(codec, c.value(), c.valueOffset(), c.valueLength(), table, rowKey,
          family, qualifier);
      row.add(family, qualifier, d, visibility);
      pending = cells.next();
    }
    entriesRead.addAndGet(row.size);
    return row;
  }

  private static byte[] copy(byte[] b, int length) {
    return length == 0 ? EMPTY : Arrays.copyOf(b, length);
  }

  /** Decodes one value; one that cannot be read stops the operation, naming where it is. */
  public static double decode(ValueCodec codec, byte[] value, int offset, int length, String table, byte[] row,
      byte[] family, byte[] qualifier) {
    try {
      return codec.decode(value, offset, length);
    } catch (ValueFormatException e) {
      throw new TabuloException("table " + table + ", row '" + text(row) + "', column '"
          + text(Columns.key(family, qualifier)) + "': value '"
          + new String(value, offset, length, StandardCharsets.UTF_8) + "' is not " + expected(codec, e, value, offset,
          length));
    }
  }

  /** What the codec expected; a binary codec reading text (as put and ingest write) says so. */
  private static String expected(ValueCodec codec, ValueFormatException e, byte[] value, int offset, int length) {
    if (!codec.name().equals("decimal") && DecimalCodec.isDecimal(value, offset, length)) {
      return e.expected() + ": the table's values are decimal text (as put and ingest write them) and the "
          + codec.name() + " codec reads 8-byte binary values; read them with --codec=decimal (the default)";
    }
    return e.expected();
  }

  /** {@link #decode(ValueCodec, byte[], int, int, String, byte[], byte[], byte[])} of a {@link Value}. */
  public static double decode(ValueCodec codec, Value v, String table, byte[] row, byte[] family, byte[] qualifier) {
    return decode(codec, v.get(), 0, v.getSize(), table, row, family, qualifier);
  }

  public static byte[] bytes(ByteSequence s) {
    return s.length() == 0 ? EMPTY : s.toArray();
  }

  public static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  private static final byte[] EMPTY = new byte[0];
}
