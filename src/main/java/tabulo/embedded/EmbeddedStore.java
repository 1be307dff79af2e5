package tabulo.embedded;

import tabulo.util.PrivateFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.user.VersioningIterator;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.IteratorCheck;
import tabulo.storage.Store;
import tabulo.storage.TableInfo;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * The embedded host: a database in a local directory, written by one process at a time (it holds the
 * lock on {@code LOCK}) and read by any number of read-only processes beside it, as SQLite's WAL mode:
 * a reader sees each table as committed when it first opens it (manifest, files and logs, hard-linked
 * by {@link ReaderRegistration} so that compactions cannot delete them under it), and changes nothing.
 * Layout: {@code CATALOG} (tables and users), {@code LOCK}, {@code tables/ID/} per table, and
 * {@code readers/} (the registrations and snapshots of read-only processes).
 */
public final class EmbeddedStore implements Store {
  public static final String ROOT = "root";
  /** What a {@link #sideFile} name ends with: no name the engine gives a file of its own does. */
  static final String SIDE_FILE_SUFFIX = ".side";

  private final Path dir;
  private final String user;
  private final EngineOptions options;
  private final FileChannel lockChannel; // null when read-only
  private final FileLock lock; // null when read-only
  private final ReaderRegistration reader; // null when writing
  private final Catalog catalog; // guarded by this
  private final Map<String, Table> openTables = new HashMap<>(); // by id, guarded by this
  private final Background background = new Background();
  private boolean closed;

  private EmbeddedStore(Path dir, String user, EngineOptions options, FileChannel lockChannel, FileLock lock,
      ReaderRegistration reader, Catalog catalog) {
    this.dir = dir;
    this.reader = reader;
    this.user = user;
    this.options = options;
    this.lockChannel = lockChannel;
    this.lock = lock;
    this.catalog = catalog;
  }

  public static EmbeddedStore open(Path dir, String user) {
    return open(dir, user, EngineOptions.defaults());
  }

