package tabulo.algorithms;

import java.util.function.BooleanSupplier;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.ResidentPageRank;
import tabulo.algorithms.resident.VertexValues;
import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Scope;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.TabuloException;

/**
 * PageRank by power iteration, unweighted, exactly as NetworkX's {@code pagerank(G, weight=None)}:
 * r' = (1-d)/N + d A^T (r / outdeg) + d (sum of r over dangling vertices)/N, from r = 1/N, until
 * sum |r' - r| &lt; N tol. Vectors are one-column tables (column {@value #COLUMN}); A^T w is the vector
 * form of mxm over plus.times, with A the structure of G (ones). The vertex set is every row and column key
 * of G, and the row keys of the table {@link Options#vertices} names if any; a vertex without out-edges
 * (dangling, isolated ones included) spreads its rank evenly. A round is five operations:
 * w = r .* (d/outdeg), y = A^T w, sum(y) (which is d times the rank of the vertices with out-edges, so the
 * dangling rank needs no operation of its own), r' = (y ∪ 0) + base (the zero vector joined in so that every
 * vertex has a rank, the scalar added in the same pass), and sum |r' - r| (difference and abs in one pass,
 * then the sum); sum(r) is carried from round to round, not read back.
 *
 * <p>Where G can be held in memory ({@link Resident}), {@link ResidentPageRank} runs the same rounds over
 * its arrays instead: G read once, where the operations read it and write vectors every round.
 */
public final class PageRank {
  public static final String COLUMN = "rank";

  /**
   * Damping, tolerance, iteration bound; {@code vertices}, a table whose row keys are vertices too (null:
   * none); {@code listener} hears each iteration, {@code cancelled} stops.
   */
  public record Options(double damping, double tolerance, int maxIterations, String vertices,
      IterationListener listener, BooleanSupplier cancelled) {
    public static Options defaults() {
      return new Options(0.85, 1e-9, 100, null, IterationListener.NONE, () -> false);
    }

    public Options damping(double d) {
      return new Options(d, tolerance, maxIterations, vertices, listener, cancelled);
    }

    public Options tolerance(double t) {
      return new Options(damping, t, maxIterations, vertices, listener, cancelled);
    }

    public Options maxIterations(int n) {
      return new Options(damping, tolerance, n, vertices, listener, cancelled);
    }

    /**
     * Adds the row keys of table {@code table} to the vertex set (LDBC's vertices without edges): each
     * counts in N and, having no out-edge, spreads its rank as a dangling vertex does.
     */
    public Options vertices(String table) {
      return new Options(damping, tolerance, maxIterations, table, listener, cancelled);
    }

    /** Hears each iteration's number (from 1) and its change, sum |r' - r|. */
    public Options listener(IterationListener l) {
      return new Options(damping, tolerance, maxIterations, vertices, l, cancelled);
    }

    public Options cancelled(BooleanSupplier c) {
      return new Options(damping, tolerance, maxIterations, vertices, listener, c);
    }
  }

  /** What a run did: iterations, the last change, whether it met the tolerance, the vertex count. */
  public record Result(int iterations, double change, boolean converged, long vertices) {}

  private PageRank() {}

  private static void checkOptions(Options o) {
    if (!(o.damping() >= 0 && o.damping() <= 1)) {
      throw new TabuloException("--damping must be in [0, 1], not " + o.damping());
    }
    if (!(o.tolerance() >= 0)) {
      throw new TabuloException("--tolerance must be 0 or more, not " + o.tolerance());
    }
    if (o.maxIterations() < 1) {
      throw new TabuloException("--max-iterations must be 1 or more, not " + o.maxIterations());
    }
  }

  private static void checkVertices(Session s, Options o) {
    if (o.vertices() != null && !s.store().exists(o.vertices())) {
      throw new TabuloException("pagerank: no table " + o.vertices() + " (--vertices)");
    }
  }

  /**
   * The ranks over G held in memory ({@link Resident}), without a table: null where G is not held, and
   * then {@link #run} computes in tables.
   */
  public static VertexValues ranks(Matrix g, Options o) {
    checkOptions(o);
    checkVertices(g.session(), o);
    ResidentGraph held = Resident.graphFor(g);
    return held == null ? null : ResidentPageRank.ranks(held, g, o).ranks();
  }

