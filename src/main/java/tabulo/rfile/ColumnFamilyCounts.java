package tabulo.rfile;

import java.util.HashMap;
import java.util.Map;

import org.apache.accumulo.core.data.ArrayByteSequence;

/**
 * Entries per column family, which the default locality group's metadata lists, as Accumulo's writer
 * counts them: it stops (and the file says the families are unknown) when a new family comes after 1001
 * are known. The map is the same kind, filled in the same order, so it is written in the same order.
 * The map is looked up only when the family differs from the previous entry's.
 */
final class ColumnFamilyCounts {
  static final int MAX_TRACKED = 1000; // RFile.Writer.MAX_CF_IN_DLG

  private Map<ArrayByteSequence, long[]> counts = new HashMap<>();
  private long[] current;

  /** Counts one entry; {@code sameAsPrevious}: its family is the previous entry's. */
  void add(KeyField family, boolean sameAsPrevious) {
    if (counts == null) {
      return;
    }
    if (sameAsPrevious && current != null) {
      current[0]++;
      return;
    }
    ArrayByteSequence cf = new ArrayByteSequence(family.current(), family.currentOffset(), family.currentLength());
    current = counts.get(cf);
    if (current == null) {
      if (counts.size() > MAX_TRACKED) {
        counts = null; // too many to track
        current = null;
        return;
      }
      current = new long[1];
      counts.put(new ArrayByteSequence(cf.toArray()), current);
    }
    current[0]++;
  }

  /** LocalityGroupMetadata's family list: -1 if unknown, else the count and each family with its entries. */
  void write(BlockBuffer out) {
    if (counts == null) {
      out.putInt(-1);
      return;
    }
    out.putInt(counts.size());
    for (Map.Entry<ArrayByteSequence, long[]> e : counts.entrySet()) {
      out.putInt(e.getKey().length());
      out.put(e.getKey().getBackingArray(), e.getKey().offset(), e.getKey().length());
      out.putLong(e.getValue()[0]);
    }
  }
}
