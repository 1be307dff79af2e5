package tabulo.algorithms;

import tabulo.ops.Matrix;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.select.KeySpec;
import tabulo.storage.TabuloException;

/**
 * Breadth-first levels, LAGraph's BFS (level and parent variants, push only) with Graphulo's AdjBFS
 * degree filter: OUT(v, level) = hops from the nearest source, sources 0, reached vertices only. Each
 * round next&lt;!struct(OUT)&gt; = A^T frontier over plus.pair (A^T v reads only A's rows at the frontier's
 * keys), then OUT = OUT ∪ level·next ({@link LevelSearch}'s loop). With a degree filter the frontier is
 * first cut to the vertices whose out-degree lies in [min, max] (the others are reached but not
 * expanded, as in AdjBFS). With {@link Options#parents} OUT(v, parent) = the smallest key of a vertex one
 * level up with an edge to v (sources: themselves): the same hop over min.second on key-order ranks.
 */
public final class Bfs {
  public static final String COLUMN = "level";
  /** OUT's column holding a vertex's parent key with {@link Options#parents}. */
  public static final String PARENT = LevelSearch.PARENT;

  /** What to search: the sources (a D4M selection of vertex keys), hop limit, degree filter, direction. */
  public static final class Options {
    KeySpec from = KeySpec.all();
    String fromText = ":";
    int hops = Integer.MAX_VALUE;
    double minDegree = Double.NEGATIVE_INFINITY;
    double maxDegree = Double.POSITIVE_INFINITY;
    boolean undirected;
    boolean parents;
    IterationListener listener = IterationListener.NONE;

    public static Options from(String spec) {
      Options o = new Options();
      o.from = KeySpec.parse(spec);
      o.fromText = spec;
      return o;
    }

    public Options hops(int k) {
      if (k < 0) {
        throw new TabuloException("--hops must be at least 0, got " + k);
      }
      this.hops = k;
      return this;
    }

    public Options minDegree(double d) {
      this.minDegree = d;
      return this;
    }

    public Options maxDegree(double d) {
      this.maxDegree = d;
      return this;
    }

    public Options undirected(boolean u) {
      this.undirected = u;
      return this;
    }

    /** Also OUT(v, parent): the smallest key of a vertex one level up with an edge to v; sources their own. */
    public Options parents(boolean p) {
      this.parents = p;
      return this;
    }

    public Options listener(IterationListener l) {
      this.listener = l;
      return this;
    }

    boolean filtersDegrees() {
      return minDegree != Double.NEGATIVE_INFINITY || maxDegree != Double.POSITIVE_INFINITY;
    }
  }

  private Bfs() {}

  /** Runs the search on G into the new table {@code out}; returns the number of levels reached past the sources. */
  public static int run(Matrix g, String out, Options o) {
    if (g.session().store().exists(out)) {
      throw new TabuloException("table exists: " + out);
    }
    Matrix a = o.undirected ? Graph.symmetric(g) : g;
    // the frontier a row: f^T A reads only A's rows at the frontier's keys, row-by-row, masked in its
    // accumulator; with parents (min.second on ranks) a column: A^T f
    boolean rowForm = !o.parents;
    LevelSearch.Hop hop = rowForm
        ? (frontier, step, notReached) -> frontier.mxm(a, MxmOptions.defaults().semiring(step))
            .into(Target.temporary().mask(notReached))
        : (frontier, step, notReached) -> a.mxm(frontier, MxmOptions.defaults().transposeA(true).semiring(step))
            .into(Target.temporary().mask(notReached));
    return LevelSearch.run(new LevelSearch.Search(g.table(), () -> Graph.vertices(a, COLUMN),
        () -> Graph.vertices(a, o.from, COLUMN), () -> Degrees.of(a, false, COLUMN).temporary(), hop, rowForm), out, o);
  }
}
