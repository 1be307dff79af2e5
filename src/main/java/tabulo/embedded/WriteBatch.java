package tabulo.embedded;

import java.util.Arrays;

import tabulo.storage.PackedCells;
import tabulo.storage.RowPrefixSort;

/**
 * One batch of writes packed in arrival order ({@link PackedEntries} layout), then sorted into a memtable
 * run. Packing straight from the mutations' arrays builds no key or value objects, and sorting
 * (row prefix, offset) pairs ({@link RowPrefixSort}) reads each entry's bytes only when two row prefixes tie.
 */
final class WriteBatch {
  private static final byte[] EMPTY = new byte[0];

  private byte[] data = new byte[1 << 16];
  private int size;
  private int[] offsets = new int[1 << 10];
  private long[] prefixes = new long[1 << 10];
  private int count;
  private boolean deletes;
  private boolean labels;

  void add(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp, boolean deleted,
      byte[] value) {
    family = family == null ? EMPTY : family;
    qualifier = qualifier == null ? EMPTY : qualifier;
    visibility = visibility == null ? EMPTY : visibility;
    value = value == null ? EMPTY : value;
    int need = PackedEntries.size(row.length, family.length, qualifier.length, visibility.length, value.length);
    long needed = (long) size + need;
    if (needed > data.length) {
      if (needed > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("a write batch cannot exceed 2 GiB");
      }
      data = Arrays.copyOf(data, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 8, 2L * data.length)));
    }
    if (count == offsets.length) {
      offsets = Arrays.copyOf(offsets, count * 2);
      prefixes = Arrays.copyOf(prefixes, count * 2);
    }
    offsets[count] = size;
    prefixes[count] = RowPrefixSort.prefix(row, 0, row.length);
    count++;
    size = PackedEntries.put(data, size, row, family, qualifier, visibility, timestamp, deleted, value);
    deletes |= deleted;
    labels |= visibility.length > 0;
  }

  int count() {
    return count;
  }

  /** Bytes the packed entries take. */
  int size() {
    return size;
  }

  /**
   * The entries sorted by key into a run; of identical keys (timestamp too) the later write comes first,
   * as Accumulo keeps them. Entries already in order, as a scan or a kernel writes them, cost one
   * comparison each.
   */
  Memtable.Run sortedRun() {
    int[] order = Arrays.copyOf(offsets, count);
    long[] p = Arrays.copyOf(prefixes, count);
    RowPrefixSort.sort(p, order, count, PackedCells.rowsAt(data), this::compareEntries);
    byte[] sorted = new byte[size];
    int[] sortedOffsets = new int[count + 1];
    int at = 0;
    for (int i = 0; i < count; i++) {
      int from = order[i];
      int len = PackedEntries.length(data, from);
      System.arraycopy(data, from, sorted, at, len);
      sortedOffsets[i] = at;
      at += len;
    }
    sortedOffsets[count] = at;
    // several versions of a column are not tracked in memory: assume they may be there
    return new Memtable.Run(sorted, sortedOffsets, p, new SourceTraits(deletes, labels, true));
  }

  /** Key order of two entries (by offset); identical keys by arrival, later first (at a higher offset). */
  private int compareEntries(int a, int b) {
    int c = PackedEntries.compare(data, a, data, b);
    return c != 0 ? c : Integer.compare(b, a);
  }
}
