package tabulo.math;

/**
 * A semiring {@code (plus, multiply)} for {@code C = A (+.x) B}: {@code C(i,j) = plus over k of
 * multiply(A(i,k), B(k,j))}, taken only over the {@code k} where both entries are stored.
 *
 * <p>Skipping the missing entries is exact only when {@code plus().identity()} is a multiplicative
 * annihilator ({@code multiply(zero, x) == zero}); that holds for the usual semirings and is the
 * caller's contract for custom ones, as it is for GraphBLAS.
 *
 * <p>To add one, write a small final class with a public no-arg constructor and either
 * {@link Semirings#register} an instance or pass its class name to {@link Semirings#named}:
 *
 * <pre>{@code
 * public final class MaxTimes implements Semiring {
 *   public String name() { return "max.times"; }
 *   public Monoid plus() { return Monoids.MAX; }
 *   public double multiply(double a, double b) { return a * b; }
 * }
 * }</pre>
 *
 * <p>{@link #add} and {@link #multiply} run once per partial product: they must not allocate. A final
 * class that overrides {@link #add} with the bare arithmetic saves the JIT one level of inlining.
 */
public interface Semiring {
  /** The name {@link Semirings#named} finds it by, conventionally {@code "plus.times"}. */
  String name();

  /** The addition, whose identity is the semiring's zero. */
  Monoid plus();

  double multiply(double a, double b);

  /**
   * The multiply as a binary operator: a semiring is a (monoid, operator) pair, as in GraphBLAS. The
   * built-ins give the {@link BinaryOps} constant; kernels call {@link #multiply} itself.
   */
  default BinaryOp times() {
    return new SemiringTimes(this);
  }

  /** {@code plus().add(a, b)}. */
  default double add(double a, double b) {
    return plus().add(a, b);
  }

  /** The additive identity: the value of an entry that is not stored. */
  default double zero() {
    return plus().identity();
  }
}
