package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;
import java.util.Map.Entry;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Column;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.rfile.CellCursor;
import tabulo.rfile.CellFields;
import tabulo.rfile.KeyValueFields;
import tabulo.storage.CellSink;
import tabulo.storage.Cells;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TabuloException;

/**
 * A scan of the embedded engine: each (range, tablet) piece runs the tablet's iterator stack over a
 * snapshot of the tablet. Ordered scans run the pieces one after another; unordered ones run them on a
 * thread pool, like Accumulo's batch scanner.
 */
final class EmbeddedScan implements Scan {
  /** The ranges of one scan inside one tablet, in order: one iterator stack serves them all. */
  private record Piece(int tablet, List<Range> ranges) {}

  private final Table table;
  private final ScanSpec spec;
  private final Authorizations auths;
  private final Set<Column> columns;
  private final Collection<ByteSequence> families;
  private final List<Piece> pieces = new ArrayList<>();
  private final List<AutoCloseable> open = new ArrayList<>();
  private ExecutorService pool;
  private boolean iterated;
  /** Pieces this process has scanned over cells read in place (tests see which path a scan took). */
  private static final java.util.concurrent.atomic.LongAdder PIECES_IN_PLACE =
      new java.util.concurrent.atomic.LongAdder();

  EmbeddedScan(Table table, ScanSpec spec, Authorizations auths) {
    this.table = table;
    this.spec = spec;
    this.auths = auths;
    this.columns = new HashSet<>(spec.columns());
    this.families = new HashSet<>();
    for (Column c : spec.columns()) {
      families.add(new ArrayByteSequence(c.getColumnFamily()));
    }
    List<Range> ranges = Range.mergeOverlapping(spec.ranges());
    java.util.Collections.sort(ranges);
    TreeMap<Integer, List<Range>> byTablet = new TreeMap<>();
    for (Range r : ranges) { // only the tablets each range reaches: a table may have thousands
      int first = r.getStartKey() == null ? 0 : table.tabletIndex(r.getStartKey().getRowData().toArray());
      int last = r.getEndKey() == null ? table.tabletCount() - 1
          : table.tabletIndex(r.getEndKey().getRowData().toArray());
      for (int i = first; i <= last; i++) {
        Range clipped = r.clip(table.extent(i), true);
        if (clipped != null) {
          byTablet.computeIfAbsent(i, k -> new ArrayList<>()).add(clipped);
        }
      }
    }
    byTablet.forEach((tablet, inTablet) -> pieces.add(new Piece(tablet, inTablet)));
  }

  /** Opens the iterator stack of one piece over a fresh snapshot of its tablet. */
  private PieceCursor openPiece(Piece p, List<AutoCloseable> resources) {
    Tablet tablet = table.tabletIfNotEmpty(p.tablet());
    if (tablet == null) {
      return new PieceCursor(null, List.of()); // never opened and no files: nothing to read
    }
    TabletSnapshot snap = tablet.snapshot();
    resources.add(snap);
    try {
      return stackOver(snap, p);
    } catch (IOException e) {
      throw new UncheckedIOException("scan of table " + table.name() + " failed", e);
    }
  }

  /** The iterator stack of a piece over a snapshot of its tablet, not yet seeked. */
  private PieceCursor stackOver(TabletSnapshot snap, Piece p) throws IOException {
    SortedKeyValueIterator<Key, Value> stack = IteratorStack.forScan(snap.sources(), snap.traits(), columns,
        auths, table.iterators(IteratorScope.scan), spec.iterators(),
        TabletIteratorEnvironment.scan(auths, table.tableId(), table.fileConf()));
    return new PieceCursor(stack, p.ranges());
  }

  /** Walks a piece's ranges with one stack, seeking it to each range in turn. */
  private final class PieceCursor {
    private final SortedKeyValueIterator<Key, Value> stack;
    private final List<Range> ranges;
    private int next;

    PieceCursor(SortedKeyValueIterator<Key, Value> stack, List<Range> ranges) {
      this.stack = stack;
      this.ranges = ranges;
    }

    /** True when the stack has a top entry, seeking to later ranges as earlier ones run out. */
    boolean hasTop() throws IOException {
      while (next == 0 || !stack.hasTop()) {
        if (next >= ranges.size()) {
          return false;
        }
        stack.seek(ranges.get(next++), families, !families.isEmpty());
      }
      return true;
    }

    Key key() {
      return stack.getTopKey();
    }

    Value value() {
      return stack.getTopValue();
    }

    void next() throws IOException {
      stack.next();
    }
  }

  @Override
  public Iterator<Entry<Key, Value>> iterator() {
    if (iterated) {
      throw new IllegalStateException("a scan can be iterated once");
    }
    iterated = true;
    return spec.ordered() || pieces.size() <= 1 ? new Ordered() : new Unordered();
  }

