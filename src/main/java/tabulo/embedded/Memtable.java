package tabulo.embedded;

import java.util.ArrayList;
import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * A tablet's in-memory buffer of recent writes, kept as a few immutable sorted runs (newest first): each
 * batch of writes is sorted once and published as a run, and past {@link #MAX_RUNS} the smallest
 * neighbouring runs are merged. Sorting a batch is far cheaper than inserting each key into a shared
 * skip list, whose random probes miss the cache at every level. A run packs its entries into one byte
 * array ({@link PackedEntries}): the garbage collector then copies a few large arrays instead of tracing
 * millions of small keys and values, and flushes and merges read memory sequentially.
 * A scan takes the current list of runs: a consistent snapshot, since runs never change.
 * One writer at a time (the tablet's write lock); any number of concurrent readers.
 */
final class Memtable {
  /** Memory of one entry beyond its packed bytes: its offset and row prefix in the run's index. */
  private static final int INDEX_BYTES = 12;

  /** Most runs a memtable keeps before merging neighbours: bounds the merge work of every scan. */
  static final int MAX_RUNS = 8;

  /**
   * Entries sorted by key; identical keys (timestamp too) newest write first, as Accumulo keeps them.
   * Entry i is packed in {@code data} from {@code offsets[i]} to {@code offsets[i + 1]};
   * {@code prefixes[i]} holds the first 8 bytes of its row, so most comparisons never read the entries.
   */
  record Run(byte[] data, int[] offsets, long[] prefixes, SourceTraits traits) {
    int size() {
      return prefixes.length;
    }

    Key key(int i) {
      return PackedEntries.key(data, offsets[i]);
    }

    Value value(int i) {
      return PackedEntries.value(data, offsets[i]);
    }

    private int length(int i) {
      return offsets[i + 1] - offsets[i];
    }
  }

  private volatile List<Run> runs = List.of();
  private volatile long bytes;
  private volatile long entries;

  /** Adds a batch of writes as one sorted run. */
  void add(WriteBatch batch) {
    int n = batch.count();
    if (n == 0) {
      return;
    }
    Run run = batch.sortedRun();
    List<Run> next = new ArrayList<>(runs.size() + 1);
    next.add(run);
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
    bytes += run.data().length + (long) INDEX_BYTES * n;
    entries += n;
  }

  private static int compare(Run a, int i, Run b, int j) {
    int c = Long.compareUnsigned(a.prefixes[i], b.prefixes[j]);
    return c != 0 ? c : PackedEntries.compare(a.data, a.offsets[i], b.data, b.offsets[j]);
  }

  /** Merges two runs; on identical keys the newer run's entries come first. */
  private static Run merge(Run newer, Run older) {
    int n = newer.size() + older.size();
    byte[] d = new byte[Math.addExact(newer.data.length, older.data.length)];
    int[] offsets = new int[n + 1];
    long[] p = new long[n];
    int i = 0;
    int j = 0;
    int at = 0;
    for (int o = 0; o < n; o++) {
      Run from;
      int e;
      if (j >= older.size() || (i < newer.size() && compare(newer, i, older, j) <= 0)) {
        from = newer;
        e = i++;
      } else {
        from = older;
        e = j++;
      }
      int len = from.length(e);
      System.arraycopy(from.data, from.offsets[e], d, at, len);
      offsets[o] = at;
      p[o] = from.prefixes[e];
      at += len;
    }
    offsets[n] = at;
    return new Run(d, offsets, p, newer.traits().or(older.traits()));
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
      versions = r.prefixes[i] == r.prefixes[i - 1]
          && PackedEntries.sameColumn(r.data, r.offsets[i], r.data, r.offsets[i - 1]);
    }
    return new Run(r.data, r.offsets, r.prefixes,
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
