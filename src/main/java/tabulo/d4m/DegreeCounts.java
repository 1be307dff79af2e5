package tabulo.d4m;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import tabulo.storage.RowPrefixSort;
import tabulo.storage.SortedLoader;

/**
 * The degrees one file adds to TedgeDeg, gathered from its sorted TedgeT loads (each reports the cells
 * per exploded column) and summed per column when the file is done: one degree entry per column per
 * file, with no hashing of the columns, loaded in one atomic load with the file's record
 * ({@link IngestRecords}).
 */
final class DegreeCounts {
  private static final byte[] EMPTY = new byte[0];
  private static final byte[] DEGREE = Schema.DEGREE_COLUMN.getBytes(StandardCharsets.UTF_8);

  private byte[][] columns = new byte[1024][];
  private long[] counts = new long[1024];
  private long[] prefixes = new long[1024];
  private int size;

  void add(byte[] column, long cells) {
    if (size == columns.length) {
      columns = Arrays.copyOf(columns, size * 2);
      counts = Arrays.copyOf(counts, size * 2);
      prefixes = Arrays.copyOf(prefixes, size * 2);
    }
    columns[size] = column;
    counts[size] = cells;
    prefixes[size] = RowPrefixSort.prefix(column, 0, column.length);
    size++;
  }

  private int[] order;

  /** Sorts the columns gathered so far; returns how many distinct ones (the degree entries) there are. */
  long sort() {
    order = new int[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    RowPrefixSort.sort(prefixes, order, size, RowPrefixSort.Rows.of(columns),
        (a, b) -> Arrays.compareUnsigned(columns[a], columns[b]));
    long distinct = 0;
    for (int i = 0; i < size; i++) {
      if (i == 0 || !Arrays.equals(columns[order[i]], columns[order[i - 1]])) {
        distinct++;
      }
    }
    return distinct;
  }

  /**
   * After {@link #sort}: one summed degree entry per column into {@code degree}, with the file's record
   * at its place in key order (all in one atomic load), then forgets them.
   */
  void writeTo(SortedLoader degree, long timestamp, FileIdentity file) {
    boolean recordDone = false;
    for (int i = 0; i < size;) {
      byte[] column = columns[order[i]];
      long sum = 0;
      for (; i < size && Arrays.equals(columns[order[i]], column); i++) {
        sum += counts[order[i]];
      }
      if (!recordDone && Arrays.compareUnsigned(column, IngestRecords.row()) > 0) {
        IngestRecords.appendTo(degree, file, timestamp);
        recordDone = true;
      }
      degree.append(column, EMPTY, DEGREE, EMPTY, timestamp, Long.toString(sum).getBytes(StandardCharsets.US_ASCII));
    }
    if (!recordDone) {
      IngestRecords.appendTo(degree, file, timestamp);
    }
    Arrays.fill(columns, 0, size, null);
    size = 0;
    order = null;
  }
}
