package tabulo.algorithms;

import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * Connected components of the undirected structure (G ∪ G^T), by min-label propagation over numeric
 * ranks: vertices are numbered 1..|V| in key order (one scan of the vertex vector), L(v) = rank(v); each
 * round L = L min (A0 (min.plus) L) with A0 the undirected structure at weight 0 (so min.plus is the
 * minimum over neighbours' labels), until no label changes; then each rank is turned back into its key:
 * OUT(v, component) = the smallest vertex key of v's component. Values are strings, not numbers. The
 * client holds the |V| keys (never the edges); the rounds run next to the data. Rounds are at most the
 * largest component's diameter + 1 (FastSV would need fewer).
 */
public final class Components {
  public static final String COLUMN = "component";

  private Components() {}

  /** The components of G into the new table {@code out}; returns the rounds run. */
  public static int run(Matrix g, String out, IterationListener listener) {
    Session s = g.session();
    if (s.store().exists(out)) {
      throw new TabuloException("table exists: " + out);
    }
    Matrix zero = Graph.undirected(g).applyBindFirst(BinaryOps.FIRST, 0).temporary();
    Matrix vertices = Graph.vertices(g, COLUMN);
    List<String> keys = new ArrayList<>();
    String ranks = s.workspace(out).create("ranks", TableSettings.defaults().splits(s.store().splits(g.table())));
    try (TableWriter w = s.store().writer(ranks)) {
      for (Entry<Key, Value> e : s.store().scanAll(vertices.table(), ScanSpec.all().auths(s.auths()))) {
        String v = e.getKey().getRow().toString();
        if (keys.isEmpty() || !keys.get(keys.size() - 1).equals(v)) {
          keys.add(v); // a vertex held in parts under several labels comes once per part, in key order
        }
        Mutation m = new Mutation(v);
        m.put("", COLUMN, new ColumnVisibility(e.getKey().getColumnVisibilityData().toArray()),
            new Value(s.codec().encode(keys.size())));
        w.addMutation(m);
      }
    }
    Matrix labels = s.matrix(ranks);
    MxmOptions step = MxmOptions.defaults().transposeA(true).semiring(Semirings.MIN_PLUS);
    int round = 0;
    for (long changed = -1; changed != 0;) {
      round++;
      Matrix t = zero.mxm(labels, step).temporary();
      Matrix less = t.ewiseMult(labels, BinaryOps.LT).temporary();
      changed = Math.round(less.reduce(Monoids.PLUS));
      listener.iteration(round, changed);
      if (round > keys.size() + 1) { // labels only shrink, so |V| rounds always settle them
        throw new IllegalStateException("components: labels still change after " + round + " rounds");
      }
      if (changed != 0) {
        labels = Graph.replace(labels, labels.ewiseAdd(t, BinaryOps.MIN).temporary());
      }
      Graph.drop(t);
      Graph.drop(less);
    }
    String named = s.workspace(out).create("components", TableSettings.defaults().splits(s.store().splits(g.table())));
    try (TableWriter w = s.store().writer(named)) {
      for (Entry<Key, Value> e : s.store().scanAll(labels.table(), ScanSpec.all().auths(s.auths()))) {
        int rank = (int) s.codec().decode(e.getValue().get());
        Mutation m = new Mutation(e.getKey().getRow());
        m.put("", COLUMN, new ColumnVisibility(e.getKey().getColumnVisibilityData().toArray()),
            new Value(keys.get(rank - 1)));
        w.addMutation(m);
      }
    }
    s.store().rename(named, out);
    return round;
  }
}
