package tabulo.embedded;

import tabulo.util.PrivateFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.hadoop.io.Text;

import tabulo.rfile.RFileWriter;

/**
 * An open table of the embedded engine: its tablets, its manifest and the numbering of its files.
 * The table directory holds {@code MANIFEST}, sorted files {@code N.rf} and logs {@code tI_N.log}.
 * Tablets are opened when first used (a write, a scan of a tablet with files, a compaction), and share
 * the table's memory: one memtable budget and one cap on idle file readers. So a table with ten thousand
 * split points costs memory for the tablets it uses, not for all of them.
 */
final class Table {
  static final Pattern LOG_NAME = Pattern.compile("t(\\d+)_(\\d+)\\.log");
  private static final Pattern FILE_NAME = Pattern.compile("(\\d+)\\.rf");
  /** File readers a table keeps open between scans, whatever its number of tablets. */
  private static final int IDLE_READERS = 128;

  final Path dir;
  private final Path snapshot; // a reader's links to what it reads (ReaderRegistration), or null
  private final String id;
  private volatile String name;
  private final TableManifest manifest; // guarded by itself
  private final Tablet[] tablets; // null until opened; guarded by itself
  private final Map<Integer, List<Path>> logsToReplay = new HashMap<>(); // guarded by tablets
  private final Set<Tablet> withActiveMemory = ConcurrentHashMap.newKeySet();
  private final Object freezing = new Object();
  private final MemtableBudget budget;
  private final IdleReaderLimit idleReaders = new IdleReaderLimit(IDLE_READERS);
  private final byte[][] splits;
  private final AtomicLong fileNumbers = new AtomicLong();
  private final Background background;
  private final EngineOptions options;
  private final boolean readOnly;
  // Made on first use: Accumulo's configuration classes cost most of a second to initialise, which a put
  // (whose files need only writerOptions) would otherwise pay before its first file.
  private volatile ConfigurationCopy fileConf;
  private volatile RFileWriter.Options writerOptions;
  private volatile Map<IteratorScope, List<IteratorSetting>> iterators;

  private Table(Path dir, String id, String name, TableManifest manifest, Background background,
      EngineOptions options, Path snapshot) {
    this.dir = dir;
    this.snapshot = snapshot;
    this.readOnly = snapshot != null;
    this.id = id;
    this.name = name;
    this.manifest = manifest;
    this.background = background;
    this.options = options;
    this.splits = manifest.splits.toArray(new byte[0][]);
    this.tablets = new Tablet[splits.length + 1];
    this.budget = new MemtableBudget(options.memtableBytes);
    this.iterators = copyIterators(manifest);
  }

  /** Writes a new table's directory and manifest; the caller then records it in the catalog. */
  static void create(Path dir, TableManifest manifest) throws IOException {
    PrivateFiles.createDirectories(dir);
    manifest.save(dir);
    if (!ScratchTables.holds(dir)) { // a scratch table's entry is synced when it is published
      AtomicFile.syncDirectory(dir.getParent());
    }
  }

  static Table open(Path dir, String id, String name, Background background, EngineOptions options)
      throws IOException {
    return load(dir, null, id, name, background, options);
  }

  /**
   * Opens the table in {@code dir} read-only, as of a reader's snapshot of it
   * ({@link ReaderRegistration#snapshot}): its logs are replayed into memory, and nothing in the database
   * is changed. Files are read where they are, so errors name them there, and through the snapshot's
   * links once the writer has deleted them.
   */
  static Table openSnapshot(Path dir, Path snapshot, String id, String name, EngineOptions options)
      throws IOException {
    return load(dir, snapshot, id, name, null, options);
  }

  private static Table load(Path dir, Path snapshot, String id, String name, Background background,
      EngineOptions options) throws IOException {
    TableManifest manifest = TableManifest.load(snapshot != null ? snapshot : dir);
    Table t = new Table(dir, id, name, manifest, background, options, snapshot);
    t.recover();
    return t;
  }

  /** A snapshot opened by a reader: no write, flush or compaction reaches it. */
  boolean readOnly() {
    return readOnly;
  }

