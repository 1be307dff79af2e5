package tabulo.accumulo;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.hadoop.io.Text;

import tabulo.kernel.KernelCounters;
import tabulo.kernel.KernelPlan;
import tabulo.kernel.KernelPlans;
import tabulo.kernel.TabletKernel;
import tabulo.kernel.TabletRun;
import tabulo.storage.TabuloException;

/**
 * Runs any kernel ({@link KernelPlans}, by the kind its options name) inside a tablet server, on the tablet's own rows of the driver table (its source),
 * reading the other input and writing the output through the run's short-lived login. It returns one
 * {@link KernelMarker} per unit, keyed by the unit's last row, after the unit's output is durable.
 *
 * <p>Restart safety: Accumulo tears iterators down between scan batches and re-seeks a fresh one just
 * after the last key it returned, so a seek with an exclusive start key resumes after that row. No work
 * is done past a returned marker, so nothing is redone. When the output sums partial products, a journal
 * also records each unit begun and done: a unit finished by a killed tablet server is reported, not
 * redone; one it left half written stops the multiply with an error (run it again; the staging output is
 * discarded).
 */
public final class TabletKernelIterator implements SortedKeyValueIterator<Key, Value> {
  /** Option naming the journal table; absent when the output does not sum partial products. */
  public static final String JOURNAL = "journal";

  private SortedKeyValueIterator<Key, Value> source;
  private Map<String, String> options;
  private final KernelCounters counters = new KernelCounters();
  private TabletKernel kernel;
  private Set<ByteSequence> driverFamilies = Set.of(); // what the kernel reads of its tablet: empty for all
  private AccumuloStore store;
  private String driverTable;
  private UnitJournal journal;
  private Range seekRange;
  private TabletRun run;
  private byte[] unitId; // names the next unit by where it starts
  private boolean resumed;
  private boolean failed;
  private Key topKey;
  private Value topValue;

  @Override
  public void init(SortedKeyValueIterator<Key, Value> source, Map<String, String> options, IteratorEnvironment env) {
    this.source = source;
    this.options = Map.copyOf(options);
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive) throws IOException {
    seekRange = range;
    failed = false;
    topKey = null;
    Key start = range.getStartKey();
    resumed = start != null && !range.isStartKeyInclusive();
    try {
      if (kernel == null) {
        store = KernelClients.store(KernelLogin.fromOptions(options));
        KernelPlan plan = KernelPlans.decode(options);
        driverTable = plan.driverTable();
        kernel = plan.kernel(store, KernelClients.workers(), counters);
        driverFamilies = plan.driverFamilies().stream()
            .map(f -> (ByteSequence) new ArrayByteSequence(f)).collect(java.util.stream.Collectors.toSet());
        journal = options.containsKey(JOURNAL) ? new UnitJournal(store, options.get(JOURNAL)) : null;
      }
      byte[] startRow = start == null ? new byte[0] : start.getRowData().toArray();
      if (resumed) {
        startAfter(startRow);
      } else {
        unitId = id("from:", startRow);
        run = kernel.start(range, this::sourceRows, sites(range));
      }
    } catch (TabuloException e) {
      fail(e.getMessage());
      return;
    }
    advance();
  }

  /** Continues with the rows after {@code row}, up to the end of the seek range. */
  private void startAfter(byte[] row) {
    unitId = id("after:", row);
    Key after = new Key(new Text(row)).followingKey(PartialKey.ROW);
    Range rest = new Range(after, true, seekRange.getEndKey(), seekRange.isEndKeyInclusive());
    run = kernel.start(rest, this::sourceRows, sites(rest));
  }

  /** This tablet server and the tablets of other tables, as Accumulo locates them. */
  private TabletSites sites(Range range) {
    return new TabletSites(store.client(), driverTable, range);
  }

  private SourceScan sourceRows(List<Range> ranges) {
    return new SourceScan(source, ranges, driverFamilies);
  }

  /** Does the next unit (or reports one an earlier attempt finished) and makes its marker the top entry. */
  private void advance() {
    try {
      long work = counters.work.get();
      long read = counters.entriesRead.get();
      long written = counters.entriesWritten.get();
      long remote = counters.remoteEntries.get();
      if (journal != null) {
        UnitJournal.Attempt earlier = journal.lookup(unitId);
        if (earlier != null && earlier.done()) {
          // finished by an attempt whose marker never reached the client: report it, do not redo it
          // (the journal keeps no remote count: such a unit reports none)
          setTop(earlier.lastRow(), KernelMarker.progress(earlier.work(), earlier.entriesRead(),
              earlier.entriesWritten(), 0, resumed));
          startAfter(earlier.lastRow());
          return;
        }
        if (earlier != null) {
          fail("a tablet server stopped in the middle of a unit of partial products (the unit starting at "
              + new String(unitId, java.nio.charset.StandardCharsets.UTF_8)
              + "), so some may be counted twice: run the multiply again");
          return;
        }
      }
      byte[] unit = unitId;
      byte[] last = run.step(journal == null ? () -> {} : () -> journal.begun(unit));
      if (last == null) {
        topKey = null;
        return;
      }
      work = counters.work.get() - work;
      read = counters.entriesRead.get() - read;
      written = counters.entriesWritten.get() - written;
      remote = counters.remoteEntries.get() - remote;
      if (journal != null) {
        journal.done(unitId, last, work, read, written);
      }
      setTop(last, KernelMarker.progress(work, read, written, remote, resumed));
      unitId = id("after:", last);
    } catch (TabuloException e) {
      fail(e.getMessage());
    }
  }

  private void setTop(byte[] row, KernelMarker marker) {
    topKey = new Key(new Text(row));
    topValue = marker.encode();
    resumed = false;
  }

  /** Reports an error to the client as the last entry, keyed just after the last key returned. */
  private void fail(String message) {
    Key start = seekRange.getStartKey();
    if (topKey != null) {
      topKey = justAfter(topKey);
    } else if (start == null) {
      topKey = new Key();
    } else {
      topKey = seekRange.isStartKeyInclusive() ? new Key(start) : justAfter(start);
    }
    topValue = KernelMarker.failure(message).encode();
    failed = true;
  }

  private static Key justAfter(Key k) {
    return new Key(k.getRowData().toArray(), new byte[] {0}, new byte[0], new byte[0], Long.MAX_VALUE);
  }

  private static byte[] id(String prefix, byte[] row) {
    byte[] p = prefix.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] out = Arrays.copyOf(p, p.length + row.length);
    System.arraycopy(row, 0, out, p.length, row.length);
    return out;
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public void next() {
    if (failed) {
      topKey = null;
      return;
    }
    advance();
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    throw new UnsupportedOperationException("a kernel runs once per scan and is not copied");
  }
}
