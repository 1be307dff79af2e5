package tabulo.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

import tabulo.storage.Store;

/**
 * The split points of a table computed from another (an operation's result, an algorithm's temporaries):
 * the other's own, but at most {@value #MAX_SPLITS} of them, taken evenly. Each tablet costs every table
 * made like it (a manifest line saved on each load, a file per tablet a load touches, a kernel run each),
 * whatever it holds, so an input split into tens of thousands of tablets must not pass that on to every
 * temporary of an iteration. A result still lines up with its input (each of its tablets is a run of the
 * input's), and Accumulo splits a tablet that grows.
 */
public final class ResultSplits {
  static final int MAX_SPLITS = 64;

  private ResultSplits() {}

  /** The split points for a table computed from {@code table}. */
  public static SortedSet<String> of(Store store, String table) {
    SortedSet<String> all = store.splits(table);
    if (all.size() <= MAX_SPLITS) {
      return all;
    }
    List<String> list = new ArrayList<>(all);
    TreeSet<String> kept = new TreeSet<>();
    for (int k = 1; k <= MAX_SPLITS; k++) {
      kept.add(list.get((int) ((long) k * list.size() / (MAX_SPLITS + 1))));
    }
    return kept;
  }
}
