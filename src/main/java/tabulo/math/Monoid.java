package tabulo.math;

/**
 * An associative, commutative binary operation on doubles with an identity: the "plus" of a semiring
 * and the combiner that folds partial products in a table.
 *
 * <p>Commutativity matters because partial products reach a table's combiner in no particular order.
 * Implementations are called once per partial product, so they must not allocate; keep the class final
 * and {@link #add} a one-liner so the JIT inlines it.
 */
public interface Monoid {
  /** A short lowercase name, such as {@code "plus"} or {@code "min"}. */
  String name();

  /** The value {@code e} with {@code add(e, x) == x} for every {@code x}. */
  double identity();

  double add(double a, double b);
}
