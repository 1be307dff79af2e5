package tabulo.math;

import java.util.List;
import java.util.Map;

/**
 * The built-in monoids (GraphBLAS's set) and finding one by name. Each is its own final class, so a
 * call site that only ever sees one of them compiles to the bare arithmetic. Each computes what the
 * {@link BinaryOps} operator of the same name computes.
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

  /**
   * Either value, GraphBLAS's {@code any}: the first that is not 0, identity 0. Skipping the identity
   * (rather than always keeping {@code a}, as {@link BinaryOps#ANY} does) is what makes a fold started
   * at the identity end at a stored value; any order's answer is a right one.
   */
  public static final Monoid ANY = new BuiltIn("any", 0.0) {
    @Override
    public double add(double a, double b) {
      return a != 0 ? a : b;
    }
  };

  /** Logical and on values read as booleans (0 is false, anything else true); yields 0 or 1, identity 1. */
  public static final Monoid LAND = new BuiltIn("land", 1.0) {
    @Override
    public double add(double a, double b) {
      return Booleans.and(a, b);
    }
  };

  /** Logical or on values read as booleans (0 is false, anything else true); yields 0 or 1, identity 0. */
  public static final Monoid LOR = new BuiltIn("lor", 0.0) {
    @Override
    public double add(double a, double b) {
      return Booleans.or(a, b);
    }
  };

  /** {@link #LOR} under its former name; {@link #named} finds it as {@code "or"} too. */
  public static final Monoid OR = LOR;

  private static final List<Monoid> BUILT_INS = List.of(PLUS, TIMES, MIN, MAX, ANY, LAND, LOR);

  private static final Map<String, Monoid> BY_NAME = ByName.index(BUILT_INS, Monoid::name);

  static {
    BY_NAME.put("or", LOR); // the semiring or.and names its plus so
  }

  /** The built-in monoids. */
  public static List<Monoid> builtIns() {
    return BUILT_INS;
  }

  /**
   * The built-in monoid with this name ({@code "or"} is {@link #LOR}), else an instance of the class of
   * that name (a {@link Monoid} with a public no-arg constructor), else {@link IllegalArgumentException}
   * listing the known names.
   */
  public static Monoid named(String name) {
    return ByName.find(name, BY_NAME, Monoid.class, "monoid");
  }

  /** Name and identity of a built-in; the subclass supplies the arithmetic. */
  private abstract static class BuiltIn extends NamedValue implements Monoid {
    private final double identity;

    BuiltIn(String name, double identity) {
      super(name);
      this.identity = identity;
    }

    @Override
    public final double identity() {
      return identity;
    }
  }
}
