package tabulo.storage;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

/** Options for creating a table: split points and iterators to attach. */
public final class TableSettings {
  /** An iterator and the scopes it applies at. */
  public record AttachedIterator(IteratorSetting setting, EnumSet<IteratorScope> scopes) {}

  private final SortedSet<String> splits = new TreeSet<>();
  private final List<AttachedIterator> iterators = new ArrayList<>();
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
}
