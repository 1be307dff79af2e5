package tabulo.storage;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

import tabulo.rfile.CellSlices;

/**
 * Cells (row, family, qualifier, visibility, value) packed one after another in a single byte array,
 * each field as a 4-byte length and its bytes, with each cell's row prefix beside its offset. A few large
 * arrays instead of five small ones per cell: sorting and writing them out touch far fewer cache lines,
 * and the garbage collector copies arrays, not millions of objects.
 */
public final class PackedCells {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final int FIELDS = 5;
  /** Cells touched ahead of writing them in {@link #appendSorted}: a few hundred KiB, well inside L2. */
  private static final int TOUCH_BLOCK = 2048;

  private byte[] data = new byte[1 << 16];
  private int size;
  private int[] offsets = new int[1 << 10];
  private long[] prefixes = new long[1 << 10];
  // Beside each cell, so that sorting need not read the cell (scattered: a cache miss each) to order two
  // cells of one row by column: the first 8 bytes of the qualifier, and the row's length when the row is
  // at most 8 bytes (wholly in its prefix) and the family empty, else -1.
  private long[] qualifierPrefixes = new long[1 << 10];
  private byte[] shortRows = new byte[1 << 10];
  private int count;
  /** Keeps the loads of {@link #appendSorted}'s touching loop from being optimised away. */
  private int touchSink;

  public PackedCells() {}

  /** Empty, with room for {@code cells} cells of {@code bytes} packed bytes: no growing to fill it again. */
  private PackedCells(int cells, int bytes) {
    data = new byte[Math.max(bytes, data.length)];
    int n = Math.max(cells, offsets.length);
    offsets = new int[n];
    prefixes = new long[n];
    qualifierPrefixes = new long[n];
    shortRows = new byte[n];
  }

  /** An empty set with room for as many cells and bytes as this one holds now. */
  public PackedCells emptyLike() {
    return new PackedCells(count, size);
  }

  public void add(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, byte[] value) {
    int at = reserve(row.length + family.length + qualifier.length + visibility.length + value.length,
        RowPrefixSort.prefix(row, 0, row.length));
    noteColumn(row.length, family.length, qualifier, 0, qualifier.length);
    at = put(at, row, 0, row.length);
    at = put(at, family, 0, family.length);
    at = put(at, qualifier, 0, qualifier.length);
    at = put(at, visibility, 0, visibility.length);
    size = put(at, value, 0, value.length);
  }

  /**
   * Adds a cell of the empty family and visibility given as slices: its row {@code row[rowFrom..rowTo)}, its
   * qualifier and its value likewise (copied, not kept).
   */
  public void add(byte[] row, int rowFrom, int rowTo, byte[] qualifier, int qualifierFrom, int qualifierTo,
      byte[] value, int valueFrom, int valueTo) {
    int rowLength = rowTo - rowFrom;
    int qualifierLength = qualifierTo - qualifierFrom;
    int at = reserve(rowLength + qualifierLength + valueTo - valueFrom, RowPrefixSort.prefix(row, rowFrom,
        rowLength));
    noteColumn(rowLength, 0, qualifier, qualifierFrom, qualifierLength);
    at = put(at, row, rowFrom, rowLength);
    at = put(at, row, 0, 0);
    at = put(at, qualifier, qualifierFrom, qualifierLength);
    at = put(at, row, 0, 0);
    size = put(at, value, valueFrom, valueTo - valueFrom);
  }

  /** Adds a copy of a cell given as slices of its array (its timestamp and delete flag are not kept). */
  public void add(CellSlices c) {
    byte[] b = c.bytes();
    int at = reserve(c.rowLength() + c.familyLength() + c.qualifierLength() + c.visibilityLength()
        + c.valueLength(), RowPrefixSort.prefix(b, c.rowOffset(), c.rowLength()));
    noteColumn(c.rowLength(), c.familyLength(), b, c.qualifierOffset(), c.qualifierLength());
    at = put(at, b, c.rowOffset(), c.rowLength());
    at = put(at, b, c.familyOffset(), c.familyLength());
    at = put(at, b, c.qualifierOffset(), c.qualifierLength());
    at = put(at, b, c.visibilityOffset(), c.visibilityLength());
    size = put(at, b, c.valueOffset(), c.valueLength());
  }

