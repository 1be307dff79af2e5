package tabulo.algorithms;

import tabulo.math.Monoids;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Operation;
import tabulo.ops.Target;

/**
 * Vertex degrees, Graphulo's degree tables: OUT(v, degree) = the number of entries in v's row (out-degree),
 * or in v's column (in-degree). Formulation: apply ONE, then reduceRows / reduceCols with plus. Vertices
 * without an edge in that direction have no entry.
 */
public final class Degrees {
  public static final String COLUMN = "degree";

  /** Out-degrees, or with {@code in} in-degrees. */
  public record Options(boolean in) {
    public static Options defaults() {
      return new Options(false);
    }

    public Options in(boolean in) {
      return new Options(in);
    }
  }

  private Degrees() {}

  /** The out-degree (or with {@code in} the in-degree) vector of G, in column {@code column}. */
  public static Operation of(Matrix g, boolean in, String column) {
    Matrix ones = g.apply(UnaryOps.ONE).temporary();
    return in ? ones.reduceCols(Monoids.PLUS, column) : ones.reduceRows(Monoids.PLUS, column);
  }

  /** The degrees of G into {@code out}, column {@code degree}. */
  public static Matrix run(Matrix g, Target out, Options o) {
    return of(g, o.in(), COLUMN).into(out);
  }
}
