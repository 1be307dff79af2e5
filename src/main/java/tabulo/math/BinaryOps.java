package tabulo.math;

import java.util.List;
import java.util.Map;

/**
 * The built-in binary operators (GraphBLAS's set), finding one by name, and binding a scalar to one
 * (GraphBLAS's apply with a bound scalar). Each built-in is its own final class whose {@code apply} is
 * the bare arithmetic, so a kernel that only ever sees one compiles to it. Comparisons and logical
 * operators give 1 (true) or 0 (false).
 */
public final class BinaryOps {
  private BinaryOps() {}

  /** {@code x + y}. */
  public static final BinaryOp PLUS = new BuiltIn("plus") {
    @Override
    public double apply(double x, double y) {
      return x + y;
    }
  };

  /** {@code x - y}. */
  public static final BinaryOp MINUS = new BuiltIn("minus") {
    @Override
    public double apply(double x, double y) {
      return x - y;
    }
  };

  /** {@code x * y}. */
  public static final BinaryOp TIMES = new BuiltIn("times") {
    @Override
    public double apply(double x, double y) {
      return x * y;
    }
  };

  /** {@code x / y}, IEEE: {@code 1/0} is infinity, {@code 0/0} NaN. */
  public static final BinaryOp DIV = new BuiltIn("div") {
    @Override
    public double apply(double x, double y) {
      return x / y;
    }
  };

  /** The smaller; NaN if either is NaN (Java's {@code Math.min}, as {@link Monoids#MIN}). */
  public static final BinaryOp MIN = new BuiltIn("min") {
    @Override
    public double apply(double x, double y) {
      return Math.min(x, y);
    }
  };

  /** The larger; NaN if either is NaN (Java's {@code Math.max}, as {@link Monoids#MAX}). */
  public static final BinaryOp MAX = new BuiltIn("max") {
    @Override
    public double apply(double x, double y) {
      return Math.max(x, y);
    }
  };

  /** {@code x}: the left operand's value. */
  public static final BinaryOp FIRST = new BuiltIn("first") {
    @Override
    public double apply(double x, double y) {
      return x;
    }
  };

  /** {@code y}: the right operand's value. */
  public static final BinaryOp SECOND = new BuiltIn("second") {
    @Override
    public double apply(double x, double y) {
      return y;
    }
  };

  /** 1 whatever the values: the entry's presence (GraphBLAS's {@code oneb}). */
  public static final BinaryOp PAIR = new BuiltIn("pair") {
    @Override
    public double apply(double x, double y) {
      return 1.0;
    }
  };

  /** Either operand, GraphBLAS's {@code any}: this one picks {@code x}. */
  public static final BinaryOp ANY = new BuiltIn("any") {
    @Override
    public double apply(double x, double y) {
      return x;
    }
  };

  /** 1 if {@code x == y}, else 0 (IEEE: NaN equals nothing). */
  public static final BinaryOp EQ = new BuiltIn("eq") {
    @Override
    public double apply(double x, double y) {
      return Booleans.of(x == y);
    }
  };

  /** 1 if {@code x != y}, else 0 (IEEE: NaN differs from everything). */
  public static final BinaryOp NE = new BuiltIn("ne") {
    @Override
    public double apply(double x, double y) {
      return Booleans.of(x != y);
    }
  };

  /** 1 if {@code x > y}, else 0 (0 if either is NaN). */
  public static final BinaryOp GT = new BuiltIn("gt") {
    @Override
    public double apply(double x, double y) {
      return Booleans.of(x > y);
    }
  };

  /** 1 if {@code x >= y}, else 0 (0 if either is NaN). */
  public static final BinaryOp GE = new BuiltIn("ge") {
    @Override
    public double apply(double x, double y) {
      return Booleans.of(x >= y);
    }
  };

  /** 1 if {@code x < y}, else 0 (0 if either is NaN). */
  public static final BinaryOp LT = new BuiltIn("lt") {
    @Override
    public double apply(double x, double y) {
      return Booleans.of(x < y);
    }
  };

  /** 1 if {@code x <= y}, else 0 (0 if either is NaN). */
  public static final BinaryOp LE = new BuiltIn("le") {
    @Override
    public double apply(double x, double y) {
      return Booleans.of(x <= y);
    }
  };

  /** Logical and of values read as booleans (non-zero, NaN included, is true): 1 or 0. */
  public static final BinaryOp LAND = new BuiltIn("land") {
    @Override
    public double apply(double x, double y) {
      return Booleans.and(x, y);
    }
  };

  /** Logical or of values read as booleans: 1 or 0. */
  public static final BinaryOp LOR = new BuiltIn("lor") {
    @Override
    public double apply(double x, double y) {
      return Booleans.or(x, y);
    }
  };

  /** Logical exclusive or of values read as booleans: 1 or 0. */
  public static final BinaryOp LXOR = new BuiltIn("lxor") {
    @Override
    public double apply(double x, double y) {
      return Booleans.xor(x, y);
    }
  };

  private static final List<BinaryOp> BUILT_INS = List.of(PLUS, MINUS, TIMES, DIV, MIN, MAX, FIRST, SECOND,
      PAIR, ANY, EQ, NE, GT, GE, LT, LE, LAND, LOR, LXOR);

  private static final Map<String, BinaryOp> BY_NAME = ByName.index(BUILT_INS, BinaryOp::name);

  /** The built-in operators. */
  public static List<BinaryOp> builtIns() {
    return BUILT_INS;
  }

  /**
   * The built-in operator with this name, else an instance of the class of that name (a {@link BinaryOp}
   * with a public no-arg constructor), else {@link IllegalArgumentException} listing the known names.
   */
  public static BinaryOp named(String name) {
    return ByName.find(name, BY_NAME, BinaryOp.class, "binary operator");
  }

  /** {@code y -> op(x, y)}: GraphBLAS's apply with the scalar bound first ({@code bind1st}). */
  public static UnaryOp bindFirst(BinaryOp op, double x) {
    return new BoundFirst(op, x);
  }

  /** {@code x -> op(x, y)}: GraphBLAS's apply with the scalar bound second ({@code bind2nd}). */
  public static UnaryOp bindSecond(BinaryOp op, double y) {
    return new BoundSecond(op, y);
  }

  /** The name of a built-in; the subclass supplies the arithmetic. */
  private abstract static class BuiltIn extends NamedValue implements BinaryOp {
    BuiltIn(String name) {
      super(name);
    }
  }

  /** Named like {@code minus(1, y)}. */
  private static final class BoundFirst extends NamedValue implements UnaryOp {
    private final BinaryOp op;
    private final double x;

    BoundFirst(BinaryOp op, double x) {
      super(op.name() + "(" + DecimalCodec.format(x) + ", y)");
      this.op = op;
      this.x = x;
    }

    @Override
    public double apply(double y) {
      return op.apply(x, y);
    }
  }

  /** Named like {@code minus(x, 1)}. */
  private static final class BoundSecond extends NamedValue implements UnaryOp {
    private final BinaryOp op;
    private final double y;

    BoundSecond(BinaryOp op, double y) {
      super(op.name() + "(x, " + DecimalCodec.format(y) + ")");
      this.op = op;
      this.y = y;
    }

    @Override
    public double apply(double x) {
      return op.apply(x, y);
    }
  }
}
