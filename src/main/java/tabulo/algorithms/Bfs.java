package tabulo.algorithms;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentBfs;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.VertexValues;
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
 *
 * <p>Where G can be held in memory ({@link Resident}), {@link ResidentBfs} runs the same levels over its
 * arrays.
 */
public final class Bfs {
  public static final String COLUMN = "level";
  /** OUT's column holding a vertex's parent key with {@link Options#parents}. */
  public static final String PARENT = LevelSearch.PARENT;

  /**
   * What to search: the sources (a D4M selection of vertex keys), hop limit, degree filter, direction,
   * parents; {@code listener} hears each level and the vertices it reached.
   */
  public record Options(KeySpec from, int hops, double minDegree, double maxDegree, boolean undirected,
      boolean parents, IterationListener listener) {
    public static Options defaults() {
      return new Options(KeySpec.all(), Integer.MAX_VALUE, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
          false, false, IterationListener.NONE);
    }

    /** The sources as D4M writes them ('alice,bob,' or 'a*,'); a malformed one is an IllegalArgumentException. */
    public Options from(String spec) {
      return new Options(KeySpec.parse(spec), hops, minDegree, maxDegree, undirected, parents, listener);
    }

    public Options hops(int k) {
      if (k < 0) {
        throw new TabuloException("--hops must be at least 0, got " + k);
      }
      return new Options(from, k, minDegree, maxDegree, undirected, parents, listener);
    }

    public Options minDegree(double d) {
      return new Options(from, hops, d, maxDegree, undirected, parents, listener);
    }

    public Options maxDegree(double d) {
      return new Options(from, hops, minDegree, d, undirected, parents, listener);
    }

    public Options undirected(boolean u) {
      return new Options(from, hops, minDegree, maxDegree, u, parents, listener);
    }

    /** Also OUT(v, parent): the smallest key of a vertex one level up with an edge to v; sources their own. */
    public Options parents(boolean p) {
      return new Options(from, hops, minDegree, maxDegree, undirected, p, listener);
    }

    public Options listener(IterationListener l) {
      return new Options(from, hops, minDegree, maxDegree, undirected, parents, l);
    }

    boolean filtersDegrees() {
      return minDegree != Double.NEGATIVE_INFINITY || maxDegree != Double.POSITIVE_INFINITY;
    }
  }

  private Bfs() {}

  /**
   * The search's levels over G held in memory ({@link Resident}), without a table: null where G is not
   * held, and then {@link #run} computes in tables.
   */
  public static VertexValues levels(Matrix g, Options o) {
    ResidentGraph held = Resident.graphFor(g);
    return held == null ? null : ResidentBfs.search(held, g, o).levels();
  }

  /** Runs the search on G into {@code out}; returns the number of levels reached past the sources. */
  public static int run(Matrix g, Target out, Options o) {
    Output.checkNew(g.session(), out, o.parents());
    ResidentGraph held = Resident.graphFor(g, out);
    if (held != null) {
      return ResidentBfs.run(held, g, out.table(), o);
    }
    Matrix a = o.undirected() ? Graph.symmetric(g) : g;
    // the frontier a row: f^T A reads only A's rows at the frontier's keys, row-by-row, masked in its
    // accumulator; with parents (min.second on ranks) a column: A^T f
    boolean rowForm = !o.parents();
    LevelSearch.Hop hop = rowForm
        ? (frontier, step, notReached) -> frontier.mxm(a, MxmOptions.defaults().semiring(step))
            .into(Target.temporary().mask(notReached))
        : (frontier, step, notReached) -> a.mxm(frontier, MxmOptions.defaults().transposeA(true).semiring(step))
            .into(Target.temporary().mask(notReached));
    return LevelSearch.run(new LevelSearch.Search(g.table(), () -> Graph.vertices(a, COLUMN),
        () -> Graph.vertices(a, o.from(), COLUMN), () -> Degrees.of(a, false, COLUMN).temporary(), hop, rowForm),
        out, o);
  }
}
