package tabulo.math;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The built-in semirings, and the registry that finds a semiring by name (as an iterator option names
 * it). Every built-in is its own small class whose {@code add} and {@code multiply} are the bare
 * arithmetic, so the kernels that call them compile to a multiply-add.
 */
public final class Semirings {
  private Semirings() {}

  /** Ordinary arithmetic. */
  public static final Semiring PLUS_TIMES = new BuiltIn("plus.times", Monoids.PLUS, BinaryOps.TIMES) {
    @Override
    public double add(double a, double b) {
      return a + b;
    }

    @Override
    public double multiply(double a, double b) {
      return a * b;
    }
  };

  /** Tropical (shortest paths): path lengths add, the shortest wins. */
  public static final Semiring MIN_PLUS = new BuiltIn("min.plus", Monoids.MIN, BinaryOps.PLUS) {
    @Override
    public double add(double a, double b) {
      return Math.min(a, b);
    }

    @Override
    public double multiply(double a, double b) {
      return a + b;
    }
  };

  /** Longest paths (critical path). */
  public static final Semiring MAX_PLUS = new BuiltIn("max.plus", Monoids.MAX, BinaryOps.PLUS) {
    @Override
    public double add(double a, double b) {
      return Math.max(a, b);
    }

    @Override
    public double multiply(double a, double b) {
      return a + b;
    }
  };

  /** Widest path (bottleneck capacity). */
  public static final Semiring MAX_MIN = new BuiltIn("max.min", Monoids.MAX, BinaryOps.MIN) {
    @Override
    public double add(double a, double b) {
      return Math.max(a, b);
    }

    @Override
    public double multiply(double a, double b) {
      return Math.min(a, b);
    }
  };

  /** Minimax path (the least worst edge). */
  public static final Semiring MIN_MAX = new BuiltIn("min.max", Monoids.MIN, BinaryOps.MAX) {
    @Override
    public double add(double a, double b) {
      return Math.min(a, b);
    }

    @Override
    public double multiply(double a, double b) {
      return Math.max(a, b);
    }
  };

  /** Boolean reachability: values read as booleans (0 false, else true), results are 0 or 1. */
  public static final Semiring OR_AND = new BuiltIn("or.and", Monoids.LOR, BinaryOps.LAND) {
    @Override
    public double add(double a, double b) {
      return Booleans.or(a, b);
    }

    @Override
    public double multiply(double a, double b) {
      return Booleans.and(a, b);
    }
  };

  /** Sum of the smaller of each pair (for nonnegative values, such as weighted overlaps). */
  public static final Semiring PLUS_MIN = new BuiltIn("plus.min", Monoids.PLUS, BinaryOps.MIN) {
    @Override
    public double add(double a, double b) {
      return a + b;
    }

    @Override
    public double multiply(double a, double b) {
      return Math.min(a, b);
    }
  };

  /** Counts the structural matches: every partial product is 1, whatever the values. */
  public static final Semiring PLUS_PAIR = new BuiltIn("plus.pair", Monoids.PLUS, BinaryOps.PAIR) {
    @Override
    public double add(double a, double b) {
      return a + b;
    }

    @Override
    public double multiply(double a, double b) {
      return 1.0;
    }
  };

  /** Sums the values of the left operand over the matches. */
  public static final Semiring PLUS_FIRST = new BuiltIn("plus.first", Monoids.PLUS, BinaryOps.FIRST) {
    @Override
    public double add(double a, double b) {
      return a + b;
    }

    @Override
    public double multiply(double a, double b) {
      return a;
    }
  };

  /** Sums the values of the right operand over the matches. */
  public static final Semiring PLUS_SECOND = new BuiltIn("plus.second", Monoids.PLUS, BinaryOps.SECOND) {
    @Override
    public double add(double a, double b) {
      return a + b;
    }

    @Override
    public double multiply(double a, double b) {
      return b;
    }
  };

  /**
   * The smallest value of the right operand over the matches: with a frontier v holding each vertex's
   * rank, {@code A^T v} gives every reached vertex the smallest rank of a frontier vertex with an edge to
   * it (GraphBLAS's {@code MIN_FIRSTI} parent step, with ranks for the indices).
   */
  public static final Semiring MIN_SECOND = new BuiltIn("min.second", Monoids.MIN, BinaryOps.SECOND) {
    @Override
    public double add(double a, double b) {
      return Math.min(a, b);
    }

    @Override
    public double multiply(double a, double b) {
      return b;
    }
  };

  private static final List<Semiring> BUILT_INS = List.of(PLUS_TIMES, MIN_PLUS, MAX_PLUS, MAX_MIN, MIN_MAX,
      OR_AND, PLUS_MIN, PLUS_PAIR, PLUS_FIRST, PLUS_SECOND, MIN_SECOND);

  private static final Map<String, Semiring> REGISTRY = new ConcurrentHashMap<>();

  static {
    BUILT_INS.forEach(Semirings::register);
  }

  /** The built-in semirings. */
  public static List<Semiring> builtIns() {
    return BUILT_INS;
  }

  /**
   * Makes {@code s} findable by {@link #named} under {@code s.name()}. Registering the same instance
   * again does nothing; another semiring under a taken name is refused, so that a name in a stored
   * iterator configuration always means one thing.
   */
  public static void register(Semiring s) {
    String name = s.name();
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a semiring needs a name: " + s.getClass().getName());
    }
    Semiring before = REGISTRY.putIfAbsent(name, s);
    if (before != null && before != s) {
      throw new IllegalArgumentException("semiring name '" + name + "' is already taken by "
          + before.getClass().getName());
    }
  }

  /**
   * The registered semiring with this name, else an instance of the class of that name (a
   * {@link Semiring} with a public no-arg constructor, loaded by the thread's context class loader or
   * this one's), else {@link IllegalArgumentException} listing the known names.
   */
  public static Semiring named(String name) {
    return ByName.find(name, REGISTRY, Semiring.class, "semiring");
  }

  /**
   * Name, plus and times of a built-in; the subclass supplies the arithmetic again, bare, so that a
   * kernel calling {@code add} and {@code multiply} does not go through the two values.
   */
  private abstract static class BuiltIn extends NamedValue implements Semiring {
    private final Monoid plus;
    private final BinaryOp times;

    BuiltIn(String name, Monoid plus, BinaryOp times) {
      super(name);
      this.plus = plus;
      this.times = times;
    }

    @Override
    public final Monoid plus() {
      return plus;
    }

    @Override
    public final BinaryOp times() {
      return times;
    }

    @Override
    public final double zero() {
      return plus.identity();
    }
  }
}