  /**
   * Ordered scans hand out their cells read in place: a piece whose stack would be the plain one
   * ({@link IteratorStack#isNewestVisible}) over files Tabulo's reader reads runs {@link NewestVisibleCells}
   * over its sources' cursors; any other runs its iterator stack.
   */
  @Override
  public long forEachCell(CellSink sink) {
    if (!spec.ordered() && pieces.size() > 1) {
      return Scan.super.forEachCell(sink);
    }
    if (iterated) {
      throw new IllegalStateException("a scan can be iterated once");
    }
    iterated = true;
    CountingSink counted = new CountingSink(sink);
    for (Piece p : pieces) {
      Tablet tablet = table.tabletIfNotEmpty(p.tablet());
      if (tablet == null) {
        continue; // never opened and no files: nothing to read
      }
      TabletSnapshot snap = tablet.snapshot();
      synchronized (open) {
        open.add(snap);
      }
      try {
        Boolean more = inPlace(snap, p, counted);
        if (more == null) {
          more = throughStack(snap, p, counted);
        }
        if (!more) {
          break;
        }
      } catch (IOException ex) {
        throw failed(ex);
      } catch (UncheckedIOException ex) { // from a file reader: a damaged file names itself, this the table
        throw failed(ex.getCause());
      } finally {
        synchronized (open) {
          open.remove(snap);
        }
        snap.close();
      }
    }
    return counted.cells;
  }

  /** Ordered scans hand out their cells read in place, as {@link #forEachCell} does, a piece at a time. */
  @Override
  public Cells cells() {
    if (!spec.ordered() && pieces.size() > 1) {
      return Scan.super.cells();
    }
    if (iterated) {
      throw new IllegalStateException("a scan can be iterated once");
    }
    iterated = true;
    return new PieceCells();
  }

  /** The cells of the pieces in order: each read in place when it can be, else through its stack. */
  private final class PieceCells implements Cells {
    private int next;
    private TabletSnapshot snap; // of the piece being read
    private NewestVisibleCells inPlace;
    private PieceCursor stack;
    private boolean advanceStack; // the stack's top was handed out: move past it first
    private final KeyValueFields fields = new KeyValueFields();

    @Override
    public CellFields next() {
      try {
        while (true) {
          if (inPlace != null) {
            CellFields c = inPlace.next();
            if (c != null) {
              return c;
            }
          } else if (stack != null) {
            if (advanceStack) {
              stack.next();
            }
            advanceStack = true;
            if (stack.hasTop()) {
              return fields.set(stack.key(), stack.value());
            }
          }
          closePiece();
          if (next >= pieces.size()) {
            return null;
          }
          openNext(pieces.get(next++));
        }
      } catch (IOException ex) {
        throw failed(ex);
      } catch (UncheckedIOException ex) { // from a file reader: a damaged file names itself, this the table
        throw failed(ex.getCause());
      }
    }

    private void openNext(Piece p) throws IOException {
      Tablet tablet = table.tabletIfNotEmpty(p.tablet());
      if (tablet == null) {
        return; // never opened and no files: nothing to read
      }
      snap = tablet.snapshot();
      synchronized (open) {
        open.add(snap);
      }
      SourceTraits traits = snap.traits();
      List<CellCursor> cursors = IteratorStack.isNewestVisible(traits, columns, table.iterators(IteratorScope.scan),
          spec.iterators()) ? snap.cellCursors() : null;
      if (cursors != null) {
        PIECES_IN_PLACE.increment();
        inPlace = new NewestVisibleCells(cursors, traits.labels(), auths);
        inPlace.start(p.ranges());
      } else {
        stack = stackOver(snap, p);
        advanceStack = false;
      }
    }

    private void closePiece() {
      inPlace = null;
      stack = null;
      if (snap != null) {
        synchronized (open) {
          open.remove(snap);
        }
        closeQuietly(snap);
        snap = null;
      }
    }
  }

  /** A sink that counts the cells it passes on. */
  private static final class CountingSink implements CellSink {
    private final CellSink sink;
    long cells;

    CountingSink(CellSink sink) {
      this.sink = sink;
    }

    @Override
    public boolean accept(CellFields cell) {
      cells++;
      return sink.accept(cell);
    }
  }

  /**
   * Runs a piece over cells read in place when its stack is the plain one and Tabulo's reader reads its
   * files: whether the sink wants more; null when it is not that case.
   */
  private Boolean inPlace(TabletSnapshot snap, Piece p, CellSink sink) throws IOException {
    SourceTraits traits = snap.traits();
    if (!IteratorStack.isNewestVisible(traits, columns, table.iterators(IteratorScope.scan), spec.iterators())) {
      return null;
    }
    List<CellCursor> cursors = snap.cellCursors();
    if (cursors == null) {
      return null;
    }
    PIECES_IN_PLACE.increment();
    return new NewestVisibleCells(cursors, traits.labels(), auths).run(p.ranges(), sink);
  }

