package tabulo.math;

/**
 * A binary operator on doubles, GraphBLAS style: the op of an element-wise add or multiply, of an
 * accumulator, or the multiply of a semiring. A {@link Monoid} is one with an identity.
 *
 * <p>To add one, write a small final class with a public no-arg constructor and pass its class name to
 * {@link BinaryOps#named}. Operators run once per entry, so {@link #apply} must not allocate.
 */
public interface BinaryOp {
  /** A short lowercase name, such as {@code "plus"} or {@code "lxor"}. */
  String name();

  double apply(double x, double y);
}
