package tabulo.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Column;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iteratorsImpl.system.DeletingIterator;
import org.apache.accumulo.core.iteratorsImpl.system.EmptyIterator;
import org.apache.accumulo.core.iterators.user.VersioningIterator;
import org.apache.accumulo.core.iteratorsImpl.system.ColumnFamilySkippingIterator;
import org.apache.accumulo.core.iteratorsImpl.system.ColumnQualifierFilter;
import org.apache.accumulo.core.iteratorsImpl.system.VisibilityFilter;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.storage.TabuloException;

/**
 * Builds the iterator stacks a tablet server builds: the merged sources, Accumulo's own system iterators
 * (deletes, column selection, visibility), then the table's and the scan's iterators by priority.
 */
final class IteratorStack {
  private static final byte[] NO_DEFAULT_VISIBILITY = new byte[0];
  private static final Map<String, Class<? extends SortedKeyValueIterator>> CLASSES = new ConcurrentHashMap<>();

  private IteratorStack() {}

  static SortedKeyValueIterator<Key, Value> merge(List<SortedKeyValueIterator<Key, Value>> sources) {
    if (sources.isEmpty()) {
      return new EmptyIterator();
    }
    return sources.size() == 1 ? sources.get(0) : new MergingIterator(sources);
  }

  /**
   * The stack of a scan: Accumulo's system iterators (deletes, column selection, visibility) with the
   * scan's columns and authorizations, then user iterators. Iterators that would pass every entry of
   * these sources through unchanged are left out: the delete filter without deletes, the visibility
   * filter without labels, the default versioning iterator without several versions of a column.
   */
  static SortedKeyValueIterator<Key, Value> forScan(List<SortedKeyValueIterator<Key, Value>> sources,
      SourceTraits traits, Set<Column> columns, Authorizations auths, List<IteratorSetting> tableIterators,
      List<IteratorSetting> scanIterators, IteratorEnvironment env) throws IOException {
    SortedKeyValueIterator<Key, Value> it = merge(sources);
    if (traits.deletes()) {
      it = DeletingIterator.wrap(it, false, DeletingIterator.Behavior.PROCESS);
    }
    if (!columns.isEmpty()) {
      it = ColumnQualifierFilter.wrap(new ColumnFamilySkippingIterator(it), columns);
    }
    if (traits.labels()) {
      it = VisibilityFilter.wrap(it, auths, NO_DEFAULT_VISIBILITY);
    }
    return applyUserIterators(it, withoutNoOps(combine(tableIterators, scanIterators), traits), env);
  }

  /**
   * Whether the stack {@link #forScan} builds for these settings is the plain one: the merged sources, the
   * delete and visibility filters and at most the default versioning iterator (needed or not), no column
   * selection, no other iterator. {@link NewestVisibleCells} computes what it yields over cells read in place.
   */
  static boolean isNewestVisible(SourceTraits traits, Set<Column> columns, List<IteratorSetting> tableIterators,
      List<IteratorSetting> scanIterators) {
    if (!columns.isEmpty()) {
      return false;
    }
    List<IteratorSetting> user = withoutNoOps(combine(tableIterators, scanIterators), traits);
    return user.isEmpty() ? !traits.versions() : user.size() == 1 && isDefaultVersioning(user.get(0));
  }

  /** Accumulo's default "keep the newest version" iterator, and nothing more. */
  static boolean isDefaultVersioning(IteratorSetting s) {
    Map<String, String> opts = s.getOptions();
    return s.getIteratorClass().equals(VersioningIterator.class.getName())
        && (opts.isEmpty() || (opts.size() == 1 && "1".equals(opts.get("maxVersions"))));
  }

  /**
   * The stack of a compaction: deletes are kept unless every file of the tablet is being merged
   * (older files could still hold what they delete), then the scope's iterators.
   */
  static SortedKeyValueIterator<Key, Value> forCompaction(List<SortedKeyValueIterator<Key, Value>> sources,
      SourceTraits traits, boolean dropDeletes, List<IteratorSetting> iterators, IteratorEnvironment env)
      throws IOException {
    SortedKeyValueIterator<Key, Value> it = merge(sources);
    if (traits.deletes()) {
      it = DeletingIterator.wrap(it, !dropDeletes, DeletingIterator.Behavior.PROCESS);
    }
    return applyUserIterators(it, withoutNoOps(iterators, traits), env);
  }

  /** Leaves out the default versioning iterator where no column has several versions. */
  private static List<IteratorSetting> withoutNoOps(List<IteratorSetting> iterators, SourceTraits traits) {
    return traits.versions() ? iterators : iterators.stream().filter(s -> !isDefaultVersioning(s)).toList();
  }

  /** Table iterators overlaid by scan-time ones: a scan iterator of the same name replaces the table's options. */
  static List<IteratorSetting> combine(List<IteratorSetting> table, List<IteratorSetting> scan) {
    if (scan.isEmpty()) {
      return table;
    }
    Map<String, IteratorSetting> byName = new LinkedHashMap<>();
    for (IteratorSetting s : table) {
      byName.put(s.getName(), s);
    }
    for (IteratorSetting s : scan) {
      IteratorSetting existing = byName.get(s.getName());
      if (existing != null) {
        Map<String, String> opts = new LinkedHashMap<>(existing.getOptions());
        opts.putAll(s.getOptions());
        byName.put(s.getName(), new IteratorSetting(existing.getPriority(), existing.getName(),
            existing.getIteratorClass(), opts));
      } else {
        byName.put(s.getName(), s);
      }
    }
    List<IteratorSetting> all = new ArrayList<>(byName.values());
    all.sort(Comparator.comparingInt(IteratorSetting::getPriority));
    return all;
  }

  static SortedKeyValueIterator<Key, Value> applyUserIterators(SortedKeyValueIterator<Key, Value> source,
      List<IteratorSetting> settings, IteratorEnvironment env) throws IOException {
    SortedKeyValueIterator<Key, Value> top = source;
    for (IteratorSetting s : settings) {
      SortedKeyValueIterator<Key, Value> it = instantiate(s);
      it.init(top, s.getOptions(), env);
      top = it;
    }
    return top;
  }

  @SuppressWarnings("unchecked")
  static SortedKeyValueIterator<Key, Value> instantiate(IteratorSetting s) {
    try {
      Class<? extends SortedKeyValueIterator> c = CLASSES.computeIfAbsent(s.getIteratorClass(), name -> {
        try {
          return Class.forName(name, true, IteratorStack.class.getClassLoader())
              .asSubclass(SortedKeyValueIterator.class);
        } catch (ClassNotFoundException | ClassCastException e) {
          throw new TabuloException("iterator '" + s.getName() + "': class " + name
              + (e instanceof ClassCastException ? " is not a SortedKeyValueIterator" : " not found"));
        }
      });
      return c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new TabuloException("iterator '" + s.getName() + "': cannot instantiate " + s.getIteratorClass()
          + ": " + e, e);
    }
  }
}
