package tabulo.api.operations;

import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmResult;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * What C holds after {@code mult}, for its one line. Row-by-row writes each entry of a new C once, so its
 * count is C's; the outer product writes partial products that C's combiner sums when read, and
 * {@code --accum} merges into the old C, so there C is counted by a scan (as the user reads it) when it
 * stores at most {@value #COUNT_LIMIT} entries, and otherwise the line says what was written.
 *
 * @param entries C's entries, or -1 when not known
 */
record ProductCount(long entries, long written, boolean combined, boolean accumulated) {
  /** Stored entries of C up to which a scan counts it (a fraction of a second). */
  static final long COUNT_LIMIT = 4_000_000;

  /** After {@code r} wrote C, into a new C or ({@code accumulated}) into the old one; read with {@code auths} (null: all). */
  static ProductCount of(Store store, String c, MxmResult r, boolean accumulated, Authorizations auths) {
    boolean combined = r.algorithm() == Algorithm.OUTER;
    if (!combined && !accumulated) {
      return new ProductCount(r.entriesWritten(), r.entriesWritten(), false, false);
    }
    return new ProductCount(countIfSmall(store, c, auths), r.entriesWritten(), combined, accumulated);
  }

  private static long countIfSmall(Store store, String c, Authorizations auths) {
    try {
      long stored = store.info(c).knownEntries();
      if (stored < 0 || stored > COUNT_LIMIT) {
        return -1;
      }
    } catch (TabuloException e) { // Accumulo lets only administrators read file figures
      return -1;
    }
    long n = 0;
    ScanSpec spec = auths == null ? ScanSpec.all() : ScanSpec.all().auths(auths);
    try (Scan s = store.scan(c, spec)) {
      for (Entry<Key, Value> e : s) {
        n++;
      }
    }
    return n;
  }

  /** The middle of mult's line, after "N partial products". */
  String describe(String c) {
    if (accumulated) {
      return " accumulated into " + c + (entries < 0 ? "" : String.format(", which now holds %,d entries", entries));
    }
    if (combined) { // summed per unit in the kernel, the units' sums summed by C's combiner
      return String.format(" summed into %,d cells written to %s", written, c) + (entries < 0
          ? " (its combiner sums the cells of a key when read)" : String.format(", %,d entries once summed", entries));
    }
    return String.format(", %,d entries in %s", entries, c);
  }
}
