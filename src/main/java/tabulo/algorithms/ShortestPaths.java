package tabulo.algorithms;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.ResidentShortestPaths;
import tabulo.algorithms.resident.VertexValues;
import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.select.KeySpec;
import tabulo.storage.TabuloException;

/**
 * Single-source shortest paths, Bellman-Ford as in LAGraph's BF_basic, relaxing only what changed: d =
 * {source: 0}, f = d; each round t = A^T f over min.plus (edge values are lengths), f = the entries of t
 * that improve d ({@link Improvements}), d = d min f; stop when f is empty. The same rounds and distances
 * as relaxing all of d each round, reading only the edges of vertices whose distance changed. A round
 * still changing d after |V| rounds means a negative cycle reachable from the source: an error.
 * OUT(v, distance) for reached vertices only.
 *
 * <p>Where G can be held in memory ({@link Resident}) with every edge value a finite number,
 * {@link ResidentShortestPaths} runs the same rounds over its arrays.
 */
public final class ShortestPaths {
  public static final String COLUMN = "distance";

  /** The source vertex's key (no default); {@code listener} hears each round and the distances it changed. */
  public record Options(String from, IterationListener listener) {
    public static Options defaults() {
      return new Options(null, IterationListener.NONE);
    }

    public Options from(String key) {
      return new Options(key, listener);
    }

    public Options listener(IterationListener l) {
      return new Options(from, l);
    }
  }

  private ShortestPaths() {}

  /**
   * The distances from vertex {@code o.from()} over G held in memory ({@link Resident}) with every edge value
   * a finite number, without a table: null otherwise, and then {@link #run} computes in tables.
   */
  public static VertexValues distances(Matrix g, Options o) {
    String from = source(o);
    ResidentGraph held = Resident.weightedGraphFor(g);
    return held == null || !ResidentShortestPaths.handles(held) ? null
        : ResidentShortestPaths.distances(held, g, from, o.listener()).distances();
  }

  private static String source(Options o) {
    if (o.from() == null) {
      throw new IllegalArgumentException("shortest paths need a source: Options.from(key)");
    }
    return o.from();
  }

  /** Distances from vertex {@code o.from()} into {@code out}; returns the rounds run. */
  public static int run(Matrix g, Target out, Options o) {
    String from = source(o);
    Output.checkNew(g.session(), out, false);
    ResidentGraph held = Resident.weightedGraphFor(g, out);
    if (held != null && ResidentShortestPaths.handles(held)) {
      return ResidentShortestPaths.run(held, g, from, out.table(), o.listener());
    }
    Matrix vertices = Graph.vertices(g, COLUMN);
    long n = vertices.nvals();
    Matrix source = vertices.extract(exactly(from), KeySpec.all()).temporary();
    if (source.nvals() == 0) {
      throw new TabuloException("--from=" + from + " is no vertex of " + g.table());
    }
    Matrix d = source.applyBindFirst(BinaryOps.FIRST, 0).temporary();
    // the outer product: A's rows at the frontier's keys looked up while it is small, else one merge join of
    // A with it (row-by-row would copy A transposed every round once the frontier is not small)
    MxmOptions relax = MxmOptions.defaults().transposeA(true).semiring(Semirings.MIN_PLUS)
        .algorithm(MxmOptions.Algorithm.OUTER);
    Matrix frontier = d; // the distances that changed last round: only their edges can shorten a path
    for (int round = 1;; round++) {
      Matrix t = g.mxm(frontier, relax).temporary();
      if (frontier != d) {
        Graph.drop(frontier);
      }
      frontier = Improvements.of(t, d);
      Graph.drop(t);
      long changed = frontier.nvals();
      o.listener().iteration(round, changed);
      if (changed == 0) {
        Graph.drop(frontier);
        Output.publish(g.session(), d.table(), out);
        return round;
      }
      if (round >= n) {
        throw new TabuloException("sssp: " + g.table() + " has a negative cycle reachable from " + from
            + " (distances still shrink after " + n + " rounds); " + out.table() + " was not written");
      }
      d = Graph.replace(d, d.ewiseAdd(frontier, BinaryOps.MIN).temporary());
    }
  }

  /** The selection of one key: the range key..key, written with a separator the key does not hold. */
  static KeySpec exactly(String key) {
    for (char sep : new char[] {',', ';', '|', '\t', '\u0001'}) {
      if (key.indexOf(sep) < 0) {
        return KeySpec.parse(key + sep + ":" + sep + key + sep);
      }
    }
    throw new TabuloException("--from: no separator fits the key " + key);
  }
}
