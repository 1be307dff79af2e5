package tabulo.embedded;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * A tablet's in-memory buffer of recent writes, kept as a few immutable sorted runs (newest first): each
 * batch of writes is sorted once and published as a run, and past {@link #MAX_RUNS} the smallest
 * neighbouring runs are merged. Sorting a batch is far cheaper than inserting each key into a shared
 * skip list, whose random probes miss the cache at every level. A scan takes the current list of runs: a consistent snapshot, since runs never change.
 * One writer at a time (the tablet's write lock); any number of concurrent readers.
 */
final class Memtable {
  /** Rough JVM cost of one entry beyond its bytes: key and value objects, their arrays, array slots. */
  private static final int ENTRY_OVERHEAD = 112;

  /** Most runs a memtable keeps before merging neighbours: bounds the merge work of every scan. */
  static final int MAX_RUNS = 8;

  /**
   * Entries sorted by key; identical keys (timestamp too) newest write first, as Accumulo keeps them.
   * {@code prefixes[i]} holds the first 8 bytes of row i, so most comparisons never touch the keys.
   */
  record Run(Key[] keys, Value[] values, long[] prefixes, SourceTraits traits) {
    int size() {
      return keys.length;
    }
  }

  private volatile List<Run> runs = List.of();
  private volatile long bytes;
  private volatile long entries;

  /** Adds a batch of entries, given in write order (a later duplicate of a key is the newer write). */
  void add(List<Key> keys, List<Value> values) {
    int n = keys.size();
    if (n == 0) {
      return;
    }
    Key[] k = new Key[n];
    Value[] v = new Value[n];
    long[] p = new long[n];
    long added = 0;
    boolean deletes = false;
    boolean labels = false;
    for (int i = 0; i < n; i++) {
      k[i] = keys.get(i);
      v[i] = values.get(i);
      p[i] = rowPrefix(k[i]);
      added += ENTRY_OVERHEAD + k[i].getSize() + v[i].getSize();
      deletes |= k[i].isDeleted();
      labels |= k[i].getColumnVisibilityData().length() > 0;
    }
    sort(k, v, p);
    for (int i = 0; i < n; i++) {
      // lay the sorted keys out in memory in key order: flushes and scans then compare them reading
      // memory sequentially instead of chasing pointers across the heap in arrival order
      k[i] = new Key(k[i]);
    }
    List<Run> next = new ArrayList<>(runs.size() + 1);
    // several versions of a column are not tracked in memory: assume they may be there
    next.add(new Run(k, v, p, new SourceTraits(deletes, labels, true)));
    next.addAll(runs);
    while (next.size() > MAX_RUNS) {
      // merge the smallest pair of neighbours (only neighbours: the newer run must stay in front)
      int best = 0;
      for (int i = 1; i + 1 < next.size(); i++) {
        if (next.get(i).size() + next.get(i + 1).size() < next.get(best).size() + next.get(best + 1).size()) {
          best = i;
        }
      }
      next.set(best, merge(next.get(best), next.remove(best + 1)));
    }
    runs = List.copyOf(next);
    bytes += added;
    entries += n;
  }

  /** The first 8 bytes of the row, big-endian, zero-padded: orders like the row wherever they differ. */
  static long rowPrefix(Key key) {
    byte[] row = key.getRowData().getBackingArray();
    int off = key.getRowData().offset();
    int len = Math.min(8, key.getRowData().length());
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < len ? row[off + i] & 0xff : 0);
    }
    return p;
  }

  private static int compare(long pa, Key a, long pb, Key b) {
    int c = Long.compareUnsigned(pa, pb);
    return c != 0 ? c : a.compareTo(b);
  }

  /**
   * Sorts keys, with values and prefixes along (a merge sort), putting equal keys in reverse order: the
   * later write of a duplicate key comes first. Input that is already sorted, as a scan or a kernel
   * produces it, costs one comparison per entry.
   */
  static void sort(Key[] keys, Value[] values, long[] prefixes) {
    mergeSort(keys.clone(), values.clone(), prefixes.clone(), keys, values, prefixes, 0, keys.length);
  }

  /** Sorts src[lo, hi) into dst[lo, hi); src and dst start with equal contents. */
  private static void mergeSort(Key[] sk, Value[] sv, long[] sp, Key[] dk, Value[] dv, long[] dp, int lo, int hi) {
    if (hi - lo <= 16) {
      for (int i = lo + 1; i < hi; i++) {
        Key key = dk[i];
        Value val = dv[i];
        long pre = dp[i];
        int j = i - 1;
        while (j >= lo && compare(dp[j], dk[j], pre, key) >= 0) {
          dk[j + 1] = dk[j];
          dv[j + 1] = dv[j];
          dp[j + 1] = dp[j];
          j--;
        }
        dk[j + 1] = key;
        dv[j + 1] = val;
        dp[j + 1] = pre;
      }
      return;
    }
    int mid = (lo + hi) >>> 1;
    mergeSort(dk, dv, dp, sk, sv, sp, lo, mid);
    mergeSort(dk, dv, dp, sk, sv, sp, mid, hi);
    if (compare(sp[mid - 1], sk[mid - 1], sp[mid], sk[mid]) < 0) {
      System.arraycopy(sk, lo, dk, lo, hi - lo);
      System.arraycopy(sv, lo, dv, lo, hi - lo);
      System.arraycopy(sp, lo, dp, lo, hi - lo);
      return;
    }
    for (int i = lo, a = lo, b = mid; i < hi; i++) {
      if (b >= hi || (a < mid && compare(sp[a], sk[a], sp[b], sk[b]) < 0)) {
        dk[i] = sk[a];
        dv[i] = sv[a];
        dp[i] = sp[a++];
      } else {
        dk[i] = sk[b];
        dv[i] = sv[b];
        dp[i] = sp[b++];
      }
    }
  }

  /** Merges two runs; on identical keys the newer run's entries come first. */
  private static Run merge(Run newer, Run older) {
    int n = newer.size() + older.size();
    Key[] k = new Key[n];
    Value[] v = new Value[n];
    long[] p = new long[n];
    Key[] nk = newer.keys();
    Key[] ok = older.keys();
    long[] np = newer.prefixes();
    long[] op = older.prefixes();
    int i = 0;
    int j = 0;
    for (int o = 0; o < n; o++) {
      if (j >= ok.length || (i < nk.length && compare(np[i], nk[i], op[j], ok[j]) <= 0)) {
        k[o] = nk[i];
        v[o] = newer.values()[i];
        p[o] = np[i++];
      } else {
        k[o] = ok[j];
        v[o] = older.values()[j];
        p[o] = op[j++];
      }
    }
    return new Run(k, v, p, newer.traits().or(older.traits()));
  }

  long bytes() {
    return bytes;
  }

  long entries() {
    return entries;
  }

  boolean isEmpty() {
    return entries == 0;
  }

  /** The runs as of now; they never change, so this is a snapshot. */
  List<Run> runs() {
    return runs;
  }

  /**
   * All runs merged into one, for writing a frozen memtable out without a heap merge per entry, with
   * its traits exact: whether any column really has several versions.
   */
  static Run mergedRun(List<Run> runs) {
    List<Run> work = new ArrayList<>(runs);
    while (work.size() > 1) {
      List<Run> next = new ArrayList<>((work.size() + 1) / 2);
      for (int i = 0; i < work.size(); i += 2) {
        next.add(i + 1 < work.size() ? merge(work.get(i), work.get(i + 1)) : work.get(i));
      }
      work = next;
    }
    Run r = work.get(0);
    boolean versions = false;
    for (int i = 1; i < r.size() && !versions; i++) {
      versions = r.prefixes()[i] == r.prefixes()[i - 1]
          && r.keys()[i].equals(r.keys()[i - 1], PartialKey.ROW_COLFAM_COLQUAL_COLVIS);
    }
    return new Run(r.keys(), r.values(), r.prefixes(),
        new SourceTraits(r.traits().deletes(), r.traits().labels(), versions));
  }

  /** Iterators over a snapshot of runs, newest first. */
  static List<SortedKeyValueIterator<Key, Value>> iterators(List<Run> runs) {
    List<SortedKeyValueIterator<Key, Value>> out = new ArrayList<>(runs.size());
    for (Run r : runs) {
      out.add(new MemtableIterator(r));
    }
    return out;
  }
}