  /** Makes room for a cell of {@code fieldBytes} and records its offset and row prefix; returns the offset. */
  private int reserve(int fieldBytes, long rowPrefix) {
    long need = (long) size + 4 * FIELDS + fieldBytes;
    if (need > data.length) {
      if (need > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("packed cells cannot exceed 2 GiB");
      }
      data = Arrays.copyOf(data, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 8, 2L * data.length)));
    }
    if (count == offsets.length) {
      offsets = Arrays.copyOf(offsets, 2 * count);
      prefixes = Arrays.copyOf(prefixes, 2 * count);
      qualifierPrefixes = Arrays.copyOf(qualifierPrefixes, 2 * count);
      shortRows = Arrays.copyOf(shortRows, 2 * count);
    }
    offsets[count] = size;
    prefixes[count] = rowPrefix;
    count++;
    return size;
  }

  /** Notes the column of the cell just reserved (see {@link #qualifierPrefixes}). */
  private void noteColumn(int rowLength, int familyLength, byte[] b, int qualifierOffset, int qualifierLength) {
    int i = count - 1;
    qualifierPrefixes[i] = RowPrefixSort.prefix(b, qualifierOffset, qualifierLength);
    shortRows[i] = (byte) (rowLength <= 8 && familyLength == 0 ? rowLength : -1);
  }

  private int put(int at, byte[] field, int offset, int length) {
    INT.set(data, at, length);
    System.arraycopy(field, offset, data, at + 4, length);
    return at + 4 + length;
  }

  public int count() {
    return count;
  }

  /** Bytes the packed cells take. */
  public int bytes() {
    return size;
  }

  /** Forgets every cell, keeping the arrays for the next ones. */
  public void clear() {
    size = 0;
    count = 0;
  }

  /**
   * The offsets of the cells in key order (row, family, qualifier, visibility); cells with equal keys in
   * the order they were added.
   */
  public int[] sortedOffsets() {
    int[] order = new int[count]; // cell numbers, then their offsets
    for (int i = 0; i < count; i++) {
      order[i] = i;
    }
    long[] p = Arrays.copyOf(prefixes, count);
    RowPrefixSort.sort(p, order, count, rowsOfCells(), this::compareKeys);
    for (int i = 0; i < count; i++) {
      order[i] = offsets[order[i]];
    }
    return order;
  }

  /** The rows of the cells by number, for {@link RowPrefixSort}. */
  private RowPrefixSort.Rows rowsOfCells() {
    RowPrefixSort.Rows at = rowsAt(data);
    return new RowPrefixSort.Rows() {
      @Override
      public long prefix(int i, int from) {
        return at.prefix(offsets[i], from);
      }

      @Override
      public int length(int i) {
        return at.length(offsets[i]);
      }
    };
  }

  /**
   * Key order of cells a and b (by number): their first four fields, as unsigned bytes. Cells of one short
   * row and the empty family whose qualifiers differ in their first 8 bytes are ordered by those alone.
   */
  private int compareKeys(int a, int b) {
    if (shortRows[a] >= 0 && shortRows[a] == shortRows[b] && prefixes[a] == prefixes[b]) { // one row
      int c = Long.compareUnsigned(qualifierPrefixes[a], qualifierPrefixes[b]);
      if (c != 0) {
        return c;
      }
    }
    int c = compareFields(data, offsets[a], data, offsets[b], FIELDS - 1);
    return c != 0 ? c : Integer.compare(a, b); // equal keys: the earlier cell first
  }

  /**
   * Appends every cell to the loader in key order. Of cells with the same key the last added comes first:
   * they share a timestamp, and a table keeps the first of equal keys (a combiner still sees them all),
   * so the last one given wins, as a later write would.
   */
  public void appendSorted(SortedLoader loader) {
    appendSorted(loader, sortedOffsets());
  }

  /**
   * {@link #appendSorted(SortedLoader)} in an order already computed: {@code order} is what
   * {@link #sortedOffsets()} returned for these cells (sorted on another thread, say).
   */
  public void appendSorted(SortedLoader loader, int[] order) {
    // Cells in key order are scattered over a run far larger than the caches: each costs a miss. Touching
    // a block of them in a loop whose steps do not depend on one another lets the processor wait for many
    // misses at once; the block, then in cache, is compared and written.
    int[] keyEnds = new int[order.length];
    Cursor cell = cursor(0); // the loader stamps the cells
    int touched = 0;
    for (int from = 0; from < order.length; ) {
      int to = from + 1;
      while (true) {
        if (to >= touched && touched < order.length) {
          int end = Math.min(order.length, touched + TOUCH_BLOCK);
          touch(order, touched, end);
          for (int i = touched; i < end; i++) {
            keyEnds[i] = keyEnd(order[i]);
          }
          touched = end;
        }
        if (to >= order.length || !Arrays.equals(data, order[from], keyEnds[from], data, order[to], keyEnds[to])) {
          break; // keys compared with their field lengths: equal spans are equal keys
        }
        to++;
      }
      for (int i = to - 1; i >= from; i--) {
        loader.append(cell.at(order[i]));
      }
      from = to;
    }
  }

  /**
   * Appends the cells at {@code order} (offsets, as {@link #sortedOffsets()} gives them) to the loader in
   * that order, every one kept, stamped as {@code cell} stamps them; touched a block ahead as
   * {@link #appendSorted} does.
   */
  public void appendInOrder(SortedLoader loader, int[] order, Cursor cell) {
    for (int from = 0; from < order.length; from += TOUCH_BLOCK) {
      int to = Math.min(order.length, from + TOUCH_BLOCK);
      touch(order, from, to);
      for (int i = from; i < to; i++) {
        loader.append(cell.at(order[i]));
      }
    }
  }

  /**
   * Brings the cells at {@code order[from..to)} into the cache: a cell's first and 64th byte (its one or two
   * cache lines), by loads that depend on nothing but the order, so that their misses overlap. Reading a
   * cell's fields at once, each length waiting for the one before, let only a few cells' misses overlap.
   */
  private void touch(int[] order, int from, int to) {
    int last = size - 1;
    int sink = 0;
    for (int i = from; i < to; i++) {
      int at = order[i];
      sink += data[at] + data[Math.min(at + 63, last)];
    }
    touchSink = sink;
  }

  private int keyEnd(int at) {
    for (int f = 0; f < FIELDS - 1; f++) {
      at += 4 + (int) INT.get(data, at);
    }
    return at;
  }

  /**
   * The rows of entries packed this way (a 4-byte big-endian length, then the bytes, row first), for
   * {@link RowPrefixSort}: ids are the entries' offsets in {@code data}.
   */
  public static RowPrefixSort.Rows rowsAt(byte[] data) {
    return new RowPrefixSort.Rows() {
      @Override
      public long prefix(int at, int from) {
        return RowPrefixSort.prefix(data, at + 4 + from, length(at) - from);
      }

      @Override
      public int length(int at) {
        return (int) INT.get(data, at);
      }
    };
  }

  /**
   * Compares the first {@code fields} length-prefixed fields of the entries at {@code a[i]} and
   * {@code b[j]}, as unsigned bytes, field by field.
   */
  public static int compareFields(byte[] a, int i, byte[] b, int j, int fields) {
    for (int f = 0; f < fields; f++) {
      int la = (int) INT.get(a, i);
      int lb = (int) INT.get(b, j);
      int c = Arrays.compareUnsigned(a, i + 4, i + 4 + la, b, j + 4, j + 4 + lb);
      if (c != 0) {
        return c;
      }
      i += 4 + la;
      j += 4 + lb;
    }
    return 0;
  }

  /** A view of one cell at a time, with the timestamp the caller gives its cells. */
  public Cursor cursor(long timestamp) {
    return new Cursor(timestamp);
  }

  /** A {@link CellSlices} positioned at one cell by {@link #at}: the fields are slices of the packed array. */
  public final class Cursor implements CellSlices {
    private final long timestamp;
    private final int[] fieldOffsets = new int[FIELDS];
    private final int[] fieldLengths = new int[FIELDS];

    private Cursor(long timestamp) {
      this.timestamp = timestamp;
    }

    /** Moves to the cell at {@code offset} (one of {@link #sortedOffsets()}). */
    public Cursor at(int offset) {
      for (int f = 0; f < FIELDS; f++) {
        int length = (int) INT.get(data, offset);
        fieldOffsets[f] = offset + 4;
        fieldLengths[f] = length;
        offset += 4 + length;
      }
      return this;
    }

    /** Whether this cell's row equals the row of the cell at {@code offset}. */
    public boolean sameRow(int offset) {
      int length = (int) INT.get(data, offset);
      return Arrays.equals(data, fieldOffsets[0], fieldOffsets[0] + fieldLengths[0], data, offset + 4,
          offset + 4 + length);
    }

    /** A copy of the row. */
    public byte[] row() {
      return Arrays.copyOfRange(data, fieldOffsets[0], fieldOffsets[0] + fieldLengths[0]);
    }

    @Override
    public byte[] bytes() {
      return data;
    }

    @Override
    public int rowOffset() {
      return fieldOffsets[0];
    }

    @Override
    public int rowLength() {
      return fieldLengths[0];
    }

    @Override
    public int familyOffset() {
      return fieldOffsets[1];
    }

    @Override
    public int familyLength() {
      return fieldLengths[1];
    }

    @Override
    public int qualifierOffset() {
      return fieldOffsets[2];
    }

    @Override
    public int qualifierLength() {
      return fieldLengths[2];
    }

    @Override
    public int visibilityOffset() {
      return fieldOffsets[3];
    }

    @Override
    public int visibilityLength() {
      return fieldLengths[3];
    }

    @Override
    public int valueOffset() {
      return fieldOffsets[4];
    }

    @Override
    public int valueLength() {
      return fieldLengths[4];
    }

    @Override
    public long timestamp() {
      return timestamp;
    }

    @Override
    public boolean deleted() {
      return false;
    }
  }
}
