package tabulo.storage;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.SortedSet;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.Authorizations;

/**
 * The storage interface every Tabulo host implements: the embedded engine and (later) Accumulo.
 * Kernels and commands talk only to this, so they run unchanged on either host.
 *
 * A store is opened on behalf of one user; scans run with that user's authorizations or a subset.
 * User mistakes (unknown table, authorization not granted, ...) raise {@link TabuloException}.
 */
public interface Store extends AutoCloseable {

  /** The user this store acts for. */
  String user();

  // ---- tables ----

  /** Table names, sorted. */
  SortedSet<String> tables();

  boolean exists(String table);

  /** Creates a table with the given split points and iterators (the default versioning iterator is added). */
  void create(String table, TableSettings settings);

  void delete(String table);

  /**
   * A table made ahead with {@code settings} that the run whose marker table is {@code run} now holds
   * alone, named in the reserved name space, or null when the host keeps none (the caller creates its
   * temporary itself). The caller records it as its temporary at once.
   */
  default String claimTemporary(String run, TableSettings settings) {
    return null;
  }

  /**
   * Deletes, if it exists, a table nobody reads again (a run's temporary, in the reserved name space). A host
   * whose deletes are slow may do it in the background; {@link #finishDiscards} waits for those.
   */
  default void discard(String table) {
    if (exists(table)) {
      delete(table);
    }
  }

  /**
   * Empties a run's temporary made with {@code settings} so that the run may write it again as if new, where
   * that is cheaper than deleting it and making another: returns the newest timestamp it held (a writer's
   * cells must be newer to be seen; this process's clock), or empty when the host does not, the settings
   * do not allow it, or the table holds more than {@code atMost} cells (the table is then unchanged).
   */
  default java.util.OptionalLong emptyForReuse(String table, TableSettings settings, int atMost) {
    return java.util.OptionalLong.empty();
  }

  /**
   * How far behind this process's clock a writer of this host may stamp cells: an emptied temporary
   * ({@link #emptyForReuse}) is written again only once this much later than its newest deleted cell, so
   * that no new cell is stamped at or before a delete (which would hide it). By default a second, for
   * writers on other machines whose clocks may lag; a host whose writers share this machine's clock needs
   * only a little, against small corrections of the clock.
   */
  default long writerClockLagMillis() {
    return 1_000;
  }

  /** Returns once every {@link #discard}ed table is gone; throws the first failure to delete one. */
  default void finishDiscards() {}

  void rename(String from, String to);

  SortedSet<String> splits(String table);

