package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

/**
 * An open table of the embedded engine: its tablets, its manifest and the numbering of its files.
 * The table directory holds {@code MANIFEST}, sorted files {@code N.rf} and logs {@code tI_N.log}.
 */
final class Table {
  static final Pattern LOG_NAME = Pattern.compile("t(\\d+)_(\\d+)\\.log");
  private static final Pattern FILE_NAME = Pattern.compile("(\\d+)\\.rf");

  final Path dir;
  private final String id;
  private volatile String name;
  private final TableManifest manifest; // guarded by itself
  private final List<Tablet> tablets = new ArrayList<>();
  private final byte[][] splits;
  private final AtomicLong fileNumbers = new AtomicLong();
  private final Background background;
  private final EngineOptions options;
  private final ConfigurationCopy fileConf;
  private volatile Map<IteratorScope, List<IteratorSetting>> iterators;

  private Table(Path dir, String id, String name, TableManifest manifest, Background background,
      EngineOptions options) {
    this.dir = dir;
    this.id = id;
    this.name = name;
    this.manifest = manifest;
    this.background = background;
    this.options = options;
    this.fileConf = SortedFiles.tableConfiguration(options.compression);
    this.splits = manifest.splits.toArray(new byte[0][]);
    this.iterators = copyIterators(manifest);
  }

  /** Writes a new table's directory and manifest; the caller then records it in the catalog. */
  static void create(Path dir, TableManifest manifest) throws IOException {
    PrivateFiles.createDirectories(dir);
    manifest.save(dir);
    AtomicFile.syncDirectory(dir.getParent());
  }

  static Table open(Path dir, String id, String name, Background background, EngineOptions options)
      throws IOException {
    TableManifest manifest = TableManifest.load(dir);
    Table t = new Table(dir, id, name, manifest, background, options);
    t.recover();
    return t;
  }

  /** Removes files no manifest names (a crash mid-compaction), then opens tablets, replaying logs. */
  private void recover() throws IOException {
    Set<String> live = new HashSet<>();
    manifest.tablets.forEach(t -> t.files.forEach(f -> live.add(f.name())));
    Map<Integer, TreeMap<Long, Path>> logs = new HashMap<>();
    long maxNumber = manifest.nextFileNumber;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        String n = p.getFileName().toString();
        Matcher log = LOG_NAME.matcher(n);
        Matcher file = FILE_NAME.matcher(n);
        if (log.matches()) {
          long number = Long.parseLong(log.group(2));
          maxNumber = Math.max(maxNumber, number);
          int tablet = Integer.parseInt(log.group(1));
          if (tablet < manifest.tablets.size() && number >= manifest.tablets.get(tablet).logNumber) {
            logs.computeIfAbsent(tablet, k -> new TreeMap<>()).put(number, p);
          } else {
            Files.delete(p);
          }
        } else if (file.matches()) {
          maxNumber = Math.max(maxNumber, Long.parseLong(file.group(1)));
          if (!live.contains(n)) {
            Files.delete(p);
          }
        } else if (n.endsWith(FileChecksums.SUFFIX)) {
          if (!live.contains(n.substring(0, n.length() - FileChecksums.SUFFIX.length()))) {
            Files.delete(p); // the checksums of a file no manifest names
          }
        } else if (n.endsWith(".tmp")) {
          Files.delete(p);
        }
      }
    }
    fileNumbers.set(maxNumber + 1);
    for (int i = 0; i <= splits.length; i++) {
      Tablet t = new Tablet(this, i, i == 0 ? null : splits[i - 1], i == splits.length ? null : splits[i]);
      tablets.add(t);
      TreeMap<Long, Path> tabletLogs = logs.getOrDefault(i, new TreeMap<>());
      t.open(manifest.tablets.get(i), new ArrayList<>(tabletLogs.values()));
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

  List<Tablet> tablets() {
    return tablets;
  }

  List<byte[]> splits() {
    return Arrays.asList(splits);
  }

  ConfigurationCopy fileConf() {
    return fileConf;
  }

  Background background() {
    return background;
  }

  long memtableLimit() {
    return Math.max(16L << 10, options.memtableBytes / tablets.size());
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

  void deleteLogsBefore(int tablet, long number) throws IOException {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "t" + tablet + "_*.log")) {
      for (Path p : entries) {
        Matcher m = LOG_NAME.matcher(p.getFileName().toString());
        if (m.matches() && Integer.parseInt(m.group(1)) == tablet && Long.parseLong(m.group(2)) < number) {
          Files.deleteIfExists(p);
        }
      }
    }
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
    int lo = 0;
    int hi = splits.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(splits[mid], row) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** A timestamp newer than every cell of tablet {@code tablet}. */
  long nextTimestamp(int tablet) {
    return tablets.get(tablet).nextTimestamp();
  }

  /** Adds finished files to their tablets in one manifest commit; later writes get newer timestamps. */
  void importFiles(Map<Integer, List<TableManifest.FileMeta>> files, long maxTimestamp) throws IOException {
    commit(m -> files.forEach((tablet, metas) -> {
      m.tablets.get(tablet).files.addAll(metas);
      m.tablets.get(tablet).maxTimestamp = Math.max(m.tablets.get(tablet).maxTimestamp, maxTimestamp);
    }));
    for (Map.Entry<Integer, List<TableManifest.FileMeta>> e : files.entrySet()) {
      tablets.get(e.getKey()).addFiles(e.getValue(), maxTimestamp);
    }
  }

  void flush() throws IOException {
    for (Tablet t : tablets) {
      t.flush();
    }
  }

  void compact() throws IOException {
    for (Tablet t : tablets) {
      t.compact();
    }
  }

  void close() throws IOException {
    tablets.forEach(Tablet::retire); // first, so no delayed check starts a merge once they are idle
    for (Tablet t : tablets) {
      t.awaitIdle();
    }
    tablets.forEach(Tablet::close);
  }
}