  static long piecesReadInPlace() {
    return PIECES_IN_PLACE.sum();
  }

  /** Runs a piece through its iterator stack, each entry shown to the sink in place: whether it wants more. */
  private boolean throughStack(TabletSnapshot snap, Piece p, CellSink sink) throws IOException {
    PieceCursor cursor = stackOver(snap, p);
    KeyValueFields fields = new KeyValueFields();
    for (; cursor.hasTop(); cursor.next()) {
      if (!sink.accept(fields.set(cursor.key(), cursor.value()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
      try {
        pool.awaitTermination(1, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (open) {
      for (AutoCloseable c : open) {
        try {
          c.close();
        } catch (Exception e) {
          // releasing a snapshot cannot fail in a way that loses data
        }
      }
      open.clear();
    }
  }

  private final class Ordered implements Iterator<Entry<Key, Value>> {
    private int next;
    private PieceCursor current;
    private final List<AutoCloseable> resources = new ArrayList<>();
    private boolean advancePending; // the entry last returned is still the stack's top

    @Override
    public boolean hasNext() {
      try {
        if (advancePending) {
          advancePending = false;
          current.next(); // only now: the caller was free to use the key until this call
        }
        while (current == null || !current.hasTop()) {
          resources.forEach(EmbeddedScan::closeQuietly);
          resources.clear();
          current = null;
          if (next >= pieces.size()) {
            return false;
          }
          current = openPiece(pieces.get(next++), resources);
          synchronized (open) {
            open.addAll(resources);
          }
        }
        return true;
      } catch (IOException ex) {
        throw failed(ex);
      } catch (UncheckedIOException ex) { // from a file reader: a damaged file names itself, this the table
        throw failed(ex.getCause());
      }
    }

    @Override
    public Entry<Key, Value> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      advancePending = true;
      return new SimpleImmutableEntry<>(current.key(), current.value());
    }
  }

  /** Pieces run in parallel and hand over batches of copied entries; a failure ends the scan with its error. */
  private final class Unordered implements Iterator<Entry<Key, Value>> {
    private static final List<Entry<Key, Value>> END = List.of();
    private static final int BATCH = 1024;
    private final BlockingQueue<List<Entry<Key, Value>>> queue = new ArrayBlockingQueue<>(64);
    private final AtomicInteger running = new AtomicInteger(pieces.size());
    private volatile RuntimeException failure;
    private Iterator<Entry<Key, Value>> batch = List.<Entry<Key, Value>>of().iterator();
    private boolean ended;

    Unordered() {
      pool = Executors.newFixedThreadPool(Math.min(spec.threads(), pieces.size()), r -> {
        Thread t = new Thread(r, "tabulo-scan");
        t.setDaemon(true);
        return t;
      });
      for (Piece p : pieces) {
        pool.execute(() -> run(p));
      }
    }

    private void run(Piece p) {
      List<AutoCloseable> resources = new ArrayList<>();
      try {
        PieceCursor it = openPiece(p, resources);
        List<Entry<Key, Value>> out = new ArrayList<>(BATCH);
        while (it.hasTop()) {
          out.add(new SimpleImmutableEntry<>(new Key(it.key()), new Value(it.value())));
          if (out.size() == BATCH) {
            queue.put(out);
            out = new ArrayList<>(BATCH);
          }
          it.next();
        }
        if (!out.isEmpty()) {
          queue.put(out);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (UncheckedIOException e) {
        failure = failed(e.getCause());
      } catch (RuntimeException | IOException e) {
        failure = e instanceof RuntimeException re ? re : failed((IOException) e);
      } finally {
        resources.forEach(EmbeddedScan::closeQuietly);
        if (running.decrementAndGet() == 0 || failure != null) {
          try {
            queue.put(END);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the scan was closed: nobody reads the queue
          }
        }
      }
    }

    @Override
    public boolean hasNext() {
      while (!batch.hasNext()) {
        if (ended) {
          return false;
        }
        try {
          List<Entry<Key, Value>> b = queue.take();
          if (b == END) {
            if (failure != null) {
              throw failure;
            }
            ended = true; // only the last piece ends a scan without failure
            continue;
          }
          batch = b.iterator();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new TabuloException("scan of table " + table.name() + " interrupted");
        }
      }
      return true;
    }

    @Override
    public Entry<Key, Value> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return batch.next();
    }
  }

  private UncheckedIOException failed(IOException e) {
    return new UncheckedIOException("scan of table " + table.name() + " failed", e);
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // see close()
    }
  }
}
