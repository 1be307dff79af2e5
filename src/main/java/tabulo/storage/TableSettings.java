package tabulo.storage;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

/** Options for creating a table: split points, iterators to attach and locality groups. */
public final class TableSettings {
  /** An iterator and the scopes it applies at. */
  public record AttachedIterator(IteratorSetting setting, EnumSet<IteratorScope> scopes) {}

  private final SortedSet<String> splits = new TreeSet<>();
  private final List<AttachedIterator> iterators = new ArrayList<>();
  private final Map<String, Set<String>> localityGroups = new LinkedHashMap<>();
  private boolean versioning = true;

  public static TableSettings defaults() {
    return new TableSettings();
  }

  public TableSettings splits(Iterable<String> points) {
    points.forEach(splits::add);
    return this;
  }

  public TableSettings iterator(IteratorSetting setting, EnumSet<IteratorScope> scopes) {
    iterators.add(new AttachedIterator(setting, scopes));
    return this;
  }

  public TableSettings iterator(IteratorSetting setting) {
    return iterator(setting, EnumSet.allOf(IteratorScope.class));
  }

  /**
   * A locality group: the table stores the cells of these column families apart from the others, so a scan
   * that fetches only some families reads only their groups (Accumulo's {@code setLocalityGroups}).
   */
  public TableSettings localityGroup(String name, Set<String> families) {
    localityGroups.put(name, Set.copyOf(families));
    return this;
  }

  /** Group name to its column families, in the order given. */
  public Map<String, Set<String>> localityGroups() {
    return localityGroups;
  }

  /** Keep every version instead of only the newest (drops the default versioning iterator). */
  public TableSettings keepAllVersions() {
    versioning = false;
    return this;
  }

  public SortedSet<String> splits() {
    return splits;
  }

  public List<AttachedIterator> iterators() {
    return iterators;
  }

  public boolean versioning() {
    return versioning;
  }

  /** These settings as one canonical line: equal settings, equal lines (iterator options and sets sorted). */
  public String canonical() {
    StringBuilder b = new StringBuilder(versioning ? "v" : "-");
    for (AttachedIterator it : iterators) {
      b.append("|i ").append(it.setting().getName()).append(' ').append(it.setting().getPriority()).append(' ')
          .append(it.setting().getIteratorClass()).append(' ').append(new java.util.TreeMap<>(it.setting().getOptions()))
          .append(' ').append(new TreeSet<>(it.scopes()));
    }
    new java.util.TreeMap<>(localityGroups).forEach((g, families) ->
        b.append("|g ").append(g).append(' ').append(new TreeSet<>(families)));
    splits.forEach(split -> b.append("|s ").append(split));
    return b.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableSettings t && canonical().equals(t.canonical());
  }

  @Override
  public int hashCode() {
    return canonical().hashCode();
  }
}
