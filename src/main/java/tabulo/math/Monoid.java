package tabulo.math;

/**
 * An associative, commutative binary operation on doubles with an identity: the "plus" of a semiring,
 * the combiner that folds partial products in a table, and what a reduce folds with. It is a
 * {@link BinaryOp} ({@link #apply} is {@link #add}), so an element-wise operation takes one as well.
 *
 * <p>Commutativity matters because partial products reach a table's combiner in no particular order.
 * Implementations are called once per partial product, so they must not allocate; keep the class final
 * and {@link #add} a one-liner so the JIT inlines it.
 */
public interface Monoid extends BinaryOp {
  /** A short lowercase name, such as {@code "plus"} or {@code "min"}. */
  @Override
  String name();

  /** The value {@code e} with {@code add(e, x) == x} for every {@code x}. */
  double identity();

  double add(double a, double b);

  /** {@link #add}: the monoid as a binary operator. */
  @Override
  default double apply(double x, double y) {
    return add(x, y);
  }
}
