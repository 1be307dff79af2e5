package tabulo.math;

/**
 * The built-in monoids. Each is its own final class, so a call site that only ever sees one of them
 * compiles to the bare arithmetic.
 */
public final class Monoids {
  private Monoids() {}

  /** Ordinary sum, identity 0. */
  public static final Monoid PLUS = new BuiltIn("plus", 0.0) {
    @Override
    public double add(double a, double b) {
      return a + b;
    }
  };

  /** Ordinary product, identity 1. */
  public static final Monoid TIMES = new BuiltIn("times", 1.0) {
    @Override
    public double add(double a, double b) {
      return a * b;
    }
  };

  /** Minimum, identity +infinity. */
  public static final Monoid MIN = new BuiltIn("min", Double.POSITIVE_INFINITY) {
    @Override
    public double add(double a, double b) {
      return Math.min(a, b);
    }
  };

  /** Maximum, identity -infinity. */
  public static final Monoid MAX = new BuiltIn("max", Double.NEGATIVE_INFINITY) {
    @Override
    public double add(double a, double b) {
      return Math.max(a, b);
    }
  };

  /** Logical or on values read as booleans (0 is false, anything else true); yields 0 or 1, identity 0. */
  public static final Monoid OR = new BuiltIn("or", 0.0) {
    @Override
    public double add(double a, double b) {
      return Booleans.or(a, b);
    }
  };

  /** Name and identity of a built-in; the subclass supplies the arithmetic. */
  private abstract static class BuiltIn implements Monoid {
    private final String name;
    private final double identity;

    BuiltIn(String name, double identity) {
      this.name = name;
      this.identity = identity;
    }

    @Override
    public final String name() {
      return name;
    }

    @Override
    public final double identity() {
      return identity;
    }

    @Override
    public String toString() {
      return name;
    }
  }
}
