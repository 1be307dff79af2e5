package tabulo.ops;

import java.util.function.Function;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOp;
import tabulo.math.UnaryOps;

/**
 * The name an operator travels to the kernels by (tablet servers find it again by that name): a
 * built-in's name, else its class name. An operator that cannot be found by name (a lambda, a bound
 * operator) is refused here, before any kernel runs, rather than in a tablet server.
 */
final class OpNames {
  private OpNames() {}

  static String of(BinaryOp op) {
    return of(op, op.name(), BinaryOps.builtIns().contains(op), BinaryOps::named, "binary operator");
  }

  static String of(UnaryOp op) {
    return of(op, op.name(), UnaryOps.builtIns().contains(op), UnaryOps::named, "unary operator");
  }

  private static <T> String of(T op, String name, boolean builtIn, Function<String, T> find, String kind) {
    if (builtIn) {
      return name;
    }
    String className = op.getClass().getName();
    try {
      if (find.apply(className).getClass() == op.getClass()) {
        return className;
      }
    } catch (IllegalArgumentException e) {
      // not found by its class name: refused below
    }
    throw new IllegalArgumentException(kind + " " + name + " cannot be found by name in the kernels: use a "
        + "built-in or a public class with a public no-arg constructor");
  }
}