  /**
   * Removes files no manifest names (a crash mid-compaction), then opens the tablets that have logs to
   * replay (they were written to before a crash); the others open when first used.
   */
  private void recover() throws IOException {
    Set<String> live = new HashSet<>();
    manifest.tablets.forEach(t -> t.files.forEach(f -> live.add(f.name())));
    Map<Integer, TreeMap<Long, Path>> logs = new HashMap<>();
    long maxNumber = manifest.nextFileNumber;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(readOnly ? snapshot : dir)) {
      for (Path p : entries) {
        String n = p.getFileName().toString();
        Matcher log = LOG_NAME.matcher(n);
        Matcher file = FILE_NAME.matcher(n);
        if (log.matches()) {
          long number = Long.parseLong(log.group(2));
          maxNumber = Math.max(maxNumber, number);
          int tablet = Integer.parseInt(log.group(1));
          if (tablet < manifest.tablets.size() && number >= manifest.tablets.get(tablet).logNumber) {
            logs.computeIfAbsent(tablet, k -> new TreeMap<>()).put(number, p); // in number order
          } else {
            removeStale(p);
          }
        } else if (file.matches()) {
          maxNumber = Math.max(maxNumber, Long.parseLong(file.group(1)));
          if (!live.contains(n)) {
            removeStale(p);
          }
        } else if (n.endsWith(FileChecksums.SUFFIX)) {
          if (!live.contains(n.substring(0, n.length() - FileChecksums.SUFFIX.length()))) {
            removeStale(p); // the checksums of a file no manifest names
          }
        } else if (n.endsWith(".tmp")) {
          removeStale(p);
        }
      }
    }
    fileNumbers.set(maxNumber + 1);
    synchronized (tablets) {
      logs.forEach((tablet, byNumber) -> logsToReplay.put(tablet, new ArrayList<>(byNumber.values())));
    }
    for (int i : new TreeSet<>(logs.keySet())) {
      openTablet(i);
    }
  }

  /** Deletes what a crash left behind; a reader's snapshot holds none, and a reader deletes nothing. */
  private void removeStale(Path p) throws IOException {
    if (!readOnly) {
      Files.delete(p);
    }
  }

  /** Tablet {@code i}, opened now if it was not. Never called holding a tablet's lock. */
  Tablet tablet(int i) {
    try {
      return openTablet(i);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open tablet " + i + " of table " + name + ": " + e.getMessage(), e);
    }
  }

  private Tablet openTablet(int i) throws IOException {
    synchronized (tablets) {
      Tablet t = tablets[i];
      if (t == null) {
        t = new Tablet(this, i);
        TableManifest.TabletMeta meta;
        synchronized (manifest) {
          meta = copyOf(manifest.tablets.get(i));
        }
        t.open(meta, logsToReplay.getOrDefault(i, List.of()));
        logsToReplay.remove(i);
        tablets[i] = t;
      }
      return t;
    }
  }

  /** Tablet {@code i} if it may hold data: open, or with committed files; null when it is empty. */
  Tablet tabletIfNotEmpty(int i) {
    synchronized (tablets) {
      if (tablets[i] != null) {
        return tablets[i];
      }
      synchronized (manifest) {
        if (manifest.tablets.get(i).files.isEmpty()) {
          return null;
        }
      }
      return tablet(i);
    }
  }

  /** The tablets opened so far, in order. */
  List<Tablet> openTablets() {
    synchronized (tablets) {
      List<Tablet> out = new ArrayList<>();
      for (Tablet t : tablets) {
        if (t != null) {
          out.add(t);
        }
      }
      return out;
    }
  }

  /**
   * Up to {@code count} rows cutting the table's data into parts of about equal size, sorted and distinct,
   * taken from the file indexes of its tablets and its splits (data still in memory is not weighed).
   */
  List<byte[]> sampleRows(int count) throws IOException {
    List<byte[]> rows = new ArrayList<>();
    for (int i = 0; i < tabletCount(); i++) {
      Tablet t = tabletIfNotEmpty(i);
      if (t != null) {
        try (TabletSnapshot snap = t.snapshot()) {
          rows.addAll(snap.indexRows());
        }
      }
    }
    rows.sort(java.util.Arrays::compareUnsigned);
    java.util.TreeSet<byte[]> out = new java.util.TreeSet<>(java.util.Arrays::compareUnsigned);
    for (int k = 1; k <= count && !rows.isEmpty(); k++) {
      out.add(rows.get((int) ((long) k * rows.size() / (count + 1))));
    }
    return new ArrayList<>(out);
  }

  int tabletCount() {
    return tablets.length;
  }

  /** The extent of tablet {@code i}: rows in (split[i-1], split[i]]. */
  Range extent(int i) {
    return new Range(i == 0 ? null : new Text(splits[i - 1]), false,
        i == splits.length ? null : new Text(splits[i]), true);
  }

  private static TableManifest.TabletMeta copyOf(TableManifest.TabletMeta m) {
    TableManifest.TabletMeta c = new TableManifest.TabletMeta();
    c.logNumber = m.logNumber;
    c.maxTimestamp = m.maxTimestamp;
    c.files = new ArrayList<>(m.files);
    return c;
  }

  /** What a table holds: entries in files and memory, and its files. */
  record Sizes(long entries, int files, long bytes) {}

  /** Committed files from the manifest (no tablet need be opened), plus what open tablets hold in memory. */
  Sizes sizes() {
    long entries = 0;
    long bytes = 0;
    int files = 0;
    synchronized (manifest) {
      for (TableManifest.TabletMeta t : manifest.tablets) {
        for (TableManifest.FileMeta f : t.files) {
          entries += f.entries();
          bytes += f.bytes();
          files++;
        }
      }
    }
    for (Tablet t : openTablets()) {
      entries += t.entriesInMemory();
    }
    return new Sizes(entries, files, bytes);
  }

  /**
   * A digest of what scans of this table see (its files, iterators and properties), or null while an open
   * tablet holds writes in memory: see {@link tabulo.storage.Store#contentVersion}. File names are never
   * reused within a table, so new files give a new digest. Memory is checked before the files, under the
   * manifest's lock: a flush commits its file there before it drops the memtable, so a write is either
   * still in memory or already in a file named here.
   */
  String contentVersion() {
    List<Tablet> open = openTablets(); // not under the manifest's lock: opening a tablet takes the two the other way
    StringBuilder sb = new StringBuilder();
    synchronized (manifest) {
      for (Tablet t : open) {
        if (t.entriesInMemory() > 0) {
          return null;
        }
      }
      for (int i = 0; i < manifest.tablets.size(); i++) {
        for (TableManifest.FileMeta f : manifest.tablets.get(i).files) {
          sb.append("file ").append(i).append(' ').append(f.name()).append(' ').append(f.entries()).append(' ')
              .append(f.bytes()).append('\n');
        }
      }
      manifest.iterators.forEach((scope, list) -> list.forEach(is -> sb.append("iterator ").append(scope)
          .append(' ').append(is.getPriority()).append(' ').append(is.getName()).append(' ')
          .append(is.getIteratorClass()).append(' ').append(new TreeMap<>(is.getOptions())).append('\n')));
      manifest.properties.forEach((k, v) -> sb.append("property ").append(k).append('=').append(v).append('\n'));
    }
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(sb.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e); // every Java platform has SHA-256
    }
  }

  // ---------------------------------------------------------------- metadata

  String name() {
    return name;
  }

  void renamed(String newName) {
    name = newName;
  }

  TableId tableId() {
    return TableId.of(id);
  }

  List<byte[]> splits() {
    return Arrays.asList(splits);
  }

  ConfigurationCopy fileConf() {
    ConfigurationCopy conf = fileConf;
    if (conf == null) {
      synchronized (this) {
        if (fileConf == null) {
          ConfigurationCopy c = SortedFiles.tableConfiguration(options.compression);
          manifest.properties.forEach(c::set); // table.group.*: the files' locality groups
          fileConf = c;
        }
        conf = fileConf;
      }
    }
    return conf;
  }

  /** The table's locality groups: group name to column families (empty: none, Accumulo's classes not loaded). */
  Map<String, Set<ByteSequence>> localityGroups() {
    return manifest.properties.isEmpty() ? Map.of() : LocalityGroupProperties.groups(fileConf());
  }

  /**
   * The layout of this table's new files: Accumulo's defaults and the table's compression when it sets no
   * property (no locality groups), read from {@link #fileConf()} otherwise.
   */
  RFileWriter.Options writerOptions() {
    RFileWriter.Options o = writerOptions;
    if (o == null) {
      o = manifest.properties.isEmpty() ? new RFileWriter.Options().compression(options.compression)
          : SortedFiles.writerOptions(fileConf());
      writerOptions = o;
    }
    return o;
  }

  Background background() {
    return background;
  }

  MemtableBudget budget() {
    return budget;
  }

  /** A committed file of one of this table's tablets. */
  TabletFile file(TableManifest.FileMeta meta) {
    return new TabletFile(dir, meta, this::fileConf, idleReaders, snapshot == null ? null : snapshot.resolve(meta.name()));
  }

  /** Records that a tablet's active memtable holds writes (the caller holds its write lock). */
  void hasActiveMemory(Tablet t, boolean has) {
    if (has) {
      withActiveMemory.add(t);
    } else {
      withActiveMemory.remove(t);
    }
  }

  /**
   * When the table's active memtables fill the budget, freezes the largest until half of it is left:
   * many tablets with a little each flush together, one hot tablet flushes alone. Called holding no
   * tablet lock.
   */
  void relieveMemory() throws IOException {
    if (!budget.full()) {
      return;
    }
    synchronized (freezing) {
      record Candidate(Tablet tablet, long bytes) {} // sizes taken once: writes go on while we sort
      List<Candidate> candidates = new ArrayList<>();
      withActiveMemory.forEach(t -> candidates.add(new Candidate(t, t.activeBytes())));
      candidates.sort(Comparator.comparingLong(Candidate::bytes).reversed());
      for (Candidate c : candidates) {
        if (!budget.aboveHalf()) {
          break;
        }
        c.tablet().freezeIfIdle();
      }
    }
  }

  int maxFilesPerTablet() {
    return options.maxFilesPerTablet;
  }

  long writerBufferBytes() {
    return options.writerBufferBytes;
  }

  List<IteratorSetting> iterators(IteratorScope scope) {
    return iterators.get(scope);
  }

  long nextFileNumber() {
    return fileNumbers.getAndIncrement();
  }

  String newFileName() {
    return nextFileNumber() + SortedFiles.EXTENSION;
  }

  Path logPath(int tablet, long number) {
    return dir.resolve("t" + tablet + "_" + number + ".log");
  }

  /** Applies a change to the manifest and saves it atomically; returns once it is durable. */
  void commit(Consumer<TableManifest> change) {
    synchronized (manifest) {
      change.accept(manifest);
      manifest.nextFileNumber = fileNumbers.get();
      try {
        manifest.save(dir);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot save the manifest of table " + name, e);
      }
      iterators = copyIterators(manifest);
    }
  }

  private static Map<IteratorScope, List<IteratorSetting>> copyIterators(TableManifest m) {
    Map<IteratorScope, List<IteratorSetting>> copy = new EnumMap<>(IteratorScope.class);
    m.iterators.forEach((scope, list) -> copy.put(scope, List.copyOf(list)));
    return copy;
  }

  /** The tablet holding {@code row}: the first whose end row is at or after it. */
  int tabletIndex(byte[] row) {
    return tabletIndex(row, 0, row.length);
  }

  /** {@link #tabletIndex(byte[])} of the row {@code row[offset, offset + length)}. */
  int tabletIndex(byte[] row, int offset, int length) {
    int lo = 0;
    int hi = splits.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(splits[mid], 0, splits[mid].length, row, offset, offset + length) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Whether tablet {@code i} holds the row {@code row[offset, offset + length)} (after the split before it,
   * at or before its own): one or two comparisons, where {@link #tabletIndex} searches every split.
   */
  boolean tabletHolds(int i, byte[] row, int offset, int length) {
    return (i == 0 || Arrays.compareUnsigned(splits[i - 1], 0, splits[i - 1].length, row, offset, offset + length) < 0)
        && (i == splits.length || Arrays.compareUnsigned(row, offset, offset + length, splits[i], 0,
            splits[i].length) <= 0);
  }

  /** A timestamp newer than every cell of tablet {@code i}, without opening it. */
  long nextTimestamp(int i) {
    Tablet t;
    synchronized (tablets) {
      t = tablets[i];
      if (t == null) { // all it holds is in committed files (a tablet with logs to replay opened with the table)
        synchronized (manifest) {
          return Math.max(System.currentTimeMillis(), manifest.tablets.get(i).maxTimestamp + 1);
        }
      }
    }
    return t.nextTimestamp();
  }

  /**
   * Adds finished files to their tablets in one manifest commit; later writes get newer timestamps.
   * Tablets not open yet read the files from the manifest when they open.
   */
  void importFiles(Map<Integer, List<TableManifest.FileMeta>> files, long maxTimestamp) throws IOException {
    List<Tablet> open = new ArrayList<>();
    synchronized (tablets) { // no tablet opens between the commit and adding the files to the open ones
      commit(m -> files.forEach((tablet, metas) -> {
        m.tablets.get(tablet).files.addAll(metas);
        m.tablets.get(tablet).maxTimestamp = Math.max(m.tablets.get(tablet).maxTimestamp, maxTimestamp);
      }));
      for (Map.Entry<Integer, List<TableManifest.FileMeta>> e : files.entrySet()) {
        Tablet t = tablets[e.getKey()];
        if (t != null) {
          t.addFiles(e.getValue(), maxTimestamp);
          open.add(t);
        }
      }
    }
    open.forEach(Tablet::maybeScheduleMajor);
  }

  void flush() throws IOException {
    for (Tablet t : openTablets()) {
      t.flush();
    }
  }

  /** Compacts every tablet that holds data (opening those with files); empty ones have nothing to merge. */
  void compact() throws IOException {
    for (int i = 0; i < tablets.length; i++) {
      Tablet t = tabletIfNotEmpty(i);
      if (t != null) {
        t.compact();
      }
    }
  }

  void close() throws IOException {
    List<Tablet> open = openTablets();
    open.forEach(Tablet::retire); // first, so no delayed check starts a merge once they are idle
    for (Tablet t : open) {
      t.awaitIdle();
    }
    open.forEach(Tablet::close);
  }
}
