package tabulo.storage;

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

  void rename(String from, String to);

  SortedSet<String> splits(String table);

  TableInfo info(String table);

  /** Attaches an iterator at the given scopes, as Accumulo's {@code attachIterator}; persisted with the table. */
  void attachIterator(String table, IteratorSetting setting, EnumSet<IteratorScope> scopes);

  void removeIterator(String table, String name, EnumSet<IteratorScope> scopes);

  /** Iterators configured on the table for one scope, sorted by priority. */
  List<IteratorSetting> iterators(String table, IteratorScope scope);

  /** Writes every table's buffered data to sorted files; returns when they are durable. */
  void flush(String table);

  /** Major-compacts every tablet of the table into one file, applying majc iterators; waits for it. */
  void compact(String table);

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
   * A bulk load whose entries appear all together or not at all, even if this process is killed during
   * it: for entries that must not be applied twice or in part (sums). Embedded: one manifest commit, as
   * {@link #bulkLoad}; Accumulo: always one imported file, however few the entries (an import is all or
   * nothing: once submitted, Accumulo finishes it even if the client dies).
   */
  SortedLoader atomicBulkLoad(String table);

  /** Scans a table through its iterator stack. The result must be closed. */
  Scan scan(String table, ScanSpec spec);

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
