package tabulo.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map.Entry;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

import tabulo.iterators.AcrossLabelsCombiner;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;

/**
 * Turns an existing table into a newly computed content as one atomic load: the difference between what
 * the caller reads of {@code target} and {@code content} (both read with the session's authorizations).
 * A cell the caller reads that the content lacks or holds otherwise is deleted (its exact key, label
 * included), in the load's first run; a content cell the target lacks is added, in the second run (one
 * timestamp later, so that it outlives a delete of the same key). Cells the caller cannot read are never
 * named, so they stay exactly as they were (Accumulo's model: a writer affects only what it sees), and
 * cells that do not change are not rewritten. A table whose readers see folds across labels
 * ({@link AcrossLabelsCombiner}) is compared part by part, as stored. The target is never missing nor half
 * written: the load publishes everything together, or nothing. Both tables are read once per run (twice in
 * all) rather than the second run's cells held in memory.
 */
final class InPlaceUpdate {
  private InPlaceUpdate() {}

  /** Writes into {@code target} what turns the caller's view of it into {@code content}. */
  static void apply(Session session, String content, String target) {
    Store store = session.store();
    ScanSpec spec = ScanSpec.all().auths(session.auths());
    for (IteratorSetting it : store.iterators(target, IteratorScope.scan)) {
      if (it.getIteratorClass().equals(AcrossLabelsCombiner.class.getName())) {
        spec.iterator(AcrossLabelsCombiner.partsOf(it)); // the stored parts, not the folds that readers see
      }
    }
    SortedLoader loader = store.atomicLoad(target);
    boolean done = false;
    try {
      // run 0: the target's cells the content does not hold as they are
      diff(store, spec, target, content, (k, v) -> {
        Key delete = new Key(k);
        delete.setDeleted(true);
        loader.append(delete, new Value(new byte[0]));
      });
      loader.nextRun();
      // run 1: the content's cells the target does not hold as they are
      diff(store, spec, content, target, loader::append);
      done = true;
    } finally {
      if (done) {
        loader.close();
      } else {
        loader.abort();
      }
    }
  }

  private interface CellOut {
    void put(Key key, Value value);
  }

  /** Hands every cell of {@code from} whose key and versions {@code other} does not hold alike to {@code out}. */
  private static void diff(Store store, ScanSpec spec, String from, String other, CellOut out) {
    try (Scan a = store.scan(from, spec); Scan b = store.scan(other, spec)) {
      Groups ga = new Groups(a.iterator());
      Groups gb = new Groups(b.iterator());
      gb.next();
      while (ga.next()) {
        int c = 1;
        while (gb.current != null
            && (c = gb.current.compareTo(ga.current, PartialKey.ROW_COLFAM_COLQUAL_COLVIS)) < 0) {
          gb.next();
        }
        if (c == 0 && ga.sameValues(gb)) {
          continue;
        }
        for (int i = 0; i < ga.values.size(); i++) {
          out.put(ga.keys.get(i), new Value(ga.values.get(i)));
        }
      }
    }
  }

  /** A scan's cells grouped by key without timestamp (the versions a table keeps), copied. */
  private static final class Groups {
    private final Iterator<Entry<Key, Value>> cells;
    private Entry<Key, Value> pending;
    Key current;
    final List<Key> keys = new ArrayList<>();
    final List<byte[]> values = new ArrayList<>();

    Groups(Iterator<Entry<Key, Value>> cells) {
      this.cells = cells;
      advance();
    }

    private void advance() {
      pending = null;
      if (cells.hasNext()) {
        Entry<Key, Value> e = cells.next();
        pending = java.util.Map.entry(new Key(e.getKey()), new Value(e.getValue().get(), true));
      }
    }

    /** Moves to the next group; false (and no current group) at the end. */
    boolean next() {
      keys.clear();
      values.clear();
      current = null;
      if (pending == null) {
        return false;
      }
      current = pending.getKey();
      while (pending != null && pending.getKey().equals(current, PartialKey.ROW_COLFAM_COLQUAL_COLVIS)) {
        keys.add(pending.getKey());
        values.add(pending.getValue().get());
        advance();
      }
      return true;
    }

    boolean sameValues(Groups o) {
      if (values.size() != o.values.size()) {
        return false;
      }
      for (int i = 0; i < values.size(); i++) {
        if (!Arrays.equals(values.get(i), o.values.get(i))) {
          return false;
        }
      }
      return true;
    }
  }
}
