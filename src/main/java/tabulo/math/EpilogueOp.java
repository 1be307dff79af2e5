package tabulo.math;

/**
 * A per-cell finish of a product, C(i, j) = f(c, x(i), x(j)): the cell's value c with a vector's values at
 * its row and at its column (such as two vertices' degrees). A multiply applies it as each cell is written
 * ({@code MxmOptions.epilogue}), so the finish costs no pass over C.
 *
 * <p>To add one, write a small final class with a public no-arg constructor and pass its class name to
 * {@link EpilogueOps#named}. It runs once per cell written, so {@link #apply} must not allocate.
 */
public interface EpilogueOp {
  /** A short lowercase name, such as {@code "iou"}. */
  String name();

  /** The value written for a cell of value {@code c} in row i and column j. */
  double apply(double c, double rowValue, double columnValue);
}
