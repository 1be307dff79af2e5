package tabulo.transfer;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.user.VersioningIterator;
import org.apache.accumulo.core.util.LocalityGroupUtil;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.io.Text;

import tabulo.ops.Workspace;
import tabulo.rfile.RFileWriter;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;
import tabulo.util.PrivateFiles;

/**
 * Moves a table between hosts through a directory: {@link #export} writes the table's visible entries
 * (through its scan-time iterators, with their visibilities and timestamps) as sorted RFiles, one per
 * tablet ({@code T.rf}, T the tablet index), with Tabulo's RFile writer (the table's locality groups kept in
 * the files), plus {@value #META}: the split points, every iterator setting per scope (priority, class,
 * options) and the locality groups ({@code groups} = the names, {@code group.NAME} = its column families as
 * Accumulo encodes them in {@code table.group.NAME}).
 * {@link #importTable} creates the table with those splits, iterators and groups and loads the files: on Accumulo
 * with a bulk import ({@code importDirectory}) of copies, on the embedded engine through
 * {@link Store#bulkLoad}. The directory is left unchanged by an import.
 */
public final class TableTransfer {
  public static final String META = "tabulo-table.properties";
  static final String FORMAT = "tabulo-export-1";
  private static final Configuration HADOOP_CONF = new Configuration(false);

  private TableTransfer() {}

  /** What an export or import moved. */
  public record Summary(String table, long entries, int files, int tablets) {}

