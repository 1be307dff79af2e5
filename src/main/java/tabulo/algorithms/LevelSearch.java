package tabulo.algorithms;

import java.util.function.Supplier;

import tabulo.math.BinaryOps;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.Select;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.TabuloException;

/**
 * The level loop both breadth-first searches share ({@link Bfs} on an adjacency table, {@link EdgeBfs} on
 * an incidence table); only their hop differs. Each round the frontier, cut to the vertices whose degree
 * lies in [min, max] when a filter is set (the others are reached but not expanded, as Graphulo's
 * AdjBFS and EdgeBFS), takes one hop masked by !struct(levels), and levels = levels ∪ round·next (a new
 * temporary each round, put into OUT only at the end, so an error or a kill leaves no partial OUT).
 *
 * <p>Parents (LAGraph's BFS parent vector, GraphBLAS's MIN_FIRSTI step): vertices carry their rank
 * ({@link VertexRanks}, key order) in the frontier and the hop runs over min.second, so each reached
 * vertex gets the smallest rank, i.e. the smallest key, of an expanded vertex one level up with an edge
 * to it; sources are their own parents. The ranks are turned back into keys in OUT's column
 * {@value #PARENT} at the end.
 */
final class LevelSearch {
  static final String PARENT = "parent";

  /** One hop from the frontier {@code expand} over {@code s}, into a temporary through {@code notReached}. */
  interface Hop {
    Matrix next(Matrix expand, Semiring s, Mask notReached);
  }

  /**
   * Where the search starts and what it may need, read lazily (the vertex set only for parents), as column
   * vectors. With {@code rowForm} the hop takes and gives row vectors (one row, the vertices as its columns):
   * the sources and degrees are turned into rows once, and the levels back into a column at the end.
   */
  record Search(String table, Supplier<Matrix> vertices, Supplier<Matrix> sources, Supplier<Matrix> degrees, Hop hop,
      boolean rowForm) {}

  private LevelSearch() {}

  /** The search into {@code out}; returns the number of levels reached past the sources. */
  static int run(Search g, Target out, Bfs.Options o) {
    Matrix sources = g.sources().get();
    Session s = sources.session();
    if (sources.nvals() == 0) {
      throw new TabuloException("--from=" + o.from() + " selects no vertex of " + g.table());
    }
    if (o.parents() && g.rowForm()) {
      throw new IllegalArgumentException("parents need the column form"); // the hop's semiring is min.second
    }
    sources = g.rowForm() ? sources.transpose().temporary() : sources;
    VertexRanks ranks = o.parents() ? VertexRanks.of(g.vertices().get(), Bfs.COLUMN, out.table(), g.table()) : null;
    Matrix levels = sources.applyBindFirst(BinaryOps.FIRST, 0).temporary();
    Matrix frontier = ranks == null ? sources : sources.ewiseMult(ranks.ranks(), BinaryOps.SECOND).temporary();
    Matrix parents = ranks == null ? null : frontier;
    Matrix inRange = null;
    if (o.filtersDegrees()) {
      Matrix deg = g.degrees().get();
      inRange = deg.select(Select.ge(o.minDegree())).temporary().select(Select.le(o.maxDegree())).temporary();
      inRange = g.rowForm() ? inRange.transpose().temporary() : inRange;
    }
    Semiring step = ranks == null ? Semirings.PLUS_PAIR : Semirings.MIN_SECOND;
    int level = 0;
    while (level < o.hops()) {
      Matrix expand = inRange == null ? frontier : frontier.ewiseMult(inRange, BinaryOps.FIRST).temporary();
      Matrix next = g.hop().next(expand, step, Mask.of(levels).structure().complement());
      long reached = next.nvals();
      if (reached == 0) {
        break;
      }
      level++;
      Matrix levelled = next.applyBindFirst(BinaryOps.FIRST, level).temporary();
      levels = Graph.replace(levels, levels.ewiseAdd(levelled, BinaryOps.SECOND).temporary());
      Graph.drop(levelled);
      o.listener().iteration(level, reached);
      if (ranks != null) { // next holds each vertex's parent rank
        parents = Graph.replace(parents, parents.ewiseAdd(next, BinaryOps.SECOND).temporary());
      }
      Graph.drop(expand); // dropping a table twice (expand or parents may be the frontier) does nothing
      Graph.drop(frontier);
      if (ranks == null) {
        frontier = next;
      } else { // the next frontier carries its own ranks
        frontier = next.ewiseMult(ranks.ranks(), BinaryOps.SECOND).temporary();
        Graph.drop(next);
      }
    }
    if (ranks != null) {
      ranks.writeKeys(parents, PARENT, levels.table());
    }
    if (g.rowForm()) {
      levels.transpose().into(out);
    } else {
      Output.publish(s, levels.table(), out);
    }
    return level;
  }
}
