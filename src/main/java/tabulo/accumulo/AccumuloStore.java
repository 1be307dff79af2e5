package tabulo.accumulo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.NamespaceNotFoundException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.ScannerBase;
import org.apache.accumulo.core.client.TableDeletedException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.client.security.SecurityErrorCode;
import org.apache.accumulo.core.clientImpl.ClientContext;
import org.apache.accumulo.core.data.Column;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.kernel.KernelHost;
import tabulo.storage.SortedLoader;
import tabulo.storage.StampedLoader;
import tabulo.storage.IteratorCheck;
import tabulo.storage.Store;
import tabulo.storage.TableInfo;
import tabulo.iterators.AcrossLabelsCombiner;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * {@link Store} on an Apache Accumulo 2.1 instance, through an {@link AccumuloClient}.
 *
 * <p>Notes on the mapping:
 * <ul>
 * <li>{@link #tables()} hides the {@code accumulo.} system namespace (metadata, root, replication).
 * <li>{@link #create} refuses iterators whose name or priority clashes at a scope (including with
 * the default {@code vers} iterator at priority 20), and returns once every tablet is hosted, so
 * the first writer does not stall in the batch writer's one-second retry.
 * <li>{@link #info(String)} flushes the table first (waiting), then sums the per-file entry counts
 * and sizes recorded in {@code accumulo.metadata}. Accumulo keeps no cheap count of in-memory
 * entries, so flushing is the honest way to include them. Files written by a flush or compaction
 * have already been through the table's minc/majc iterators (versioning, combiners), so the entry
 * count is "entries stored in files", which can be lower than the number of key-values written.
 * Reading the metadata table needs READ permission on it (root has it).
 * <li>Table configuration changes ({@link #attachIterator}, {@link #removeIterator}) reach the
 * tablet servers through ZooKeeper a few milliseconds later, as in Accumulo itself. Prefer
 * attaching iterators when creating the table ({@link TableSettings#iterator}).
 * <li>{@link #scan} checks the requested authorizations against the user's grant up front, so a
 * refused authorization gives a clear message instead of a server-side security error.
 * </ul>
 */
public final class AccumuloStore implements Store, KernelHost.Provider {

  /** Tables in this namespace belong to Accumulo itself and are not listed. */
  static final String SYSTEM_PREFIX = "accumulo.";
  static final String METADATA_TABLE = "accumulo.metadata";
  static final String ROOT_USER = "root";

  /**
   * Client property naming Tabulo's working directory on a file system every tablet server can read:
   * server-side kernels' credential stores go in {@code secrets/}, files for bulk loads in {@code bulk/}.
   */
  public static final String WORK_DIR_PROPERTY = "tabulo.work.dir";

  private final AccumuloClient client;
  private final boolean ownsClient;
  private final String user;
  private String workDir = defaultWorkDir();
  private String deferredImports; // null: bulk loads import at once
  private boolean deferAll; // small loads deferred too, not written through a batch writer
  private final java.util.Map<Authorizations, KernelUser> kernelUsers = new java.util.HashMap<>();
  private SpareTables spares; // made on the first plain create
  private final Set<String> made = java.util.concurrent.ConcurrentHashMap.newKeySet(); // tables this store made
  private java.util.concurrent.ExecutorService drops; // deletes discarded temporaries, in order
  private final List<java.util.concurrent.Future<?>> pendingDrops = new ArrayList<>();
  private final ServerClocks clocks;
  private final TableOpsClient tableOps; // creates, renames and deletes, leaving the client's name cache

  /** A store over a client the caller keeps ownership of: {@link #close()} leaves it open. */
  public AccumuloStore(AccumuloClient client) {
    this(client, false);
  }

  /** A store over {@code client}; if {@code closeClient}, {@link #close()} closes the client too. */
  public AccumuloStore(AccumuloClient client, boolean closeClient) {
    this.client = client;
    this.ownsClient = closeClient;
    this.user = client.whoami();
    this.clocks = new ServerClocks(client);
    this.tableOps = new TableOpsClient(client);
  }

  /**
   * Opens a store as the {@code auth.principal} of a client properties file, as every front end does
   * (the command line's {@code --accumulo}, Python's {@code connect(accumulo=...)}): a user given
   * explicitly must name that principal; {@code userParameter} names the option in the error.
   */
  public static AccumuloStore openAs(Path clientProperties, String user, String userParameter) {
    java.util.Properties p = AccumuloProps.read(clientProperties);
    String principal = p.getProperty("auth.principal", "").trim();
    if (principal.isEmpty()) {
      throw new TabuloException("Accumulo client properties file " + clientProperties + " has no auth.principal");
    }
    if (user != null && !user.equals(principal)) {
      throw new TabuloException(userParameter + " " + user + " does not match auth.principal " + principal
          + " of " + clientProperties + " (on Accumulo the user is the properties file's principal)");
    }
    return open(clientProperties);
  }

  /**
   * Opens a store from a standard {@code accumulo-client.properties} file (instance name,
   * ZooKeepers, principal and token). The store owns the client and closes it.
   */
  public static AccumuloStore open(Path clientProperties) {
    // readable, and its token registered as a secret
    String workDir = AccumuloProps.read(clientProperties).getProperty(WORK_DIR_PROPERTY);
    AccumuloClient c;
    try {
      c = Accumulo.newClient().from(clientProperties).build();
    } catch (RuntimeException e) {
      throw new TabuloException(AccumuloProps.redact("cannot connect to Accumulo with "
          + clientProperties + ": " + rootMessage(e)), e);
    }
    String principal = c.whoami();
    try {
      // table listing works without valid credentials (it reads ZooKeeper): check them up front
      c.securityOperations().getUserAuthorizations(principal);
    } catch (AccumuloSecurityException e) {
      c.close();
      throw new TabuloException(AccumuloProps.redact("Accumulo refused the credentials of user "
          + principal + " from " + clientProperties + " (" + e.getSecurityErrorCode() + ")"), e);
    } catch (AccumuloException | RuntimeException e) {
      c.close();
      throw new TabuloException(AccumuloProps.redact("cannot connect to Accumulo with "
          + clientProperties + ": " + rootMessage(e)), e);
    }
    try {
      AccumuloStore store = new AccumuloStore(c, true);
      return workDir == null ? store : store.workDir(workDir);
    } catch (RuntimeException e) {
      c.close();
      throw new TabuloException(AccumuloProps.redact("cannot connect to Accumulo with "
          + clientProperties + ": " + rootMessage(e)), e);
    }
  }

  /**
   * Tabulo's working directory (a local path or a Hadoop URI such as hdfs://...), which every tablet
   * server must be able to read: server-side kernels' short-lived credential stores and the files of
   * bulk loads go there. Defaults to a directory under the local temporary directory, which serves a
   * cluster on this machine (mini-accumulo).
   */
  public AccumuloStore workDir(String dir) {
    this.workDir = dir;
    return this;
  }

  /**
   * Large bulk loads are published as files in {@code dir} instead of imported: for kernels in tablet
   * servers, whose short-lived users may not bulk import (Accumulo has a bulk import's client read the
   * metadata table); the client imports them when the run is done.
   */
  AccumuloStore deferImports(String dir, boolean all) {
    this.deferredImports = dir;
    this.deferAll = all;
    return this;
  }

  private static String defaultWorkDir() {
    return java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "tabulo-work-" + System.getProperty("user.name"))
        .toString();
  }

  @Override
  public KernelHost kernelHost() {
    return new TabletServerKernels(this);
  }

  /** A table of this name is made (again): the kernel users' remembered grants on it are void. */
  private synchronized void forgetGrants(String table) {
    kernelUsers.values().forEach(u -> u.forget(table));
  }

  /** The kernels' user for runs with these authorizations, made on first use and dropped by {@link #close()}. */
  synchronized KernelUser kernelUser(Authorizations auths) {
    KernelUser u = kernelUsers.get(auths);
    if (u == null) {
      u = KernelUser.create(client, workDir, auths);
      kernelUsers.put(auths, u);
    }
    return u;
  }

  /** The underlying client, for host-specific operations. */
  public AccumuloClient client() {
    return client;
  }

  @Override
  public String user() {
    return user;
  }

  // ---- tables ----

  @Override
  public SortedSet<String> tables() {
    SortedSet<String> out = new TreeSet<>();
    for (String t : client.tableOperations().list()) {
      if (!t.startsWith(SYSTEM_PREFIX) && !SpareTables.isSpare(t)) {
        out.add(t);
      }
    }
    return out;
  }

  @Override
  public boolean exists(String table) {
    if (client.tableOperations().exists(table)) {
      return true;
    }
    // for a table this store made, a "no" may come from a stale name cache (TableOpsClient.awaitSeen): believed only
    // after the names are read again. Other names are not re-read: asking whether a new name is free is the
    // common case, and re-reading costs a read of every table's name.
    return made.contains(table) && tableOps.seenAfterRereads(table, true);
  }

  @Override
  public void create(String table, TableSettings settings) {
    forgetGrants(table);
    checkIteratorConflicts(table, settings);
    for (TableSettings.AttachedIterator it : settings.iterators()) {
      checkIterator(it.setting());
    }
    if (settings.splits().isEmpty() && spares().takeAs(table, settings)) {
      made.add(table);
      return;
    }
    try {
      tableOps.create(table, newTableConfiguration(settings));
      made.add(table);
      awaitHosted(table);
    } catch (TableExistsException e) {
      throw new TabuloException("table " + table + " already exists", e);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("cannot create table " + table + ": " + e.getMessage(), e);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw failure("create table", table, e);
    }
  }

  /** A spare claimed for {@code run} ({@link SpareTables#claim}): a temporary with no table operation. */
  @Override
  public String claimTemporary(String run, TableSettings settings) {
    if (!settings.splits().isEmpty()) {
      return null;
    }
    checkIteratorConflicts("(a temporary)", settings);
    for (TableSettings.AttachedIterator it : settings.iterators()) {
      checkIterator(it.setting());
    }
    String spare = spares().claim(run, settings);
    if (spare != null) {
      made.add(spare);
    }
    return spare;
  }

  /** Accumulo's form of {@code settings}. */
  static NewTableConfiguration newTableConfiguration(TableSettings settings) {
    NewTableConfiguration ntc = new NewTableConfiguration();
    if (!settings.versioning()) {
      ntc.withoutDefaultIterators();
    }
    if (!settings.splits().isEmpty()) {
      SortedSet<Text> splits = new TreeSet<>();
      for (String s : settings.splits()) {
        splits.add(new Text(s));
      }
      ntc.withSplits(splits);
    }
    if (!settings.localityGroups().isEmpty()) {
      Map<String, Set<Text>> groups = new java.util.LinkedHashMap<>();
      settings.localityGroups().forEach((name, families) -> groups.put(name,
          families.stream().map(Text::new).collect(java.util.stream.Collectors.toSet())));
      ntc.setLocalityGroups(groups);
    }
    for (TableSettings.AttachedIterator it : settings.iterators()) {
      ntc.attachIterator(it.setting(), it.scopes());
    }
    return ntc;
  }

  private synchronized SpareTables spares() {
    if (spares == null) {
      spares = new SpareTables(tableOps, user);
    }
    return spares;
  }

  /**
   * Waits until every tablet of a new table has a tablet server. Without this, the first writer
   * finds no location, and Accumulo's batch writer retries only after a second or so.
   */
  private void awaitHosted(String table) {
    try {
      client.tableOperations().locate(table, List.of(new Range()));
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      // only an optimisation: writes and scans wait for the tablets themselves
    }
  }

  /**
   * Refuses two iterators with the same name or the same priority at one scope, counting the
   * default versioning iterator ({@code vers}, priority 20). Accumulo's NewTableConfiguration checks
   * the attached iterators against each other but not against {@code vers}.
   */
  private static void checkIteratorConflicts(String table, TableSettings settings) {
    List<TableSettings.AttachedIterator> all = new ArrayList<>();
    if (settings.versioning()) {
      all.add(new TableSettings.AttachedIterator(
          new IteratorSetting(20, "vers", "org.apache.accumulo.core.iterators.user.VersioningIterator"),
          EnumSet.allOf(IteratorScope.class)));
    }
    all.addAll(settings.iterators());
    for (int i = 0; i < all.size(); i++) {
      for (int j = 0; j < i; j++) {
        IteratorSetting a = all.get(i).setting();
        IteratorSetting b = all.get(j).setting();
        EnumSet<IteratorScope> both = EnumSet.copyOf(all.get(i).scopes());
        both.retainAll(all.get(j).scopes());
        if (both.isEmpty()) {
          continue;
        }
        if (a.getName().equals(b.getName())) {
          throw new TabuloException("cannot create table " + table + ": two iterators named "
              + a.getName() + " at scope " + both.iterator().next());
        }
        if (a.getPriority() == b.getPriority()) {
          throw new TabuloException("cannot create table " + table + ": iterators " + b.getName()
              + " and " + a.getName() + " both have priority " + a.getPriority() + " at scope "
              + both.iterator().next());
        }
      }
    }
  }

  @Override
  public void delete(String table) {
    made.remove(table);
    try {
      tableOps.delete(table);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw failure("delete table", table, e);
    }
  }

  /**
   * A temporary is deleted in the background, one after another in the order given (a run's marker after
   * the temporaries it lists): a delete waits for the table's tablets to be unloaded, a quarter of a second
   * that the next operation need not wait for.
   */
  @Override
  public void discard(String table) {
    made.remove(table);
    if (!TableNames.isReserved(table)) {
      Store.super.discard(table);
      return;
    }
    synchronized (this) {
      if (drops == null) {
        drops = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
          Thread t = new Thread(r, "tabulo-table-drops");
          t.setDaemon(true);
          return t;
        });
      }
      pendingDrops.add(drops.submit(() -> {
        try {
          tableOps.delete(table);
        } catch (TableNotFoundException e) {
          // already gone
        } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
          throw failure("delete table", table, e);
        }
      }));
    }
  }

  /**
   * Deletes each cell at its own timestamp, read with every authorization the user holds (a temporary holds
   * only results of the user's reads, so every cell of it is visible to them). A delete must name a stored
   * key, so only tables whose iterators show stored keys: combiners (a combined cell has the newest
   * timestamp of its versions: its delete hides them all) and the across-labels combiner read as its parts.
   */
  @Override
  public java.util.OptionalLong emptyForReuse(String table, TableSettings settings, int atMost) {
    if (!TableNames.isReserved(table)) {
      return java.util.OptionalLong.empty();
    }
    List<IteratorSetting> partsViews = new ArrayList<>();
    for (TableSettings.AttachedIterator it : settings.iterators()) {
      String c = it.setting().getIteratorClass();
      if (c.equals(AcrossLabelsCombiner.class.getName())) {
        partsViews.add(AcrossLabelsCombiner.partsOf(it.setting()));
      } else if (!isCombiner(c)) {
        return java.util.OptionalLong.empty();
      }
    }
    List<Key> keys = new ArrayList<>();
    try (Scanner s = client.createScanner(table, authorizations(user))) {
      partsViews.forEach(s::addScanIterator);
      for (Map.Entry<Key, Value> e : s) {
        if (keys.size() == atMost) {
          return java.util.OptionalLong.empty();
        }
        keys.add(e.getKey());
      }
    } catch (TableNotFoundException e) {
      return java.util.OptionalLong.empty();
    }
    long newest = 0;
    try (SortedLoader deletes = SortedLoader.through(writer(table))) {
      for (Key k : keys) {
        k.setDeleted(true); // the same key, label and timestamp: it hides that version and older ones
        deletes.append(k, new Value(new byte[0]));
        newest = Math.max(newest, k.getTimestamp());
      }
    }
    return java.util.OptionalLong.of(newest);
  }

  /** Writers of temporaries are this process and the tablet servers' kernels: one clock when all are here. */
  @Override
  public long writerClockLagMillis() {
    return clocks.shareThisClock() ? ONE_CLOCK_LAG_MILLIS : Store.super.writerClockLagMillis();
  }

  /** With one clock for every writer: room for a small correction of it (larger ones are stepped at boot). */
  static final long ONE_CLOCK_LAG_MILLIS = 50;

  private static boolean isCombiner(String iteratorClass) {
    try {
      return org.apache.accumulo.core.iterators.Combiner.class.isAssignableFrom(Class.forName(iteratorClass));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  @Override
  public void finishDiscards() {
    List<java.util.concurrent.Future<?>> waiting;
    synchronized (this) {
      waiting = new ArrayList<>(pendingDrops);
      pendingDrops.clear();
    }
    RuntimeException first = null;
    for (java.util.concurrent.Future<?> f : waiting) {
      try {
        f.get();
      } catch (java.util.concurrent.ExecutionException e) {
        if (first == null) {
          first = e.getCause() instanceof RuntimeException r ? r : new TabuloException(e.getCause().toString(), e);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TabuloException("interrupted while deleting temporary tables", e);
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public void rename(String from, String to) {
    forgetGrants(to);
    try {
      tableOps.rename(from, to);
      made.remove(from);
      made.add(to);
    } catch (TableExistsException e) {
      throw new TabuloException("table " + to + " already exists", e);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("cannot rename table " + from + " to " + to + ": " + e.getMessage(),
          e);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw failure("rename table", from, e);
    }
  }

  @Override
  public SortedSet<String> splits(String table) {
    try {
      SortedSet<String> out = new TreeSet<>();
      for (Text t : client.tableOperations().listSplits(table)) {
        out.add(t.toString()); // Text holds UTF-8
      }
      return out;
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw failure("list splits of table", table, e);
    }
  }

  /** See the class comment: flushes the table, then reads file figures from the metadata table. */
  @Override
  public TableInfo info(String table) {
    String tableId = client.tableOperations().tableIdMap().get(table);
    if (tableId == null) {
      throw noSuchTable(table, null);
    }
    int tablets = splits(table).size() + 1;
    flush(table);
    long entries = 0;
    long bytes = 0;
    int files = 0;
    try (Scanner s = client.createScanner(METADATA_TABLE, Authorizations.EMPTY)) {
      s.setRange(new Range(new Text(tableId + ";"), true, new Text(tableId + "<"), true));
      s.fetchColumnFamily(new Text("file"));
      for (Entry<Key, Value> e : s) {
        // DataFileValue encoding: "size,entries" or "size,entries,time"
        String[] parts = e.getValue().toString().split(",");
        bytes += Long.parseLong(parts[0]);
        entries += Long.parseLong(parts[1]);
        files++;
      }
    } catch (TableNotFoundException e) {
      throw new TabuloException("cannot read " + METADATA_TABLE + " for table info: " + e.getMessage(),
          e);
    } catch (RuntimeException e) {
      throw new TabuloException("cannot read " + METADATA_TABLE + " for the info of table " + table
          + " (user " + user + " needs READ permission on it): " + rootMessage(e), e);
    }
    return new TableInfo(table, entries, tablets, files, bytes);
  }

  @Override
  public void attachIterator(String table, IteratorSetting setting, EnumSet<IteratorScope> scopes) {
    checkIterator(setting);
    try {
      client.tableOperations().attachIterator(table, setting, scopes);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("cannot attach iterator " + setting.getName() + " to table " + table
          + ": " + e.getMessage(), e);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw failure("attach iterator " + setting.getName() + " to table", table, e);
    }
  }

  /** Here when the class is on this classpath, else by the tablet servers' class loader. */
  private void checkIterator(IteratorSetting setting) {
    if (IteratorCheck.loadsHere(setting.getIteratorClass())) {
      IteratorCheck.check(setting);
      return;
    }
    boolean loads;
    try {
      loads = client.instanceOperations().testClassLoad(setting.getIteratorClass(),
          SortedKeyValueIterator.class.getName());
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new TabuloException("cannot check iterator '" + setting.getName() + "' on the tablet servers: "
          + rootMessage(e), e);
    }
    if (!loads) {
      throw new TabuloException("iterator '" + setting.getName() + "': class " + setting.getIteratorClass()
          + " is not a SortedKeyValueIterator the tablet servers can load");
    }
  }

  @Override
  public void removeIterator(String table, String name, EnumSet<IteratorScope> scopes) {
    try {
      client.tableOperations().removeIterator(table, name, scopes);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw failure("remove iterator " + name + " from table", table, e);
    }
  }

  @Override
  public List<IteratorSetting> iterators(String table, IteratorScope scope) {
    try {
      List<IteratorSetting> out = new ArrayList<>();
      for (Map.Entry<String, EnumSet<IteratorScope>> e : client.tableOperations()
          .listIterators(table).entrySet()) {
        if (e.getValue().contains(scope)) {
          IteratorSetting s = client.tableOperations().getIteratorSetting(table, e.getKey(), scope);
          if (s != null) {
            out.add(s);
          }
        }
      }
      out.sort(Comparator.comparingInt(IteratorSetting::getPriority)
          .thenComparing(IteratorSetting::getName));
      return out;
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw failure("list iterators of table", table, e);
    }
  }

  @Override
  public java.util.SortedMap<String, SortedSet<String>> localityGroups(String table) {
    try {
      java.util.SortedMap<String, SortedSet<String>> out = new java.util.TreeMap<>();
      client.tableOperations().getLocalityGroups(table).forEach((name, families) -> {
        SortedSet<String> f = new TreeSet<>();
        families.forEach(t -> f.add(t.toString()));
        out.put(name, f);
      });
      return out;
    } catch (AccumuloException | TableNotFoundException e) {
      throw failure("read the locality groups of table", table, e);
    }
  }

  @Override
  public void flush(String table) {
    try {
      client.tableOperations().flush(table, null, null, true);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw failure("flush table", table, e);
    }
  }

  @Override
  public void compact(String table) {
    try {
      client.tableOperations().compact(table, new CompactionConfig().setWait(true).setFlush(true));
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw failure("compact table", table, e);
    }
  }

  // ---- security ----

  @Override
  public void setAuthorizations(String user, Authorizations auths) {
    if (!ROOT_USER.equals(this.user)) {
      throw new TabuloException("only root may grant authorizations");
    }
    try {
      client.securityOperations().changeUserAuthorizations(user, auths);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw userFailure("grant authorizations to", user, e);
    }
  }

  @Override
  public Authorizations authorizations(String user) {
    try {
      return client.securityOperations().getUserAuthorizations(user);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw userFailure("read the authorizations of", user, e);
    }
  }

  // ---- data ----

  @Override
  public TableWriter writer(String table) {
    return onTable(table, () -> new Writer(user, table, client.createBatchWriter(table, new BatchWriterConfig())));
  }

  /** A call that names a table. */
  private interface TableCall<T> {
    T run() throws TableNotFoundException;
  }

  /**
   * Runs {@code call} on {@code table}; where the table is one this store made (a result just renamed into
   * place), a "not found" may come from a name cache another thread refilled with the old names (see
   * {@link TableOpsClient#awaitSeen}): the names are read again and the call tried once more before "no such table".
   */
  private <T> T onTable(String table, TableCall<T> call) {
    try {
      return call.run();
    } catch (TableNotFoundException e) {
      if (made.contains(table) && tableOps.seenAfterRereads(table, true)) {
        try {
          return call.run();
        } catch (TableNotFoundException again) {
          throw noSuchTable(table, again);
        }
      }
      throw noSuchTable(table, e);
    }
  }

  /** Small loads go through a batch writer; large ones become an RFile that is bulk-imported. */
  @Override
  public SortedLoader bulkLoad(String table) {
    return new AccumuloBulkLoader(this, table, workDir, deferredImports, deferAll);
  }

  /**
   * Bulk-imported files, stamped by the client's clock. A user who may not bulk import gets a batch
   * writer instead, which cannot take back what it sent: for such users a failed load may leave part.
   */
  @Override
  public SortedLoader atomicLoad(String table) {
    SortedLoader loader = mayBulkImport(client) ? AccumuloBulkLoader.filesOnly(this, table, workDir)
        : SortedLoader.through(writer(table));
    return new StampedLoader(loader, System.currentTimeMillis());
  }

  @Override
  public boolean importsFilesWhole() {
    return true;
  }

  /** Bulk-imports copies of the files, so that {@code dir} stays as it was. */
  @Override
  public void importFiles(String table, Path dir, List<String> files) {
    FileImport.copyIn(this, table, dir, files);
  }

  /**
   * Whether a client's bulk imports can work: Accumulo's client reads the instance's system configuration
   * to plan one, which only users with the System permission may.
   */
  static boolean mayBulkImport(AccumuloClient caller) {
    try {
      caller.instanceOperations().getSystemConfiguration();
      return true;
    } catch (AccumuloSecurityException e) {
      return false;
    } catch (AccumuloException e) {
      throw new TabuloException("cannot read the instance's configuration: " + rootMessage(e), e);
    }
  }

  @Override
  public Scan scan(String table, ScanSpec spec) {
    Authorizations auths = scanAuthorizations(spec.auths());
    List<Range> ranges = new ArrayList<>(Range.mergeOverlapping(spec.ranges()));
    Collections.sort(ranges);
    try {
      return onTable(table, () -> {
        if (!spec.ordered()) {
          BatchScanner bs = client.createBatchScanner(table, auths, spec.threads());
          configure(bs, spec);
          bs.setRanges(ranges);
          return new ScanResult(user, table, bs, null);
        }
        Scanner s = client.createScanner(table, auths);
        configure(s, spec);
        return new ScanResult(user, table, s, ranges);
      });
    } catch (IllegalArgumentException e) {
      throw new TabuloException("bad scan of table " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * The authorizations to scan with: the user's own grant when {@code requested} is null, else
   * {@code requested} after checking that every one of them is granted.
   */
  Authorizations scanAuthorizations(Authorizations requested) {
    Authorizations granted = authorizations(user);
    if (requested == null) {
      return granted;
    }
    for (byte[] a : requested.getAuthorizations()) {
      if (!granted.contains(a)) {
        throw new TabuloException("user " + user + " is not granted authorization '"
            + new String(a, StandardCharsets.UTF_8) + "'");
      }
    }
    return requested;
  }

  private static void configure(ScannerBase s, ScanSpec spec) {
    for (Column c : spec.columns()) {
      if (c.getColumnQualifier() == null) {
        s.fetchColumnFamily(new Text(c.getColumnFamily()));
      } else {
        s.fetchColumn(new Text(c.getColumnFamily()), new Text(c.getColumnQualifier()));
      }
    }
    for (IteratorSetting it : spec.iterators()) {
      s.addScanIterator(it);
    }
  }

  @Override
  public void close() {
    try {
      finishDiscards();
    } finally {
      closeRest();
    }
  }

  private void closeRest() {
    try {
      synchronized (this) {
        if (drops != null) {
          drops.shutdown();
        }
        if (spares != null) {
          spares.close();
        }
      }
      tableOps.close();
      dropKernelUsers();
    } finally {
      if (ownsClient) {
        client.close();
      }
    }
  }

  private synchronized void dropKernelUsers() {
    TabuloException first = null;
    for (KernelUser u : kernelUsers.values()) {
      try {
        u.close();
      } catch (TabuloException e) {
        first = first == null ? e : first;
      }
    }
    kernelUsers.clear();
    if (first != null) {
      throw first;
    }
  }

  // ---- results and writers ----

  /**
   * A scan over a Scanner (ranges read one after another, in order) or a BatchScanner (ranges set
   * up front, read in one pass). Errors raised while iterating become TabuloExceptions.
   */
  private static final class ScanResult implements Scan {
    private final String user;
    private final String table;
    private final ScannerBase scanner;
    private final List<Range> ranges; // null for a batch scanner
    private boolean iterated;

    ScanResult(String user, String table, ScannerBase scanner, List<Range> ranges) {
      this.user = user;
      this.table = table;
      this.scanner = scanner;
      this.ranges = ranges;
    }

    @Override
    public Iterator<Entry<Key, Value>> iterator() {
      if (iterated) {
        throw new IllegalStateException("a Scan can be iterated only once");
      }
      iterated = true;
      return new Iterator<>() {
        private int next = 0; // index of the next range to start
        private Iterator<Entry<Key, Value>> current = Collections.emptyIterator();

        @Override
        public boolean hasNext() {
          try {
            while (!current.hasNext()) {
              if (next >= (ranges == null ? 1 : ranges.size())) {
                return false;
              }
              if (ranges != null) {
                ((Scanner) scanner).setRange(ranges.get(next));
              }
              next++;
              current = scanner.iterator();
            }
            return true;
          } catch (TabuloException e) {
            throw e;
          } catch (RuntimeException e) {
            throw scanFailure(user, table, e);
          }
        }

        @Override
        public Entry<Key, Value> next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          try {
            return current.next();
          } catch (RuntimeException e) {
            throw scanFailure(user, table, e);
          }
        }
      };
    }

    @Override
    public void close() {
      scanner.close();
    }
  }

  private static final class Writer implements TableWriter {
    private final String user;
    private final String table;
    private final BatchWriter bw;

    Writer(String user, String table, BatchWriter bw) {
      this.user = user;
      this.table = table;
      this.bw = bw;
    }

    @Override
    public void addMutation(Mutation m) {
      try {
        bw.addMutation(m);
      } catch (MutationsRejectedException e) {
        throw rejected(e);
      } catch (IllegalArgumentException e) {
        throw new TabuloException("bad mutation for table " + table + ": " + e.getMessage(), e);
      }
    }

    @Override
    public void flush() {
      try {
        bw.flush();
      } catch (MutationsRejectedException e) {
        throw rejected(e);
      }
    }

    @Override
    public void close() {
      try {
        bw.close();
      } catch (MutationsRejectedException e) {
        throw rejected(e);
      }
    }

    private TabuloException rejected(MutationsRejectedException e) {
      if (e.getConstraintViolationSummaries().isEmpty() && e.getSecurityErrorCodes().values().stream()
          .anyMatch(codes -> codes.contains(SecurityErrorCode.PERMISSION_DENIED))) {
        return AccessDenied.lacks(user, "WRITE", table, e);
      }
      StringBuilder sb = new StringBuilder("writing to table " + table + " failed:");
      if (!e.getConstraintViolationSummaries().isEmpty()) {
        sb.append(" constraint violations ").append(e.getConstraintViolationSummaries()).append(';');
      }
      if (!e.getSecurityErrorCodes().isEmpty()) {
        TreeSet<String> codes = new TreeSet<>();
        e.getSecurityErrorCodes().values().forEach(s -> s.forEach(c -> codes.add(c.toString())));
        sb.append(" security errors ").append(codes).append(';');
      }
      if (!e.getErrorServers().isEmpty()) {
        sb.append(" errors on servers ").append(e.getErrorServers()).append(';');
      }
      if (e.getUnknownExceptions() > 0) {
        sb.append(' ').append(e.getUnknownExceptions()).append(" unknown errors;");
      }
      if (sb.charAt(sb.length() - 1) == ';') {
        sb.setLength(sb.length() - 1);
      } else {
        sb.append(' ').append(rootMessage(e));
      }
      return new TabuloException(sb.toString(), e);
    }
  }

  // ---- error mapping ----

  /**
   * An error while reading scan results. An iterator failing inside a tablet server (a combiner
   * meeting a value it cannot parse, say) reaches the client only as a generic server error; its
   * message is in that server's log.
   */
  private static TabuloException scanFailure(String user, String table, RuntimeException e) {
    Optional<TabuloException> denied = AccessDenied.of(user, "READ", table, e);
    if (denied.isPresent()) {
      return denied.get();
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      // clientImpl.AccumuloServerException is internal API: match it by name
      if (t.getClass().getSimpleName().equals("AccumuloServerException")) {
        return new TabuloException("scan of table " + table + " failed: " + t.getMessage() + ": "
            + rootMessage(e) + " (the cause is in that server's log)", e);
      }
      if (t instanceof TableDeletedException) {
        return new TabuloException("table " + table + " was deleted during the scan", e);
      }
    }
    return new TabuloException("scan of table " + table + " failed: " + rootMessage(e), e);
  }

  private static TabuloException noSuchTable(String table, Throwable cause) {
    return new TabuloException("no such table: " + table, cause);
  }

  /** Maps an Accumulo exception from an operation on {@code table} to a one-line TabuloException. */
  private TabuloException failure(String operation, String table, Exception e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TableNotFoundException || t instanceof NamespaceNotFoundException) {
        return noSuchTable(table, e);
      }
      if (t instanceof AccumuloSecurityException) {
        SecurityErrorCode code = ((AccumuloSecurityException) t).getSecurityErrorCode();
        if (code == SecurityErrorCode.TABLE_DOESNT_EXIST
            || code == SecurityErrorCode.NAMESPACE_DOESNT_EXIST) {
          return noSuchTable(table, e);
        }
        if (code == SecurityErrorCode.PERMISSION_DENIED) {
          return new TabuloException("user " + user + " may not " + operation + " " + table, e);
        }
      }
    }
    return new TabuloException("cannot " + operation + " " + table + ": " + rootMessage(e), e);
  }

  private TabuloException userFailure(String operation, String who, Exception e) {
    if (e instanceof AccumuloSecurityException) {
      SecurityErrorCode code = ((AccumuloSecurityException) e).getSecurityErrorCode();
      if (code == SecurityErrorCode.USER_DOESNT_EXIST) {
        return new TabuloException("no such user: " + who, e);
      }
      if (code == SecurityErrorCode.PERMISSION_DENIED) {
        return new TabuloException("user " + user + " may not " + operation + " user " + who, e);
      }
    }
    return new TabuloException("cannot " + operation + " user " + who + ": " + rootMessage(e), e);
  }

  /** The message of the innermost cause, which is usually the informative one. */
  static String rootMessage(Throwable e) {
    Throwable t = TabuloException.rootCause(e);
    String m = t.getMessage();
    return m == null ? t.getClass().getSimpleName() : m;
  }
}
