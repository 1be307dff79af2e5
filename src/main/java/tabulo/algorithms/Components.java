package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.ResultSplits;
import tabulo.ops.ResidentGraph;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * Connected components of the undirected structure (G ∪ G^T), by min-label propagation over numeric
 * ranks ({@link VertexRanks}): vertices are numbered 1..|V| in key order, L(v) = rank(v); each
 * round t = A0 (min.plus) F with A0 the undirected structure at weight 0 (so min.plus is the minimum over
 * neighbours' labels) and F the labels that changed last round (all of L in the first), F = the entries of
 * t below L ({@link Improvements}), L = L min F, until no label changes (the same rounds and labels as
 * pushing all of L each round, reading only the changed vertices' edges); then each rank is turned back
 * into its key: OUT(v, component) = the smallest vertex key of v's component. Values are strings, not numbers. The
 * client holds the |V| keys (never the edges); the rounds run next to the data. Rounds are at most the
 * largest component's diameter + 1 (FastSV would need fewer).
 *
 * <p>Where the kernels run in this process, G's structure is read once into arrays ({@link ResidentGraph})
 * and joined by union-find (union by the smaller root, path halving): the root of a part is its smallest
 * id, hence its smallest key; one pass over the edges, reported as one round. A graph too large for the
 * heap, a labelled one (its result cells must carry labels) and the Accumulo host propagate labels in tables.
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
    ResidentGraph held = ResidentGraph.load(g, ResidentGraph.defaultMaxEdges());
    if (held != null) {
      int[] root = unionFind(held);
      listener.iteration(1, root.length);
      held.publishVector(s, out, "components", g.table(), COLUMN, v -> held.key(root[v]));
      return 1;
    }
    Matrix zero = Graph.undirected(g).applyBindFirst(BinaryOps.FIRST, 0).temporary();
    VertexRanks ranks = VertexRanks.of(Graph.vertices(g, COLUMN), COLUMN, out, g.table());
    Matrix labels = ranks.ranks();
    // the outer product joins A0's rows with L's in one pass (A0^T L, summed per unit in the kernel), where
    // row-by-row would copy A0 transposed every round (L is as large as the vertex set, never small)
    MxmOptions step = MxmOptions.defaults().transposeA(true).semiring(Semirings.MIN_PLUS)
        .algorithm(MxmOptions.Algorithm.OUTER);
    Matrix frontier = labels; // the labels that changed last round: only they can lower a neighbour's
    int round = 0;
    for (long changed = -1; changed != 0;) {
      round++;
      Matrix t = zero.mxm(frontier, step).temporary();
      if (frontier != labels) {
        Graph.drop(frontier);
      }
      frontier = Improvements.of(t, labels);
      Graph.drop(t);
      changed = Graph.entries(frontier);
      listener.iteration(round, changed);
      if (round > ranks.size() + 1) { // labels only shrink, so |V| rounds always settle them
        throw new IllegalStateException("components: labels still change after " + round + " rounds");
      }
      if (changed != 0) {
        labels = Graph.replace(labels, labels.ewiseAdd(frontier, BinaryOps.MIN).temporary());
      }
    }
    Graph.drop(frontier);
    String named = s.workspace(out).create("components", TableSettings.defaults().splits(ResultSplits.of(s.store(), g.table())));
    ranks.writeKeys(labels, COLUMN, named);
    s.store().rename(named, out);
    return round;
  }

  /** Each vertex's part as its smallest vertex id (edges joined in either direction; self-loops change nothing). */
  static int[] unionFind(ResidentGraph g) {
    int[] parent = new int[g.vertices()];
    for (int v = 0; v < parent.length; v++) {
      parent[v] = v;
    }
    int[] offsets = g.offsets();
    int[] targets = g.targets();
    for (int u = 0; u < parent.length; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        int a = find(parent, u);
        int b = find(parent, targets[k]);
        if (a < b) {
          parent[b] = a;
        } else if (b < a) {
          parent[a] = b;
        }
      }
    }
    for (int v = 0; v < parent.length; v++) {
      parent[v] = parent[parent[v]]; // roots are smaller than their members, so one pass in id order flattens
    }
    return parent;
  }

  private static int find(int[] parent, int v) {
    while (parent[v] != v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  }
}
