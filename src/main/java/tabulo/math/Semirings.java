package tabulo.math;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The built-in semirings, and the registry that finds a semiring by name (as an iterator option names
 * it). Every built-in is its own small class whose {@code add} and {@code multiply} are the bare
 * arithmetic, so the kernels that call them compile to a multiply-add.
 */
public final class Semirings {
  private Semirings() {}

  /** Ordinary arithmetic. */
  public static final Semiring PLUS_TIMES = new BuiltIn("plus.times", Monoids.PLUS) {
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
  public static final Semiring MIN_PLUS = new BuiltIn("min.plus", Monoids.MIN) {
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
  public static final Semiring MAX_PLUS = new BuiltIn("max.plus", Monoids.MAX) {
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
  public static final Semiring MAX_MIN = new BuiltIn("max.min", Monoids.MAX) {
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
  public static final Semiring MIN_MAX = new BuiltIn("min.max", Monoids.MIN) {
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
  public static final Semiring OR_AND = new BuiltIn("or.and", Monoids.OR) {
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
  public static final Semiring PLUS_MIN = new BuiltIn("plus.min", Monoids.PLUS) {
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
  public static final Semiring PLUS_PAIR = new BuiltIn("plus.pair", Monoids.PLUS) {
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
  public static final Semiring PLUS_FIRST = new BuiltIn("plus.first", Monoids.PLUS) {
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
  public static final Semiring PLUS_SECOND = new BuiltIn("plus.second", Monoids.PLUS) {
    @Override
    public double add(double a, double b) {
      return a + b;
    }

    @Override
    public double multiply(double a, double b) {
      return b;
    }
  };

  private static final List<Semiring> BUILT_INS = List.of(PLUS_TIMES, MIN_PLUS, MAX_PLUS, MAX_MIN, MIN_MAX,
      OR_AND, PLUS_MIN, PLUS_PAIR, PLUS_FIRST, PLUS_SECOND);

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
    Semiring s = REGISTRY.get(name);
    if (s != null) {
      return s;
    }
    Class<?> c = loadClass(name);
    if (c == null) {
      throw new IllegalArgumentException("unknown semiring '" + name + "'; known: "
          + String.join(", ", new TreeSet<>(REGISTRY.keySet()))
          + ", or the name of a class implementing " + Semiring.class.getName()
          + " with a public no-arg constructor");
    }
    if (!Semiring.class.isAssignableFrom(c)) {
      throw new IllegalArgumentException("class " + name + " does not implement " + Semiring.class.getName());
    }
    try {
      return (Semiring) c.getConstructor().newInstance();
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
      throw new IllegalArgumentException("semiring class " + name + " needs a public no-arg constructor", e);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException("semiring class " + name + " failed to construct: " + e.getCause(),
          e.getCause());
    }
  }

  private static Class<?> loadClass(String name) {
    for (ClassLoader loader : new ClassLoader[] {Thread.currentThread().getContextClassLoader(),
        Semirings.class.getClassLoader()}) {
      if (loader == null) {
        continue;
      }
      try {
        return Class.forName(name, true, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        // try the next loader
      }
    }
    return null;
  }

  /** Name and plus of a built-in; the subclass supplies the arithmetic. */
  private abstract static class BuiltIn implements Semiring {
    private final String name;
    private final Monoid plus;

    BuiltIn(String name, Monoid plus) {
      this.name = name;
      this.plus = plus;
    }

    @Override
    public final String name() {
      return name;
    }

    @Override
    public final Monoid plus() {
      return plus;
    }

    @Override
    public final double zero() {
      return plus.identity();
    }

    @Override
    public String toString() {
      return name;
    }
  }
}
