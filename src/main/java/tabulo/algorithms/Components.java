package tabulo.algorithms;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentComponents;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.VertexValues;
import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.ResultSplits;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.TableSettings;

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
 * <p>Where G can be held in memory ({@link Resident}), {@link ResidentComponents} joins its arrays by
 * union-find instead (one pass, reported as one round).
 */
public final class Components {
  public static final String COLUMN = "component";

  /** {@code listener} hears each round and the labels it changed. */
  public record Options(IterationListener listener) {
    public static Options defaults() {
      return new Options(IterationListener.NONE);
    }

    public Options listener(IterationListener l) {
      return new Options(l);
    }
  }

  private Components() {}

  /**
   * Each vertex's component over G held in memory ({@link Resident}), as its smallest key, without a
   * table: null where G is not held, and then {@link #run} computes in tables.
   */
  public static VertexValues components(Matrix g, Options o) {
    ResidentGraph held = Resident.graphFor(g);
    return held == null ? null : ResidentComponents.components(held, o.listener());
  }

  /** The components of G into {@code out}; returns the rounds run. */
  public static int run(Matrix g, Target out, Options o) {
    Session s = g.session();
    Output.checkNew(s, out, true);
    ResidentGraph held = Output.plain(out) ? Resident.graphFor(g) : null;
    if (held != null) {
      return ResidentComponents.run(held, g, out.table(), o.listener());
    }
    Matrix zero = Graph.undirected(g).applyBindFirst(BinaryOps.FIRST, 0).temporary();
    VertexRanks ranks = VertexRanks.of(Graph.vertices(g, COLUMN), COLUMN, out.table(), g.table());
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
      changed = frontier.nvals();
      o.listener().iteration(round, changed);
      if (round > ranks.size() + 1) { // labels only shrink, so |V| rounds always settle them
        throw new IllegalStateException("components: labels still change after " + round + " rounds");
      }
      if (changed != 0) {
        labels = Graph.replace(labels, labels.ewiseAdd(frontier, BinaryOps.MIN).temporary());
      }
    }
    Graph.drop(frontier);
    String named = s.workspace(out.table()).create("components",
        TableSettings.defaults().splits(ResultSplits.of(s.store(), g.table())));
    ranks.writeKeys(labels, COLUMN, named);
    Output.publish(s, named, out);
    return round;
  }
}