  /**
   * Opens the database in {@code dir} on behalf of {@code user}, creating it when {@code dir} is new (in an
   * existing folder) or empty; see {@link #checkOrCreateFolder}.
   */
  public static EmbeddedStore open(Path dir, String user, EngineOptions options) {
    if (user == null || user.isEmpty()) {
      throw new TabuloException("user name must not be empty");
    }
    FileChannel ch = null;
    try {
      checkOrCreateFolder(dir);
      PrivateFiles.createDirectories(dir.resolve("tables"));
      ch = PrivateFiles.open(dir.resolve("LOCK"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        ch.close();
        throw new TabuloException("database " + dir + " is in use by another process");
      }
      Catalog catalog = Catalog.loadOrCreate(dir);
      removeUncataloguedTables(dir, catalog);
      ReaderRegistration.removeDead(dir);
      EmbeddedStore store = new EmbeddedStore(dir, user, options, ch, lock, null, catalog);
      store.cleanInterruptedLoads();
      return store;
    } catch (IOException e) {
      closeQuietly(ch);
      throw new TabuloException("cannot open database " + dir + ": " + describe(e), e);
    }
  }

  /** What creating a database writes before its catalog: all an interrupted creation can have left. */
  private static final Set<String> BEFORE_CATALOG = Set.of("tables", "LOCK", Catalog.FILE_NAME + ".tmp");

  /**
   * A database folder, or one to create a database in: a new database is made only as the last level of an
   * existing folder (a mistyped path must not grow a tree of folders) or in an empty folder (or one an
   * interrupted creation left); any other folder without a catalog is refused, as opening would take it
   * over (and delete what looked like tables).
   */
  private static void checkOrCreateFolder(Path dir) throws IOException {
    if (exists(dir)) {
      return;
    }
    if (Files.isDirectory(dir)) {
      try (Stream<Path> entries = Files.list(dir)) {
        if (entries.allMatch(EmbeddedStore::leftBeforeCatalog)) {
          return;
        }
      }
      throw new TabuloException("cannot open database " + dir + ": it is not a Tabulo database (it has no "
          + Catalog.FILE_NAME + ") and not empty; give the folder of a database, or a new or empty one");
    }
    Path parent = dir.getParent(); // null: the working folder
    if (parent != null && !Files.exists(parent)) {
      throw new TabuloException("cannot create database " + dir + ": folder " + parent + " does not exist (a new "
          + "database is made only inside an existing folder)");
    }
    PrivateFiles.createDirectories(dir); // one level; a file of that name fails here
  }

  private static boolean leftBeforeCatalog(Path entry) {
    String name = entry.getFileName().toString();
    if (!BEFORE_CATALOG.contains(name)) {
      return false;
    }
    if (!name.equals("tables")) {
      return true;
    }
    try (Stream<Path> tables = Files.list(entry)) {
      return tables.findAny().isEmpty(); // tables without a catalog: a lost catalog, not a new database
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether {@code dir} holds a database (its catalog), so that it can be opened read-only. */
  public static boolean exists(Path dir) {
    return Files.isRegularFile(dir.resolve(Catalog.FILE_NAME));
  }

  public static EmbeddedStore openReadOnly(Path dir, String user) {
    return openReadOnly(dir, user, EngineOptions.defaults());
  }

  /**
   * Opens the existing database in {@code dir} read-only, beside its writer if one is running: takes no
   * lock that excludes anyone, replays logs into memory only, and refuses every change.
   */
  public static EmbeddedStore openReadOnly(Path dir, String user, EngineOptions options) {
    if (user == null || user.isEmpty()) {
      throw new TabuloException("user name must not be empty");
    }
    if (!Files.exists(dir.resolve(Catalog.FILE_NAME))) {
      throw new TabuloException("no database at " + dir + " (it has no " + Catalog.FILE_NAME + ")");
    }
    ReaderRegistration reader = null;
    try {
      reader = ReaderRegistration.register(dir);
      ReaderRegistration.removeDead(dir);
      return new EmbeddedStore(dir, user, options, null, null, reader, Catalog.load(dir));
    } catch (IOException e) {
      closeQuietly(reader);
      throw new TabuloException("cannot open database " + dir + " read-only: " + describe(e), e);
    }
  }

  /** Whether this store was opened read-only ({@link #openReadOnly}). */
  public boolean readOnly() {
    return reader != null;
  }

  private void checkWritable(String what) {
    checkOpen();
    if (reader != null) {
      throw new TabuloException("database " + dir + " is open read-only: cannot " + what);
    }
  }

  /** java.nio names only the file in these exceptions; say what went wrong with it. */
  private static String describe(IOException e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied: " + e.getMessage();
    }
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file or directory: " + e.getMessage();
    }
    if (e instanceof java.nio.file.FileAlreadyExistsException) {
      return "exists and is not a directory: " + e.getMessage();
    }
    return e.getMessage();
  }

  /** A crash between writing a table's directory and the catalog (or the reverse on delete) leaves one. */
  /**
   * Opens each table a killed bulk load was writing, which removes the files its manifest does not name
   * (the load's), so they do not wait for the table's next use.
   */
  private void cleanInterruptedLoads() throws IOException {
    for (Path marker : LoadMarkers.left(dir)) {
      String id = LoadMarkers.tableId(marker);
      String name = catalog.tables.entrySet().stream().filter(e -> e.getValue().equals(id))
          .map(Map.Entry::getKey).findFirst().orElse(null);
      try {
        if (name != null) {
          table(name);
        }
        LoadMarkers.end(marker);
      } catch (TabuloException e) {
        // a table that cannot open is reported by the commands that use it; its marker stays for later
      }
    }
  }

  private static void removeUncataloguedTables(Path dir, Catalog catalog) throws IOException {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir.resolve("tables"))) {
      for (Path p : ds) {
        if (!catalog.tables.containsValue(p.getFileName().toString())) {
          deleteRecursively(p);
        }
      }
    }
  }

  @Override
  public String user() {
    return user;
  }

  public Path directory() {
    return dir;
  }

  // ---------------------------------------------------------------- tables

  @Override
  public synchronized SortedSet<String> tables() {
    checkOpen();
    return new TreeSet<>(catalog.tables.keySet());
  }

  @Override
  public synchronized boolean exists(String table) {
    checkOpen();
    return catalog.tables.containsKey(table);
  }

  @Override
  public synchronized void create(String table, TableSettings settings) {
    checkWritable("create table " + table);
    checkName(table);
    if (catalog.tables.containsKey(table)) {
      throw new TabuloException("table " + table + " already exists");
    }
    List<byte[]> splits = new ArrayList<>();
    for (String s : settings.splits()) {
      if (s.isEmpty()) {
        throw new TabuloException("split points of table " + table + " must not be empty");
      }
      splits.add(s.getBytes(StandardCharsets.UTF_8));
    }
    splits.sort(java.util.Arrays::compareUnsigned);
    TableManifest manifest = TableManifest.create(splits);
    if (settings.versioning()) {
      IteratorSetting vers = new IteratorSetting(20, "vers", VersioningIterator.class);
      VersioningIterator.setMaxVersions(vers, 1);
      addIterator(manifest, table, vers, EnumSet.allOf(IteratorScope.class));
    }
    for (TableSettings.AttachedIterator it : settings.iterators()) {
      IteratorCheck.check(it.setting());
      addIterator(manifest, table, it.setting(), it.scopes());
    }
    manifest.properties.putAll(LocalityGroupProperties.of(table, settings.localityGroups()));
    String id = Long.toString(catalog.nextTableId, 36);
    boolean scratch = TableNames.isReserved(table);
    if (scratch) {
      // a temporary: neither its files nor its catalog entry are synced until it is made durable
      ScratchTables.add(tableDir(id));
    }
    try {
      Table.create(tableDir(id), manifest);
      catalog.nextTableId++;
      catalog.tables.put(table, id);
      if (scratch) {
        catalog.unsaved.add(table);
      } else {
        catalog.save(dir);
      }
    } catch (IOException e) {
      catalog.tables.remove(table);
      throw new TabuloException("cannot create table " + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized void delete(String table) {
    checkWritable("delete table " + table);
    String id = idOf(table);
    Table t = openTables.remove(id);
    try {
      if (t != null) {
        t.close();
      }
      catalog.tables.remove(table);
      if (!catalog.unsaved.remove(table)) {
        catalog.save(dir);
      }
      deleteRecursively(tableDir(id));
      ScratchTables.remove(tableDir(id));
    } catch (IOException e) {
      throw new TabuloException("cannot delete table " + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized void rename(String from, String to) {
    checkWritable("rename table " + from);
    String id = idOf(from);
    checkName(to);
    if (catalog.tables.containsKey(to)) {
      throw new TabuloException("table " + to + " already exists");
    }
    try {
      if (!TableNames.isReserved(to)) {
        ScratchTables.makeDurable(tableDir(id)); // published: durable before the catalog names it
      }
    } catch (IOException e) {
      throw new TabuloException("cannot rename table " + from + ": " + e.getMessage(), e);
    }
    boolean unsaved = catalog.unsaved.remove(from);
    catalog.tables.remove(from);
    catalog.tables.put(to, id);
    try {
      if (unsaved && ScratchTables.holds(tableDir(id))) {
        catalog.unsaved.add(to); // one temporary renamed to another: still this process's alone
      } else {
        catalog.save(dir);
      }
    } catch (IOException e) {
      catalog.tables.remove(to);
      catalog.tables.put(from, id);
      if (unsaved) {
        catalog.unsaved.add(from);
      }
      throw new TabuloException("cannot rename table " + from + ": " + e.getMessage(), e);
    }
    Table t = openTables.get(id);
    if (t != null) {
      t.renamed(to);
    }
  }

  @Override
  public SortedSet<String> splits(String table) {
    SortedSet<String> out = new TreeSet<>();
    for (byte[] s : table(table).splits()) {
      out.add(new String(s, StandardCharsets.UTF_8));
    }
    return out;
  }

  @Override
  public List<byte[]> sampleRows(String table, int count) {
    try {
      return table(table).sampleRows(count);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the file indexes of table " + table, e);
    }
  }

  @Override
  public TableInfo info(String table) {
    Table t = table(table);
    Table.Sizes sizes = t.sizes();
    return new TableInfo(table, sizes.entries(), t.tabletCount(), sizes.files(), sizes.bytes());
  }

  @Override
  public String contentVersion(String table) {
    Table t = table(table);
    String v = t.contentVersion();
    return v == null ? null : t.tableId().canonical() + "-" + v;
  }

  @Override
  public Path sideFile(String table, String name) {
    if (!name.matches("[A-Za-z0-9-]+")) {
      throw new IllegalArgumentException("a side file's name is letters, digits and '-': " + name);
    }
    return tableDir(idOf(table)).resolve(name + SIDE_FILE_SUFFIX);
  }

  @Override
  public void attachIterator(String table, IteratorSetting setting, EnumSet<IteratorScope> scopes) {
    checkWritable("attach an iterator to table " + table);
    Table t = table(table);
    IteratorCheck.check(setting); // fail now, not at every later scan, if the class or its options are wrong
    t.commit(m -> addIterator(m, table, setting, scopes));
  }

  private static void addIterator(TableManifest m, String table, IteratorSetting setting,
      EnumSet<IteratorScope> scopes) {
    for (IteratorScope scope : scopes) {
      for (IteratorSetting existing : m.iterators.get(scope)) {
        if (existing.getName().equals(setting.getName())) {
          throw new TabuloException("table " + table + " already has an iterator named '" + setting.getName()
              + "' at scope " + scope);
        }
        if (existing.getPriority() == setting.getPriority()) {
          throw new TabuloException("table " + table + ": iterator '" + setting.getName() + "' has priority "
              + setting.getPriority() + ", already used by '" + existing.getName() + "' at scope " + scope);
        }
      }
    }
    for (IteratorScope scope : scopes) {
      List<IteratorSetting> list = m.iterators.get(scope);
      list.add(setting);
      list.sort(Comparator.comparingInt(IteratorSetting::getPriority));
    }
  }

  @Override
  public void removeIterator(String table, String name, EnumSet<IteratorScope> scopes) {
    checkWritable("remove an iterator from table " + table);
    table(table).commit(m -> scopes.forEach(s -> m.iterators.get(s).removeIf(i -> i.getName().equals(name))));
  }

  @Override
  public List<IteratorSetting> iterators(String table, IteratorScope scope) {
    return table(table).iterators(scope);
  }

  @Override
  public java.util.SortedMap<String, SortedSet<String>> localityGroups(String table) {
    return LocalityGroupProperties.names(table(table).localityGroups());
  }

  @Override
  public void flush(String table) {
    checkWritable("flush table " + table);
    try {
      table(table).flush();
    } catch (IOException e) {
      throw new TabuloException("cannot flush table " + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized void makeDurable(String table) {
    checkWritable("sync table " + table);
    String id = idOf(table);
    try {
      ScratchTables.makeDurable(tableDir(id));
      if (catalog.unsaved.remove(table)) {
        try {
          catalog.save(dir); // its files first, then the entry that names them
        } catch (IOException | RuntimeException e) {
          catalog.unsaved.add(table); // not saved: still this process's alone
          throw e;
        }
      }
    } catch (IOException e) {
      throw new TabuloException("cannot sync table " + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void compact(String table) {
    checkWritable("compact table " + table);
    try {
      table(table).compact();
    } catch (IOException e) {
      throw new TabuloException("cannot compact table " + table + ": " + e.getMessage(), e);
    } catch (UncheckedIOException e) { // from a file reader: a damaged file names itself, this the table
      throw new TabuloException("cannot compact table " + table + ": " + TabuloException.reason(e.getCause()), e);
    }
  }

  // ---------------------------------------------------------------- integrity

  /**
   * Salvages the write-ahead logs of a table that does not open because one is damaged (see
   * {@link LogRepair}), checks the rest of its files as {@code verify} does (damage there it cannot mend),
   * then opens the table, which replays what was salvaged into a sorted file.
   */
  public synchronized RepairReport repair(String table) {
    checkWritable("repair table " + table);
    String id = idOf(table);
    if (openTables.containsKey(id)) {
      return new RepairReport(table, List.of(), null, List.of()); // it opened: its logs were read whole
    }
    List<RepairReport.Log> logs;
    try {
      logs = LogRepair.repairTable(tableDir(id));
    } catch (IOException e) {
      throw new TabuloException("cannot repair table " + table + ": " + describe(e), e);
    }
    // before the open: once open, its compactions could replace files while they are checked
    Verifier verifier = new Verifier(dir);
    verifier.table(table, tableDir(id), options);
    List<VerifyReport.Damage> unmended = verifier.report(1).damage();
    String openError = null;
    try {
      table(table);
    } catch (TabuloException e) {
      openError = e.getMessage();
    }
    return new RepairReport(table, logs, openError, unmended);
  }

  /** Checks the files of one table (or of every table when null) without changing anything. */
  public synchronized VerifyReport verify(String table) {
    checkOpen();
    List<String> names = table == null ? new ArrayList<>(new TreeSet<>(catalog.tables.keySet())) : List.of(table);
    Verifier v = new Verifier(dir);
    for (String name : names) {
      Path tableDir = tableDir(idOf(name));
      Path snapshot = null;
      if (reader != null) {
        try {
          snapshot = reader.snapshot(tableDir, name);
        } catch (IOException e) {
          snapshot = null; // a damaged manifest, say: the verifier reads it where it is and reports it
        }
      }
      v.table(name, snapshot == null ? tableDir : snapshot, tableDir, options);
    }
    return v.report(names.size());
  }

  // ---------------------------------------------------------------- security

  @Override
  public synchronized void setAuthorizations(String forUser, Authorizations auths) {
    checkWritable("set authorizations");
    if (!ROOT.equals(user)) {
      throw new TabuloException("only root may set authorizations (you are " + user + ")");
    }
    if (forUser == null || forUser.isEmpty()) {
      throw new TabuloException("user name must not be empty");
    }
    SortedSet<String> set = new TreeSet<>();
    for (byte[] a : auths.getAuthorizations()) {
      set.add(new String(a, StandardCharsets.UTF_8));
    }
    SortedSet<String> before = catalog.users.put(forUser, set);
    try {
      catalog.save(dir);
    } catch (IOException e) {
      if (before == null) {
        catalog.users.remove(forUser);
      } else {
        catalog.users.put(forUser, before);
      }
      throw new TabuloException("cannot save authorizations: " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized Authorizations authorizations(String forUser) {
    checkOpen();
    return new Authorizations(catalog.authorizations(forUser).toArray(new String[0]));
  }

  // ---------------------------------------------------------------- data

  @Override
  public TableWriter writer(String table) {
    checkWritable("write to table " + table);
    return new EmbeddedWriter(table(table));
  }

  @Override
  public SortedLoader bulkLoad(String table) {
    checkWritable("load into table " + table);
    return new EmbeddedBulkLoader(table(table), false);
  }

  @Override
  public SortedLoader atomicLoad(String table) {
    checkWritable("load into table " + table);
    return new EmbeddedBulkLoader(table(table), true);
  }

  @Override
  public Scan scan(String table, ScanSpec spec) {
    Table t = table(table);
    return new EmbeddedScan(t, spec, scanAuthorizations(spec.auths()));
  }

  private synchronized Authorizations scanAuthorizations(Authorizations requested) {
    SortedSet<String> granted = catalog.authorizations(user);
    if (requested == null) {
      return new Authorizations(granted.toArray(new String[0]));
    }
    for (byte[] a : requested.getAuthorizations()) {
      String s = new String(a, StandardCharsets.UTF_8);
      if (!granted.contains(s)) {
        throw new TabuloException("user " + user + " is not granted authorization '" + s + "'"
            + (granted.isEmpty() ? " (user has no authorizations)" : " (granted: " + String.join(",", granted) + ")"));
      }
    }
    return requested;
  }

  // ---------------------------------------------------------------- plumbing

  private synchronized Table table(String name) {
    String id = idOf(name);
    Table t = openTables.get(id);
    if (t == null) {
      try {
        t = reader == null ? Table.open(tableDir(id), id, name, background, options)
            : Table.openSnapshot(tableDir(id), reader.snapshot(tableDir(id), name), id, name, options);
      } catch (IOException e) {
        throw new TabuloException("cannot open table " + name + ": " + e.getMessage(), e);
      }
      openTables.put(id, t);
    }
    return t;
  }

  private String idOf(String table) {
    checkOpen();
    String id = catalog.tables.get(table);
    if (id == null) {
      throw new TabuloException("no such table: " + table);
    }
    return id;
  }

  private static void checkName(String table) {
    TableNames.check(table);
  }


  private Path tableDir(String id) {
    return dir.resolve("tables").resolve(id);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("store " + dir + " is closed");
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    background.shutdown();
    try {
      for (Table t : openTables.values()) {
        t.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      openTables.clear();
      closed = true;
      if (lock != null) {
        try {
          lock.release();
        } catch (IOException e) {
          // the lock goes with the channel
        }
      }
      closeQuietly(lockChannel);
      closeQuietly(reader);
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception e) {
        // nothing to recover
      }
    }
  }

  static void deleteRecursively(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(p)) {
      for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(q);
      }
    }
  }
}
