package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.accumulo.core.data.ColumnUpdate;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * One tablet: the rows in (split[index - 1], split[index]] of a table. Writes go to its write-ahead log and memtable;
 * a full memtable is frozen and written to a sorted file in the background (minor compaction); files are
 * merged by major compactions. Scans read an immutable snapshot of (memtables, files).
 */
final class Tablet {
  /** Minor compactions closer together than this make a burst of writes, which defers merges by ratio. */
  private static final long BURST_GAP_MILLIS = 2000;
  private static final long BURST_GAP_NANOS = BURST_GAP_MILLIS * 1_000_000;

  /** What a scan sees; replaced as a whole (copy on write) under the tablet's monitor. */
  private record State(Memtable mem, Memtable imm, List<TabletFile> files) {}

  final Table table;
  final int index;

  private volatile State state;
  private final ReentrantLock writeLock = new ReentrantLock();
  private final Condition immFlushed = writeLock.newCondition();
  private long lastTimestamp; // guarded by writeLock
  private long immMaxTimestamp;
  private LogWriter log; // null until the first write after opening or freezing: guarded by writeLock
  private long logNumber; // of the log, or of the log the next write creates
  private Path immLog; // the log of the frozen memtable, deleted once it is a committed file
  private boolean majorRunning; // guarded by this
  private boolean retired; // closing: no new merges
  private volatile long lastMinorNanos = System.nanoTime() - BURST_GAP_NANOS;
  private Throwable backgroundFailure;

  Tablet(Table table, int index) {
    this.table = table;
    this.index = index;
  }

  // ---------------------------------------------------------------- open and recovery

  /**
   * Loads committed files and replays surviving write-ahead logs into a file. The tablet's own log is
   * created by its first write: opening a tablet to read it costs no file and no buffer.
   */
  void open(TableManifest.TabletMeta meta, List<Path> logsToReplay) throws IOException {
    List<TabletFile> files = new ArrayList<>();
    for (TableManifest.FileMeta f : meta.files) {
      files.add(table.file(f));
    }
    lastTimestamp = meta.maxTimestamp;
    Memtable recovered = new Memtable();
    for (Path p : logsToReplay) {
      replay(p, recovered);
    }
    if (table.readOnly()) { // a reader's snapshot: the logs stay in memory, and its links of them go
      state = new State(recovered, null, List.copyOf(files));
      for (Path p : logsToReplay) {
        Files.deleteIfExists(p);
      }
      return;
    }
    state = new State(new Memtable(), null, List.copyOf(files));
    if (!recovered.isEmpty()) {
      state = new State(state.mem, recovered, state.files);
      immMaxTimestamp = lastTimestamp;
      table.budget().recovered(recovered.bytes());
    }
    lastTimestamp++;
    logNumber = table.nextFileNumber();
    if (!recovered.isEmpty()) {
      minorCompact(); // recovered writes become a file now, so the old logs can go
    }
    for (Path p : logsToReplay) { // now in a committed file, or they held no write
      Files.deleteIfExists(p);
    }
  }

  private void replay(Path logFile, Memtable into) throws IOException {
    try (LogReader reader = openLog(logFile)) {
      byte[] record;
      while ((record = reader.next()) != null) {
        LogRecords batch;
        try {
          batch = LogRecords.decode(record);
        } catch (IOException e) {
          throw reader.damaged(reader.recordPosition(), e.getMessage());
        }
        long lastTs = insertAll(into, batch.mutations(), batch.timestamp());
        lastTimestamp = Math.max(lastTimestamp, lastTs);
      }
    }
  }

  /**
   * A reader's snapshot links the log: it is read where it is (so errors name it there) unless the
   * writer has deleted it meanwhile. For the writer the two are the same.
   */
  private LogReader openLog(Path logFile) throws IOException {
    Path inTable = table.dir.resolve(logFile.getFileName());
    if (!logFile.equals(inTable)) {
      try {
        return new LogReader(inTable, table.name());
      } catch (NoSuchFileException e) {
        // deleted by the writer once it committed: the link holds the same bytes
      }
    }
    return new LogReader(logFile, table.name());
  }

  // ---------------------------------------------------------------- writes