  /** Computes the ranks of graph {@code g} into {@code out}: OUT(v, rank). */
  public static Result run(Matrix g, Target out, Options o) {
    checkOptions(o);
    Session s = g.session();
    Output.checkNew(s, out, false);
    checkVertices(s, o);
    ResidentGraph held = Output.plain(out) ? Resident.graphFor(g) : null;
    if (held != null) {
      return ResidentPageRank.run(held, g, out.table(), o);
    }
    Matrix ones = g.apply(UnaryOps.ONE).temporary(); // unweighted: only the structure of G counts
    Matrix outdeg = ones.reduceRows(Monoids.PLUS, COLUMN).temporary();
    Matrix in = g.reduceCols(Monoids.ANY, COLUMN).temporary();
    // 1 at every vertex (ewiseAdd keeps the one value where only one side has the key: the ones make it 1)
    Matrix keys = outdeg.ewiseAdd(in, BinaryOps.PAIR).temporary();
    if (o.vertices() != null) {
      Matrix listed = s.matrix(o.vertices()).reduceRows(Monoids.ANY, COLUMN).temporary();
      keys = keys.ewiseAdd(listed, BinaryOps.PAIR).temporary();
    }
    Matrix vertices = keys.apply(UnaryOps.ONE).temporary();
    long n = Math.round(vertices.reduce(Monoids.PLUS));
    if (n == 0) {
      vertices.apply(UnaryOps.IDENTITY).into(out); // no vertex: no rank (NetworkX returns {})
      return new Result(0, 0, true, 0);
    }
    double d = o.damping();
    // d / outdeg once, so that y = A^T (r .* d/outdeg) is already the damped share: one operation less a round
    Matrix dInvOutdeg = outdeg.apply(UnaryOps.MINV).temporary().applyBindSecond(BinaryOps.TIMES, d).temporary();
    Matrix r = vertices.applyBindSecond(BinaryOps.TIMES, 1.0 / n).temporary();
    Matrix zeros = vertices.applyBindSecond(BinaryOps.TIMES, 0.0).temporary();
    double rSum = 1; // sum(r), kept exactly as computed below rather than read back (one reduce less a round)
    // A^T w by the outer product: one merge join of A's rows with w's, each unit's partial products summed
    // per vertex in the kernel; row-by-row would copy A transposed every iteration (w is never small)
    MxmOptions transposed = MxmOptions.defaults().transposeA(true).semiring(Semirings.PLUS_TIMES)
        .algorithm(MxmOptions.Algorithm.OUTER);
    double change = Double.NaN;
    for (int i = 1; i <= o.maxIterations(); i++) {
      if (o.cancelled().getAsBoolean()) {
        throw new TabuloException("pagerank: cancelled at iteration " + i);
      }
      Matrix next;
      double base;
      double ySum;
      try (Scope round = s.scope()) { // the round's intermediates go at its end (later rounds reuse their tables)
        Matrix w = r.ewiseMult(dInvOutdeg, BinaryOps.TIMES).temporary();
        Matrix y = ones.mxm(w, transposed).temporary();
        // sum(y) = d * (the rank held by vertices with out-edges), so d * (dangling rank) = d sum(r) - sum(y)
        ySum = y.reduce(Monoids.PLUS);
        base = (1 - d) / n + (d * rSum - ySum) / n;
        // r' = base + y at every vertex: y joined with the zero vector, base added in the same pass
        next = round.keep(y.ewiseAdd(zeros, BinaryOps.PLUS).applyBindSecond(BinaryOps.PLUS, base).temporary());
        change = next.ewiseAdd(r, BinaryOps.MINUS).apply(UnaryOps.ABS).temporary().reduce(Monoids.PLUS);
      }
      s.release(r); // the previous iterate
      r = next;
      rSum = n * base + ySum;
      o.listener().iteration(i, change);
      if (change < n * o.tolerance()) {
        r.apply(UnaryOps.IDENTITY).into(out);
        return new Result(i, change, true, n);
      }
    }
    r.apply(UnaryOps.IDENTITY).into(out);
    return new Result(o.maxIterations(), change, false, n);
  }
}
