package tabulo.d4m;

import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;

/**
 * What building an associative array does with two values for the same (row, column), applied in the
 * order the triples were given. Both numbers and strings default to {@link #MIN} (D4M.py's default).
 */
public final class Collision {
  private final String name;
  private final DoubleBinaryOperator numbers;
  private final BinaryOperator<String> strings;

  private Collision(String name, DoubleBinaryOperator numbers, BinaryOperator<String> strings) {
    this.name = name;
    this.numbers = numbers;
    this.strings = strings;
  }

  public static final Collision SUM = new Collision("sum", Double::sum, null);
  public static final Collision MIN = new Collision("min", Math::min,
      (a, b) -> KeyOrder.compare(a, b) <= 0 ? a : b);
  public static final Collision MAX = new Collision("max", Math::max,
      (a, b) -> KeyOrder.compare(a, b) >= 0 ? a : b);
  public static final Collision FIRST = new Collision("first", (a, b) -> a, (a, b) -> a);
  public static final Collision LAST = new Collision("last", (a, b) -> b, (a, b) -> b);

  /** Strings joined with a separator, in the order given (D4M's CatStr collisions). */
  public static Collision concat(String separator) {
    return new Collision("concat", null, (a, b) -> a + separator + b);
  }

  public static Collision of(String name, DoubleBinaryOperator numbers, BinaryOperator<String> strings) {
    return new Collision(name, numbers, strings);
  }

  double combine(double a, double b) {
    if (numbers == null) {
      throw new IllegalArgumentException("collision '" + name + "' does not apply to numbers");
    }
    return numbers.applyAsDouble(a, b);
  }

  String combine(String a, String b) {
    if (strings == null) {
      throw new IllegalArgumentException("collision '" + name + "' does not apply to strings");
    }
    return strings.apply(a, b);
  }

  @Override
  public String toString() {
    return name;
  }
}