  private static FileSystem localFs() {
    try {
      RawLocalFileSystem fs = new RawLocalFileSystem(); // no .crc side files
      fs.initialize(URI.create("file:///"), HADOOP_CONF);
      return fs;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---------------------------------------------------------------- export

  /** Writes TABLE into DIR, which must not exist or be empty. Entries the user cannot read are not exported. */
  public static Summary export(Store store, String table, Path dir) {
    if (!store.exists(table)) {
      throw new TabuloException("no such table: " + table);
    }
    try {
      if (Files.exists(dir)) {
        if (!Files.isDirectory(dir)) {
          throw new TabuloException("export directory " + dir + " is not a directory");
        }
        try (Stream<Path> s = Files.list(dir)) {
          if (s.findAny().isPresent()) {
            throw new TabuloException("export directory " + dir + " is not empty");
          }
        }
      }
      Path parent = dir.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      PrivateFiles.createDirectories(dir); // the export holds labelled cells: as private as the database
      PrivateFiles.restrictDirectory(dir);
    } catch (IOException e) {
      throw new TabuloException("cannot create export directory " + dir + ": " + e.getMessage(), e);
    }
    List<String> splits = new ArrayList<>(store.splits(table));
    List<byte[]> splitBytes = new ArrayList<>();
    for (String s : splits) {
      splitBytes.add(s.getBytes(StandardCharsets.UTF_8));
    }
    splitBytes.sort(Arrays::compareUnsigned);
    Properties meta = new Properties();
    meta.setProperty("format", FORMAT);
    meta.setProperty("table", table);
    meta.setProperty("splits", Integer.toString(splits.size()));
    for (int i = 0; i < splitBytes.size(); i++) {
      meta.setProperty("split." + i, new String(splitBytes.get(i), StandardCharsets.UTF_8));
    }
    int n = 0;
    for (IteratorScope scope : IteratorScope.values()) {
      for (IteratorSetting is : store.iterators(table, scope)) {
        String p = "iterator." + n++ + ".";
        meta.setProperty(p + "scope", scope.name());
        meta.setProperty(p + "name", is.getName());
        meta.setProperty(p + "priority", Integer.toString(is.getPriority()));
        meta.setProperty(p + "class", is.getIteratorClass());
        for (Entry<String, String> o : is.getOptions().entrySet()) {
          meta.setProperty(p + "opt." + o.getKey(), o.getValue());
        }
      }
    }
    meta.setProperty("iterators", Integer.toString(n));
    Map<String, Set<ByteSequence>> groups = new TreeMap<>();
    store.localityGroups(table).forEach((name, families) -> {
      Set<ByteSequence> f = new HashSet<>();
      families.forEach(cf -> f.add(new ArrayByteSequence(cf.getBytes(StandardCharsets.UTF_8))));
      groups.put(name, f);
      meta.setProperty("group." + name, LocalityGroupUtil.encodeColumnFamilies(
          families.stream().map(Text::new).collect(Collectors.toSet())));
    });
    meta.setProperty("groups", String.join(",", groups.keySet()));

    long entries = 0;
    List<String> files = new ArrayList<>();
    int tablet = -1;
    RFileWriter writer = null;
    byte[] lastRow = null;
    try (Scan scan = store.scan(table, ScanSpec.all())) {
      for (Entry<Key, Value> e : scan) {
        Key k = e.getKey();
        ByteSequence row = k.getRowData();
        if (lastRow == null || !sameRow(row, lastRow)) {
          lastRow = row.toArray();
          int t = tabletIndex(splitBytes, lastRow);
          if (t != tablet) {
            if (writer != null) {
              writer.close();
            }
            tablet = t;
            String name = tablet + ".rf";
            files.add(name);
            writer = new RFileWriter(Channels.newOutputStream(PrivateFiles.open(dir.resolve(name),
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)), RFileWriter.DEFAULT_BLOCK_SIZE,
                RFileWriter.DEFAULT_INDEX_BLOCK_SIZE, groups);
          }
        }
        writer.append(k, e.getValue());
        entries++;
      }
      if (writer != null) {
        writer.close();
        writer = null;
      }
    } catch (IOException e) {
      throw new TabuloException("cannot write export of table " + table + " to " + dir + ": " + e.getMessage(), e);
    } finally {
      if (writer != null) {
        try {
          writer.close();
        } catch (IOException | RuntimeException ignored) {
          // the export failed anyway
        }
      }
    }
    meta.setProperty("files", String.join(",", files));
    meta.setProperty("entries", Long.toString(entries));
    Path tmp = dir.resolve(META + ".tmp");
    try (Writer w = new java.io.BufferedWriter(Channels.newWriter(PrivateFiles.open(tmp, StandardOpenOption.CREATE,
        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE), StandardCharsets.UTF_8))) {
      meta.store(w, "tabulo export of table " + table);
    } catch (IOException e) {
      throw new TabuloException("cannot write " + dir.resolve(META) + ": " + e.getMessage(), e);
    }
    try {
      Files.move(tmp, dir.resolve(META), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new TabuloException("cannot write " + dir.resolve(META) + ": " + e.getMessage(), e);
    }
    return new Summary(table, entries, files.size(), splits.size() + 1);
  }

  private static boolean sameRow(ByteSequence row, byte[] last) {
    return row.length() == last.length && Arrays.equals(row.getBackingArray(), row.offset(),
        row.offset() + row.length(), last, 0, last.length);
  }

  /** Tablet i holds rows in (split[i-1], split[i]]. */
  private static int tabletIndex(List<byte[]> splits, byte[] row) {
    int lo = 0;
    int hi = splits.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(splits.get(mid), row) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  // ---------------------------------------------------------------- import

  /** The parsed metadata of an export directory. */
  record Exported(SortedSet<String> splits, List<TableSettings.AttachedIterator> iterators,
      Map<String, Set<String>> groups, List<String> files, long entries) {}

  static Exported read(Path dir) {
    Path metaFile = dir.resolve(META);
    if (!Files.isRegularFile(metaFile)) {
      throw new TabuloException(dir + " is not a tabulo export directory (no " + META + ")");
    }
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(metaFile, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException | IllegalArgumentException e) {
      throw new TabuloException("cannot read " + metaFile + ": " + e.getMessage(), e);
    }
    if (!FORMAT.equals(p.getProperty("format"))) {
      throw new TabuloException(metaFile + ": unknown format " + p.getProperty("format") + " (expected "
          + FORMAT + ")");
    }
    try {
      SortedSet<String> splits = new TreeSet<>();
      int ns = Integer.parseInt(p.getProperty("splits", "0"));
      for (int i = 0; i < ns; i++) {
        splits.add(Objects.requireNonNull(p.getProperty("split." + i), "split." + i));
      }
      // one setting per (name, priority, class, options), with the scopes it is configured at
      Map<String, TableSettings.AttachedIterator> its = new LinkedHashMap<>();
      int ni = Integer.parseInt(p.getProperty("iterators", "0"));
      for (int i = 0; i < ni; i++) {
        String pre = "iterator." + i + ".";
        IteratorScope scope = IteratorScope.valueOf(Objects.requireNonNull(p.getProperty(pre + "scope"), pre + "scope"));
        String name = Objects.requireNonNull(p.getProperty(pre + "name"), pre + "name");
        int priority = Integer.parseInt(p.getProperty(pre + "priority"));
        String cls = Objects.requireNonNull(p.getProperty(pre + "class"), pre + "class");
        Map<String, String> opts = new TreeMap<>();
        for (String k : p.stringPropertyNames()) {
          if (k.startsWith(pre + "opt.")) {
            opts.put(k.substring(pre.length() + 4), p.getProperty(k));
          }
        }
        String id = name + "\0" + priority + "\0" + cls + "\0" + opts;
        TableSettings.AttachedIterator a = its.get(id);
        if (a == null) {
          its.put(id, new TableSettings.AttachedIterator(new IteratorSetting(priority, name, cls, opts),
              EnumSet.of(scope)));
        } else {
          a.scopes().add(scope);
        }
      }
      Map<String, Set<String>> groups = new TreeMap<>();
      for (String name : p.getProperty("groups", "").split(",")) {
        if (!name.isEmpty()) {
          String encoded = Objects.requireNonNull(p.getProperty("group." + name), "group." + name);
          Set<String> families = new TreeSet<>();
          for (ByteSequence cf : LocalityGroupUtil.decodeColumnFamilies(encoded)) {
            families.add(new String(cf.toArray(), StandardCharsets.UTF_8));
          }
          groups.put(name, families);
        }
      }
      List<String> files = new ArrayList<>();
      for (String f : p.getProperty("files", "").split(",")) {
        if (!f.isEmpty()) {
          if (f.contains("/") || !f.endsWith(".rf")) {
            throw new TabuloException(metaFile + ": bad file name " + f);
          }
          if (!Files.isRegularFile(dir.resolve(f))) {
            throw new TabuloException("export directory " + dir + " lacks " + f);
          }
          files.add(f);
        }
      }
      return new Exported(splits, new ArrayList<>(its.values()), groups, files,
          Long.parseLong(p.getProperty("entries", "-1"))); // -1: not recorded
    } catch (NumberFormatException | NullPointerException | LocalityGroupUtil.LocalityGroupConfigurationError e) {
      throw new TabuloException(metaFile + ": malformed (" + e.getMessage() + ")", e);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(metaFile + ": malformed (" + e.getMessage() + ")", e);
    }
  }

  private static boolean isDefaultVersioning(TableSettings.AttachedIterator a) {
    IteratorSetting s = a.setting();
    Map<String, String> o = s.getOptions();
    return s.getName().equals("vers") && s.getPriority() == 20
        && s.getIteratorClass().equals(VersioningIterator.class.getName())
        && a.scopes().equals(EnumSet.allOf(IteratorScope.class))
        && (o.isEmpty() || (o.size() == 1 && "1".equals(o.get("maxVersions"))));
  }

  /**
   * Creates TABLE (which must not exist) from an export directory and loads its entries, all or nothing:
   * the settings are checked first (iterator classes and options), the entries go into a temporary table
   * that is renamed to TABLE only when every file has been read whole and their count matches the export's,
   * so a corrupt file or a bad iterator leaves no table behind.
   */
  public static Summary importTable(Store store, String table, Path dir) {
    TableNames.checkUserTable(table);
    Exported ex = read(dir);
    if (store.exists(table)) {
      throw new TabuloException("table " + table + " already exists");
    }
    TableSettings settings = TableSettings.defaults().splits(ex.splits());
    boolean defaultVers = ex.iterators().stream().anyMatch(TableTransfer::isDefaultVersioning);
    if (!defaultVers) {
      settings.keepAllVersions();
    }
    for (TableSettings.AttachedIterator a : ex.iterators()) {
      if (!(defaultVers && isDefaultVersioning(a))) {
        settings.iterator(a.setting(), a.scopes());
      }
    }
    ex.groups().forEach(settings::localityGroup);
    long entries = 0;
    try (Workspace workspace = Workspace.open(store, table)) {
      String staging = workspace.create("import", settings);
      if (!ex.files().isEmpty()) {
        if (store.importsFilesWhole()) {
          entries = load(null, null, dir, ex.files()); // the host would take a damaged file: read each first
          checkCount(dir, ex, entries);
          store.importFiles(staging, dir, ex.files());
        } else {
          entries = load(store, staging, dir, ex.files());
          checkCount(dir, ex, entries);
        }
      }
      store.rename(staging, table);
    }
    return new Summary(table, entries, ex.files().size(), ex.splits().size() + 1);
  }

  private static void checkCount(Path dir, Exported ex, long entries) {
    if (ex.entries() >= 0 && entries != ex.entries()) {
      throw new TabuloException("export directory " + dir + " is damaged: its files hold " + entries
          + " entries, " + META + " says " + ex.entries());
    }
  }

  /**
   * Reads the files (in tablet order: together they are sorted) whole, bulk-loading their entries into
   * TABLE unless {@code store} is null; returns how many there were. A file that cannot be read is named.
   */
  private static long load(Store store, String table, Path dir, List<String> files) {
    List<String> sorted = new ArrayList<>(files);
    sorted.sort(Comparator.comparingInt(f -> Integer.parseInt(f.substring(0, f.length() - 3))));
    long n = 0;
    SortedLoader loader = store == null ? null : store.bulkLoad(table);
    try {
      for (String f : sorted) {
        String path = dir.resolve(f).toAbsolutePath().toString();
        try (org.apache.accumulo.core.client.Scanner s = RFile.newScanner().from(path).withFileSystem(localFs())
            .withoutSystemIterators().build()) {
          for (Entry<Key, Value> e : s) {
            if (loader != null) {
              loader.append(e.getKey(), e.getValue());
            }
            n++;
          }
        } catch (TabuloException e) {
          throw e;
        } catch (RuntimeException e) {
          throw new TabuloException("export directory " + dir + ": " + f + " is not a readable RFile: "
              + rootCause(e), e);
        }
      }
      if (loader != null) {
        loader.close();
        loader = null;
      }
      return n;
    } finally {
      if (loader != null) {
        try {
          loader.close(); // the temporary table is deleted anyway
        } catch (RuntimeException suppressed) {
          // the first failure is the one to report
        }
      }
    }
  }

  private static String rootCause(Throwable e) {
    Throwable t = TabuloException.rootCause(e);
    return t == e ? String.valueOf(e.getMessage()) : t.getClass().getSimpleName() + ": " + t.getMessage();
  }
}
