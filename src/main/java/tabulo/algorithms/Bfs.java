package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.Select;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.select.KeySpec;
import tabulo.storage.TabuloException;

/**
 * Breadth-first levels, LAGraph's BFS (level variant, push only) with Graphulo's AdjBFS degree filter:
 * OUT(v, level) = hops from the nearest source, sources 0, reached vertices only. Each round
 * next&lt;!struct(OUT)&gt; = A^T frontier over plus.pair (A^T v reads only A's rows at the frontier's keys),
 * then OUT = OUT ∪ level·next (a new temporary each round, renamed to OUT at the end, so
 * an error or a kill leaves no partial OUT). With a degree filter the frontier is first cut to the
 * vertices whose out-degree lies in [min, max] (the others are reached but not expanded, as in AdjBFS).
 */
public final class Bfs {
  public static final String COLUMN = "level";

  /** What to search: the sources (a D4M selection of vertex keys), hop limit, degree filter, direction. */
  public static final class Options {
    KeySpec from = KeySpec.all();
    String fromText = ":";
    int hops = Integer.MAX_VALUE;
    double minDegree = Double.NEGATIVE_INFINITY;
    double maxDegree = Double.POSITIVE_INFINITY;
    boolean undirected;
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
    Matrix sources = Graph.vertices(a, COLUMN).extract(o.from, KeySpec.all()).temporary();
    if (Graph.entries(sources) == 0) {
      throw new TabuloException("--from " + o.fromText + " selects no vertex of " + g.table());
    }
    Matrix levels = sources.applyBindFirst(BinaryOps.FIRST, 0).temporary();
    Matrix inRange = null;
    if (o.filtersDegrees()) {
      Matrix deg = Degrees.of(a, false, COLUMN).temporary();
      inRange = deg.select(Select.ge(o.minDegree)).temporary().select(Select.le(o.maxDegree)).temporary();
    }
    MxmOptions step = MxmOptions.defaults().transposeA(true).semiring(Semirings.PLUS_PAIR);
    Matrix frontier = sources;
    int level = 0;
    while (level < o.hops) {
      Matrix expand = inRange == null ? frontier : frontier.ewiseMult(inRange, BinaryOps.FIRST).temporary();
      Matrix next = a.mxm(expand, step).into(Target.temporary().mask(Mask.of(levels).structure().complement()));
      long reached = Graph.entries(next);
      if (reached == 0) {
        break;
      }
      level++;
      Matrix levelled = next.applyBindFirst(BinaryOps.FIRST, level).temporary();
      levels = Graph.replace(levels, levels.ewiseAdd(levelled, BinaryOps.SECOND).temporary());
      o.listener.iteration(level, reached);
      Graph.drop(expand);
      Graph.drop(frontier);
      frontier = next;
    }
    g.session().store().rename(levels.table(), out);
    return level;
  }
}
