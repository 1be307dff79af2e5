package tabulo.d4m;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.apache.accumulo.core.data.Mutation;

import tabulo.storage.RowPrefixSort;
import tabulo.storage.TableWriter;

/**
 * The degrees one file adds to TedgeDeg, gathered from its sorted TedgeT loads (each reports the cells
 * per exploded column) and summed per column when the file is done: one degree entry per column per
 * file, with no hashing of the columns.
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

  /** Writes one summed degree entry per column to {@code degree} and forgets them; returns how many. */
  long writeTo(TableWriter degree) {
    int[] order = new int[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    RowPrefixSort.sort(prefixes, order, size, RowPrefixSort.Rows.of(columns),
        (a, b) -> Arrays.compareUnsigned(columns[a], columns[b]));
    long written = 0;
    for (int i = 0; i < size;) {
      byte[] column = columns[order[i]];
      long sum = 0;
      for (; i < size && Arrays.equals(columns[order[i]], column); i++) {
        sum += counts[order[i]];
      }
      Mutation m = new Mutation(column);
      m.put(EMPTY, DEGREE, Long.toString(sum).getBytes(StandardCharsets.US_ASCII));
      degree.addMutation(m);
      written++;
    }
    Arrays.fill(columns, 0, size, null);
    size = 0;
    return written;
  }
}
