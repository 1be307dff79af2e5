package tabulo.math;

import java.util.List;
import java.util.Map;

/**
 * The built-in unary operators (GraphBLAS's set) and finding one by name. Each built-in is its own
 * final class whose {@code apply} is the bare arithmetic. A binary operator with a bound scalar is made
 * by {@link BinaryOps#bindFirst} and {@link BinaryOps#bindSecond}.
 */
public final class UnaryOps {
  private UnaryOps() {}

  /** {@code x}. */
  public static final UnaryOp IDENTITY = new BuiltIn("identity") {
    @Override
    public double apply(double x) {
      return x;
    }
  };

  /** The additive inverse {@code -x}. */
  public static final UnaryOp AINV = new BuiltIn("ainv") {
    @Override
    public double apply(double x) {
      return -x;
    }
  };

  /** The multiplicative inverse {@code 1/x}, IEEE: {@code 1/0} is infinity. */
  public static final UnaryOp MINV = new BuiltIn("minv") {
    @Override
    public double apply(double x) {
      return 1.0 / x;
    }
  };

  /** {@code |x|}. */
  public static final UnaryOp ABS = new BuiltIn("abs") {
    @Override
    public double apply(double x) {
      return Math.abs(x);
    }
  };

  /** 1 whatever the value: the entry's presence. */
  public static final UnaryOp ONE = new BuiltIn("one") {
    @Override
    public double apply(double x) {
      return 1.0;
    }
  };

  /** Logical not of the value read as a boolean: 1 for 0, else 0 (NaN counts as true). */
  public static final UnaryOp LNOT = new BuiltIn("lnot") {
    @Override
    public double apply(double x) {
      return Booleans.not(x);
    }
  };

  /** The square root; NaN below 0. */
  public static final UnaryOp SQRT = new BuiltIn("sqrt") {
    @Override
    public double apply(double x) {
      return Math.sqrt(x);
    }
  };

  /** {@code e^x}. */
  public static final UnaryOp EXP = new BuiltIn("exp") {
    @Override
    public double apply(double x) {
      return Math.exp(x);
    }
  };

  /** The natural logarithm; -infinity at 0, NaN below 0. */
  public static final UnaryOp LOG = new BuiltIn("log") {
    @Override
    public double apply(double x) {
      return Math.log(x);
    }
  };

  private static final List<UnaryOp> BUILT_INS = List.of(IDENTITY, AINV, MINV, ABS, ONE, LNOT, SQRT, EXP, LOG);

  private static final Map<String, UnaryOp> BY_NAME = ByName.index(BUILT_INS, UnaryOp::name);

  /** The built-in operators. */
  public static List<UnaryOp> builtIns() {
    return BUILT_INS;
  }

  /**
   * The built-in operator with this name, else an instance of the class of that name (a {@link UnaryOp}
   * with a public no-arg constructor), else {@link IllegalArgumentException} listing the known names.
   */
  public static UnaryOp named(String name) {
    return ByName.find(name, BY_NAME, UnaryOp.class, "unary operator");
  }

  /** The name of a built-in; the subclass supplies the arithmetic. */
  private abstract static class BuiltIn extends NamedValue implements UnaryOp {
    BuiltIn(String name) {
      super(name);
    }
  }
}
