package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** Every built-in unary operator against a table worked out by hand. */
class UnaryOpsTest {
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final double NAN = Double.NaN;

  private static final double[] X = {4, -2, 0, 0.25, NAN, INF, -INF, 1};

  /** Expected op(x) for each of {@link #X}; exact (signed zeros included) except exp and log, to 1 ulp or so. */
  static final Map<String, double[]> TABLE = new LinkedHashMap<>();

  static {
    TABLE.put("identity", new double[] {4, -2, 0, 0.25, NAN, INF, -INF, 1});
    TABLE.put("ainv", new double[] {-4, 2, -0.0, -0.25, NAN, -INF, INF, -1});
    TABLE.put("minv", new double[] {0.25, -0.5, INF, 4, NAN, 0, -0.0, 1});
    TABLE.put("abs", new double[] {4, 2, 0, 0.25, NAN, INF, INF, 1});
    TABLE.put("one", new double[] {1, 1, 1, 1, 1, 1, 1, 1});
    TABLE.put("lnot", new double[] {0, 0, 1, 0, 0, 0, 0, 0});
    TABLE.put("sqrt", new double[] {2, NAN, 0, 0.5, NAN, INF, NAN, 1});
    TABLE.put("exp", new double[] {54.598150033144236, 0.1353352832366127, 1, 1.2840254166877414, NAN, INF, 0,
        2.718281828459045});
    TABLE.put("log", new double[] {1.3862943611198906, NAN, -INF, -1.3862943611198906, NAN, INF, NAN, 0});
  }

  @Test
  void everyBuiltInIsInTheTableAndFoundByName() {
    assertEquals(TABLE.keySet(), UnaryOps.builtIns().stream().map(UnaryOp::name).collect(Collectors.toSet()));
    for (UnaryOp op : UnaryOps.builtIns()) {
      assertSame(op, UnaryOps.named(op.name()));
      assertEquals(op.name(), op.toString());
    }
  }

  @Test
  void builtInsComputeTheHandWorkedTable() {
    TABLE.forEach((name, expected) -> {
      UnaryOp op = UnaryOps.named(name);
      boolean transcendental = name.equals("exp") || name.equals("log");
      for (int i = 0; i < X.length; i++) {
        String at = name + "(" + X[i] + ")";
        if (transcendental && Double.isFinite(expected[i]) && expected[i] != 0) {
          assertEquals(expected[i], op.apply(X[i]), Math.abs(expected[i]) * 1e-15, at);
        } else {
          assertEquals(expected[i], op.apply(X[i]), at);
        }
      }
    });
  }

  /** A user operator in one small class. */
  public static final class Square implements UnaryOp {
    @Override
    public String name() {
      return "square";
    }

    @Override
    public double apply(double x) {
      return x * x;
    }
  }

  @Test
  void userOperatorsByClassNameAndUnknownNames() {
    UnaryOp op = UnaryOps.named(Square.class.getName());
    assertEquals("square", op.name());
    assertEquals(9.0, op.apply(-3));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UnaryOps.named("sqr"));
    assertTrue(e.getMessage().startsWith("unknown unary operator 'sqr'; known: "), e.getMessage());
    for (String name : TABLE.keySet()) {
      assertTrue(e.getMessage().contains(name), name + " in " + e.getMessage());
    }
    // a binary operator's class is not a unary one
    assertThrows(IllegalArgumentException.class, () -> UnaryOps.named(BinaryOpsTest.Hypot.class.getName()));
  }
}