  /** Logs and applies mutations (all with rows in this tablet). Durable once {@link #syncLog()} returns. */
  void apply(List<Mutation> mutations) throws IOException {
    table.budget().awaitRoom(); // backpressure: the table's memtables stay within their budget
    writeLock.lock();
    try {
      checkHealthy();
      long ts = Math.max(System.currentTimeMillis(), lastTimestamp + 1);
      LogRecordBuffer logRecord = LogRecordBuffer.forThisThread();
      logRecord.writeLong(ts);
      logRecord.writeInt(mutations.size());
      for (Mutation m : mutations) {
        m.write(logRecord);
      }
      if (log == null) {
        log = new LogWriter(table.logPath(index, logNumber));
      }
      log.append(logRecord.buffer(), logRecord.size());
      long before = state.mem.bytes();
      lastTimestamp = insertAll(state.mem, mutations, ts);
      table.budget().added(state.mem.bytes() - before);
      table.hasActiveMemory(this, true);
    } finally {
      writeLock.unlock();
    }
    table.relieveMemory();
  }

  /**
   * Inserts a batch as one sorted run. The batch shares one timestamp, except that a mutation after one
   * holding a delete gets a newer one: a delete hides everything at or before its timestamp, and a write
   * that follows it must survive. Returns the last timestamp used. Deterministic, so replaying the log
   * rebuilds exactly the same keys.
   */
  private static long insertAll(Memtable mem, List<Mutation> batch, long ts) {
    WriteBatch packed = new WriteBatch();
    for (Mutation m : batch) {
      boolean deletes = false;
      byte[] row = m.getRow();
      for (ColumnUpdate u : m.getUpdates()) {
        packed.add(row, u.getColumnFamily(), u.getColumnQualifier(), u.getColumnVisibility(),
            u.hasTimestamp() ? u.getTimestamp() : ts, u.isDeleted(), u.getValue());
        deletes |= u.isDeleted();
      }
      if (deletes) {
        ts++;
      }
    }
    mem.add(packed);
    return ts;
  }

  void syncLog() throws IOException {
    writeLock.lock();
    try {
      if (log != null) {
        log.sync(); // null: frozen since the write, and freezing closed (so synced) the log
      }
    } finally {
      writeLock.unlock();
    }
  }

