package tabulo.rfile;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;

/**
 * Entries per column family, which a locality group's metadata lists, as Accumulo's writer counts them:
 * a named group lists its configured families (0 for those it holds none of); the default group lists
 * those it meets and stops (the file says its families are unknown) when a new family comes after 1001
 * are known. The map is the same kind, filled in the same order, so it is written in the same order.
 * The map is looked up only when the family differs from the previous entry's.
 */
final class ColumnFamilyCounts {
  static final int MAX_TRACKED = 1000; // RFile.Writer.MAX_CF_IN_DLG

  private Map<ArrayByteSequence, long[]> counts = new HashMap<>();
  private long[] current;
  private final boolean named;

  /** The default group's counts. */
  ColumnFamilyCounts() {
    named = false;
  }

  /** A named group's counts: exactly its configured families. */
  ColumnFamilyCounts(Set<ByteSequence> configured) {
    named = true;
    for (ByteSequence cf : configured) {
      counts.put(new ArrayByteSequence(cf.toArray()), new long[1]);
    }
  }

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
      if (named) {
        throw new IllegalArgumentException("column family " + cf + " is not in this locality group");
      }
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
