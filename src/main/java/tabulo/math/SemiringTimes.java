package tabulo.math;

/** A user semiring's {@link Semiring#multiply} seen as a {@link BinaryOp}, named after the semiring. */
final class SemiringTimes implements BinaryOp {
  private final Semiring semiring;

  SemiringTimes(Semiring semiring) {
    this.semiring = semiring;
  }

  @Override
  public String name() {
    return semiring.name() + ".multiply";
  }

  @Override
  public double apply(double x, double y) {
    return semiring.multiply(x, y);
  }

  @Override
  public String toString() {
    return name();
  }
}