  private void awaitImmFlushed() throws IOException {
    try {
      while (state.imm != null) {
        immFlushed.await(100, TimeUnit.MILLISECONDS);
        checkHealthy();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for a minor compaction", e);
    }
  }

  /**
   * Freezes the memtable and starts writing it to a file; the caller holds the write lock. Its log is
   * closed; the next write opens a new one.
   */
  private void freeze() throws IOException {
    if (log != null) {
      log.close();
      log = null;
      immLog = table.logPath(index, logNumber);
    }
    logNumber = table.nextFileNumber();
    table.budget().frozen(state.mem.bytes());
    table.hasActiveMemory(this, false);
    synchronized (this) {
      state = new State(new Memtable(), state.mem, state.files);
    }
    immMaxTimestamp = lastTimestamp;
    lastTimestamp++; // the next memtable's writes are strictly newer than every frozen one
    table.background().submitMinor(this::minorCompactQuietly);
  }

  private void minorCompactQuietly() {
    try {
      minorCompact();
    } catch (Throwable t) {
      backgroundFailure = t;
      table.background().report(this, t);
    }
  }

  /** Freezes the memtable if it holds writes and none is frozen already: the table needs the memory. */
  void freezeIfIdle() throws IOException {
    writeLock.lock();
    try {
      if (backgroundFailure == null && state.imm == null && !state.mem.isEmpty()) {
        freeze();
      }
    } finally {
      writeLock.unlock();
    }
  }

  long activeBytes() {
    return state.mem.bytes();
  }

  /** Writes the frozen memtable to a file, commits it with the new log number, and drops old logs. */
  private void minorCompact() throws IOException {
    Memtable imm = state.imm;
    try {
      minorCompact(imm);
    } finally {
      table.budget().flushed(imm.bytes()); // also on failure: the tablet then refuses writes
    }
    table.relieveMemory(); // tablets that could not freeze while this ran may now
  }

  private void minorCompact(Memtable imm) throws IOException {
    long committedLog;
    Path obsoleteLog;
    writeLock.lock();
    try {
      committedLog = logNumber;
      obsoleteLog = immLog;
      immLog = null;
    } finally {
      writeLock.unlock();
    }
    TabletFile file = null;
    String name = table.newFileName();
    Memtable.Run run = Memtable.mergedRun(imm.runs());
    SortedKeyValueIterator<Key, Value> stack = IteratorStack.forCompaction(
        Memtable.iterators(List.of(run)), run.traits(), false, table.iterators(IteratorScope.minc),
        TabletIteratorEnvironment.minorCompaction(table.tableId(), table.fileConf()));
    stack.seek(new Range(), List.of(), false);
    TableManifest.FileMeta meta = SortedFiles.write(table.dir.resolve(name), stack, table.fileConf());
    if (meta != null) {
      file = table.file(meta);
    }
    long maxTs = immMaxTimestamp;
    table.commit(m -> {
      TableManifest.TabletMeta t = m.tablets.get(index);
      if (meta != null) {
        t.files.add(meta);
      }
      t.logNumber = committedLog;
      t.maxTimestamp = Math.max(t.maxTimestamp, maxTs);
    });
    synchronized (this) {
      List<TabletFile> files = new ArrayList<>(state.files);
      if (file != null) {
        files.add(file);
      }
      state = new State(state.mem, null, List.copyOf(files));
    }
    writeLock.lock();
    try {
      immFlushed.signalAll();
    } finally {
      writeLock.unlock();
    }
    if (obsoleteLog != null) {
      Files.deleteIfExists(obsoleteLog); // if a crash leaves it, the next open deletes it
    }
    lastMinorNanos = System.nanoTime();
    maybeScheduleMajor();
    table.background().later(this::maybeScheduleMajor, BURST_GAP_MILLIS + 10); // once the burst is over
  }

  /** Flushes the memtable to a file and waits for it (a no-op when there is nothing in memory). */
  void flush() throws IOException {
    writeLock.lock();
    try {
      checkHealthy();
      awaitImmFlushed();
      if (!state.mem.isEmpty()) {
        freeze();
      }
      awaitImmFlushed();
    } finally {
      writeLock.unlock();
    }
  }

  private void checkHealthy() throws IOException {
    if (backgroundFailure != null) {
      throw new IOException("tablet " + index + " of table " + table.name() + " failed in the background: "
          + backgroundFailure, backgroundFailure);
    }
  }

  /** A timestamp newer than every cell this tablet holds, as its next write would get. */
  long nextTimestamp() {
    writeLock.lock();
    try {
      return Math.max(System.currentTimeMillis(), lastTimestamp + 1);
    } finally {
      writeLock.unlock();
    }
  }

  /** Adds committed files (a bulk import) to what scans see. */
  void addFiles(List<TableManifest.FileMeta> metas, long maxTimestamp) {
    writeLock.lock();
    try {
      lastTimestamp = Math.max(lastTimestamp, maxTimestamp);
    } finally {
      writeLock.unlock();
    }
    synchronized (this) {
      List<TabletFile> files = new ArrayList<>(state.files);
      for (TableManifest.FileMeta m : metas) {
        files.add(table.file(m));
      }
      state = new State(state.mem, state.imm, List.copyOf(files));
    }
  }

  // ---------------------------------------------------------------- major compaction

  void maybeScheduleMajor() {
    synchronized (this) {
      if (retired || majorRunning || CompactionPlanner.select(sizes(state.files), table.maxFilesPerTablet(), writing()).length == 0) {
        return;
      }
      majorRunning = true;
    }
    boolean queued = table.background().trySubmitMajor(() -> {
      try {
        majorCompact(false);
      } catch (Throwable t) {
        if (!table.background().closing()) {
          backgroundFailure = t;
          table.background().report(this, t);
        }
      }
    });
    if (!queued) {
      synchronized (this) {
        majorRunning = false;
        notifyAll();
      }
    }
  }

  /** Whether a burst of writes is going on: the last minor compaction was less than the burst gap ago. */
  private boolean writing() {
    return System.nanoTime() - lastMinorNanos < BURST_GAP_NANOS;
  }

  private static long[] sizes(List<TabletFile> files) {
    long[] s = new long[files.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = files.get(i).meta.bytes();
    }
    return s;
  }

  /** Merges files: all of them when {@code all} (the caller reserved the major slot), else the planner's pick. */
  private void majorCompact(boolean all) throws IOException {
    List<TabletFile> picked;
    boolean full;
    try {
      if (!all && table.background().closing()) {
        return;
      }
      synchronized (this) {
        List<TabletFile> files = state.files;
        if (all) {
          picked = files;
        } else {
          picked = new ArrayList<>();
          for (int i : CompactionPlanner.select(sizes(files), table.maxFilesPerTablet(), writing())) {
            picked.add(files.get(i));
          }
        }
        full = picked.size() == files.size();
        picked.forEach(TabletFile::ref);
      }
      if (picked.isEmpty() || (!all && picked.size() < 2)) {
        picked.forEach(TabletFile::unref);
        return;
      }
      List<FileReaderLease> leases = new ArrayList<>();
      TableManifest.FileMeta meta;
      try {
        List<SortedKeyValueIterator<Key, Value>> sources = new ArrayList<>();
        for (TabletFile f : picked) {
          FileReaderLease lease = FileReaderLease.acquire(f);
          leases.add(lease);
          sources.add(lease.reader());
        }
        SourceTraits traits = SourceTraits.ofAll(picked.stream().map(f -> f.meta.traits()).toList());
        SortedKeyValueIterator<Key, Value> stack = IteratorStack.forCompaction(sources, traits, full,
            table.iterators(IteratorScope.majc),
            TabletIteratorEnvironment.majorCompaction(full, all, table.tableId(), table.fileConf()));
        stack.seek(new Range(), List.of(), false);
        meta = SortedFiles.write(table.dir.resolve(table.newFileName()), stack, table.fileConf());
      } finally {
        leases.forEach(FileReaderLease::close);
      }
      List<String> replaced = picked.stream().map(f -> f.meta.name()).toList();
      table.commit(m -> {
        TableManifest.TabletMeta t = m.tablets.get(index);
        t.files.removeIf(f -> replaced.contains(f.name()));
        if (meta != null) {
          t.files.add(meta);
        }
      });
      synchronized (this) {
        List<TabletFile> files = new ArrayList<>(state.files);
        files.removeAll(picked);
        if (meta != null) {
          files.add(table.file(meta));
        }
        state = new State(state.mem, state.imm, List.copyOf(files));
      }
      for (TabletFile f : picked) {
        f.unref(); // our lease
        f.unref(); // the old state's reference: deleted once no scan reads it
      }
    } finally {
      synchronized (this) {
        majorRunning = false;
        notifyAll();
      }
    }
    if (!all && !table.background().closing()) {
      maybeScheduleMajor();
    }
  }

  /** Flushes, then merges every file into one, applying major-compaction iterators; waits for it. */
  void compact() throws IOException {
    flush();
    synchronized (this) {
      awaitNoMajor();
      majorRunning = true;
    }
    majorCompact(true);
  }

  /** Waits, holding the monitor, until no major compaction of this tablet runs. */
  private void awaitNoMajor() throws IOException {
    try {
      while (majorRunning) {
        wait();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for a compaction", e);
    }
  }

  // ---------------------------------------------------------------- reads

  /** A consistent view of the tablet for one scan; close it to release the files. */
  TabletSnapshot snapshot() {
    synchronized (this) {
      State s = state;
      s.files.forEach(TabletFile::ref);
      List<Memtable.Run> runs = new ArrayList<>(s.mem.runs());
      if (s.imm != null) {
        runs.addAll(s.imm.runs());
      }
      return new TabletSnapshot(runs, s.files);
    }
  }

  long entriesInMemory() {
    State s = state;
    return s.mem.entries() + (s.imm == null ? 0 : s.imm.entries());
  }

  List<TableManifest.FileMeta> files() {
    return state.files.stream().map(f -> f.meta).toList();
  }

  /** Closes the log; the data stays committed (memtable contents are in the log). */
  void close() {
    writeLock.lock();
    try {
      try {
        if (log != null) {
          log.close();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      state.files.forEach(TabletFile::release);
    } finally {
      writeLock.unlock();
    }
  }

  /**
   * Starts no merge from now on (a delayed check may still fire): the tablet is being closed, perhaps
   * for its table to be deleted.
   */
  synchronized void retire() {
    retired = true;
  }

  /** Waits until no minor or major compaction of this tablet is running. */
  void awaitIdle() throws IOException {
    writeLock.lock();
    try {
      awaitImmFlushed();
    } finally {
      writeLock.unlock();
    }
    synchronized (this) {
      awaitNoMajor();
    }
  }
}
