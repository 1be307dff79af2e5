package tabulo.math;

/**
 * A unary operator on doubles, GraphBLAS style: what {@code apply} maps every stored entry through.
 * {@link BinaryOps#bindFirst} and {@link BinaryOps#bindSecond} make one from a binary operator and a scalar.
 *
 * <p>To add one, write a small final class with a public no-arg constructor and pass its class name to
 * {@link UnaryOps#named}. Operators run once per entry, so {@link #apply} must not allocate.
 */
public interface UnaryOp {
  /** A short lowercase name, such as {@code "abs"}. */
  String name();

  double apply(double x);
}