  /**
   * Up to {@code count} sorted, distinct rows that cut the table's data into parts of roughly equal size,
   * for a reader that scans the parts in parallel; empty when the host cannot tell cheaply. By default
   * the table's splits (a host's tablets); the embedded engine reads its files' indexes.
   */
  default java.util.List<byte[]> sampleRows(String table, int count) {
    java.util.List<byte[]> rows = new java.util.ArrayList<>();
    for (String s : splits(table)) {
      rows.add(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    return rows;
  }

  TableInfo info(String table);

  /** Attaches an iterator at the given scopes, as Accumulo's {@code attachIterator}; persisted with the table. */
  void attachIterator(String table, IteratorSetting setting, EnumSet<IteratorScope> scopes);

  void removeIterator(String table, String name, EnumSet<IteratorScope> scopes);

  /** Iterators configured on the table for one scope, sorted by priority. */
  List<IteratorSetting> iterators(String table, IteratorScope scope);

  /**
   * The table's locality groups: group name to its column families (as UTF-8 strings), groups in name
   * order; empty when it has none.
   */
  java.util.SortedMap<String, java.util.SortedSet<String>> localityGroups(String table);

  /** Writes every table's buffered data to sorted files; returns when they are durable. */
  void flush(String table);

  /**
   * Makes {@code table} and everything written to it durable now, as a rename to a user name does: for a
   * temporary about to replace a user's table, or one that must outlive a crash (a workspace's marker); the
   * embedded engine writes temporaries' files and catalog entries without fsync.
   */
  default void makeDurable(String table) {}

  /** Major-compacts every tablet of the table into one file, applying majc iterators; waits for it. */
  void compact(String table);

  /**
   * A token for what a scan of {@code table} sees now, for a cache derived from its contents: while the
   * token stays equal, so do the table's cells, iterators and settings; any write, load, compaction,
   * iterator change, or a delete and re-create under the same name gives another token (a rename keeps
   * it). Null when the host cannot tell cheaply, or while the table holds writes not yet in its files: the
   * caller then reads the table. Null by default (Accumulo).
   */
  default String contentVersion(String table) {
    return null;
  }

  /**
   * Where a cache derived from {@code table}'s contents may be kept as a file named {@code name} (letters,
   * digits and '-'): beside the table's data, deleted with the table, kept through renames. The host never
   * reads it, so whoever writes it records {@link #contentVersion} in it and checks it before use; a
   * temporary {@code name.tmp} beside it is removed when the table is next opened. Null by default: the
   * host keeps none (Accumulo).
   */
  default Path sideFile(String table, String name) {
    return null;
  }

  // ---- security ----

  /** Grants exactly these authorizations to the user (replacing earlier grants). Only the root user may. */
  void setAuthorizations(String user, Authorizations auths);

  Authorizations authorizations(String user);

  // ---- data ----

  /** A writer buffering mutations for one table; flush/close return once the data is durable. */
  TableWriter writer(String table);

  /**
   * A bulk loader for entries in key order. This default sends them through a writer; hosts with a
   * faster path (writing sorted files directly) override it.
   */
  default SortedLoader bulkLoad(String table) {
    return SortedLoader.through(writer(table));
  }

  /**
   * A loader for one command's cells that lands all of them or none: runs in key order (separated by
   * {@link SortedLoader#nextRun()}) are staged and become visible together when the loader is closed; an
   * append that fails, an {@link SortedLoader#abort()} or a failed close leaves the table as it was. The
   * host stamps the cells as it stamps written ones (the timestamps given are ignored): newer than what
   * the table holds, each run newer than the one before: a cell of a later run wins over one with the
   * same key in an earlier run, as a later write would (within a run, the first of equal keys wins, as
   * in a sorted file; a combiner sees them all).
   */
  SortedLoader atomicLoad(String table);

  /**
   * Whether this host takes sorted RFiles into a table whole, by {@link #importFiles}, without their entries
   * passing through this process (Accumulo's bulk import). False by default: the caller loads the entries.
   */
  default boolean importsFilesWhole() {
    return false;
  }

  /**
   * Adds the RFiles {@code files} of {@code dir} (together sorted, as an export writes them) to TABLE as they
   * are, leaving {@code dir} as it was. Only for hosts whose {@link #importsFilesWhole()} is true: the host
   * does not read the files, so the caller checks them first.
   */
  default void importFiles(String table, Path dir, List<String> files) {
    throw new UnsupportedOperationException("this host does not import files whole: load their entries");
  }

  /** Scans a table through its iterator stack. The result must be closed. */
  Scan scan(String table, ScanSpec spec);

  /** How many entries the scan shows, counting no further than {@code limit} (reading at most that many). */
  default long countUpTo(String table, ScanSpec spec, long limit) {
    long n = 0;
    try (Scan s = scan(table, spec)) {
      for (var it = s.iterator(); n < limit && it.hasNext(); it.next()) {
        n++;
      }
    }
    return n;
  }

  /** Convenience: all of a table's visible entries, for small tables and tests. */
  default List<Entry<Key, Value>> scanAll(String table, ScanSpec spec) {
    try (Scan s = scan(table, spec)) {
      List<Entry<Key, Value>> out = new java.util.ArrayList<>();
      for (Entry<Key, Value> e : s) {
        out.add(Map.entry(new Key(e.getKey()), new Value(e.getValue())));
      }
      return out;
    }
  }

  @Override
  void close();
}
