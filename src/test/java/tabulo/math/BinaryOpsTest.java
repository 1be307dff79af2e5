package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** Every built-in binary operator against a table worked out by hand. */
class BinaryOpsTest {
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final double NAN = Double.NaN;

  /** The inputs (x, y), one column of the table each. */
  private static final double[][] XY = {{3, 2}, {2, 3}, {-4, 0}, {0, 0}, {0, -2}, {NAN, 1}, {INF, -INF}, {-0.5, -0.5}};

  /** Expected op(x, y) for each column of {@link #XY}; exact, signed zeros included. */
  static final Map<String, double[]> TABLE = new LinkedHashMap<>();

  static {
    TABLE.put("plus", new double[] {5, 5, -4, 0, -2, NAN, NAN, -1});
    TABLE.put("minus", new double[] {1, -1, -4, 0, 2, NAN, INF, 0});
    TABLE.put("times", new double[] {6, 6, -0.0, 0, -0.0, NAN, -INF, 0.25});
    TABLE.put("div", new double[] {1.5, 0.6666666666666666, -INF, NAN, -0.0, NAN, NAN, 1});
    TABLE.put("min", new double[] {2, 2, -4, 0, -2, NAN, -INF, -0.5});
    TABLE.put("max", new double[] {3, 3, 0, 0, 0, NAN, INF, -0.5});
    TABLE.put("first", new double[] {3, 2, -4, 0, 0, NAN, INF, -0.5});
    TABLE.put("second", new double[] {2, 3, 0, 0, -2, 1, -INF, -0.5});
    TABLE.put("pair", new double[] {1, 1, 1, 1, 1, 1, 1, 1});
    TABLE.put("any", new double[] {3, 2, -4, 0, 0, NAN, INF, -0.5});
    TABLE.put("eq", new double[] {0, 0, 0, 1, 0, 0, 0, 1});
    TABLE.put("ne", new double[] {1, 1, 1, 0, 1, 1, 1, 0});
    TABLE.put("gt", new double[] {1, 0, 0, 0, 1, 0, 1, 0});
    TABLE.put("ge", new double[] {1, 0, 0, 1, 1, 0, 1, 1});
    TABLE.put("lt", new double[] {0, 1, 1, 0, 0, 0, 0, 0});
    TABLE.put("le", new double[] {0, 1, 1, 1, 0, 0, 0, 1});
    TABLE.put("land", new double[] {1, 1, 0, 0, 0, 1, 1, 1});
    TABLE.put("lor", new double[] {1, 1, 1, 0, 1, 1, 1, 1});
    TABLE.put("lxor", new double[] {0, 0, 1, 0, 1, 0, 0, 0});
  }

  @Test
  void everyBuiltInIsInTheTableAndFoundByName() {
    assertEquals(TABLE.keySet(), BinaryOps.builtIns().stream().map(BinaryOp::name).collect(Collectors.toSet()));
    assertEquals(19, BinaryOps.builtIns().size());
    for (BinaryOp op : BinaryOps.builtIns()) {
      assertSame(op, BinaryOps.named(op.name()));
      assertEquals(op.name(), op.toString());
    }
    assertSame(BinaryOps.LXOR, BinaryOps.named("lxor"));
    assertSame(BinaryOps.DIV, BinaryOps.named("div"));
  }

  @Test
  void builtInsComputeTheHandWorkedTable() {
    TABLE.forEach((name, expected) -> {
      BinaryOp op = BinaryOps.named(name);
      for (int i = 0; i < XY.length; i++) {
        assertEquals(expected[i], op.apply(XY[i][0], XY[i][1]), name + "(" + XY[i][0] + ", " + XY[i][1] + ")");
      }
    });
  }

  @Test
  void boundScalarsMakeUnaryOps() {
    UnaryOp tenMinus = BinaryOps.bindFirst(BinaryOps.MINUS, 10);
    UnaryOp minusTen = BinaryOps.bindSecond(BinaryOps.MINUS, 10);
    assertEquals(7.0, tenMinus.apply(3));
    assertEquals(-7.0, minusTen.apply(3));
    assertEquals("minus(10, y)", tenMinus.name());
    assertEquals("minus(x, 10)", minusTen.name());
    assertEquals(0.25, BinaryOps.bindFirst(BinaryOps.DIV, 1).apply(4));
    assertEquals(2.0, BinaryOps.bindSecond(BinaryOps.DIV, 2).apply(4));
    UnaryOp positive = BinaryOps.bindSecond(BinaryOps.GT, 0);
    assertEquals(0.0, positive.apply(-1));
    assertEquals(0.0, positive.apply(0));
    assertEquals(1.0, positive.apply(2));
    UnaryOp zeroIsBigger = BinaryOps.bindFirst(BinaryOps.GT, 0);
    assertEquals(1.0, zeroIsBigger.apply(-1));
    assertEquals(0.0, zeroIsBigger.apply(2));
    assertEquals("gt(x, 2.5)", BinaryOps.bindSecond(BinaryOps.GT, 2.5).name());
  }

  /** A user operator in one small class: the hypotenuse. */
  public static final class Hypot implements BinaryOp {
    @Override
    public String name() {
      return "hypot";
    }

    @Override
    public double apply(double x, double y) {
      return Math.sqrt(x * x + y * y);
    }
  }

  @Test
  void userOperatorsByClassName() {
    BinaryOp op = BinaryOps.named(Hypot.class.getName());
    assertEquals("hypot", op.name());
    assertEquals(5.0, op.apply(3, 4));
    IllegalArgumentException notAnOp = assertThrows(IllegalArgumentException.class,
        () -> BinaryOps.named(String.class.getName()));
    assertTrue(notAnOp.getMessage().contains("does not implement " + BinaryOp.class.getName()), notAnOp.getMessage());
  }

  @Test
  void unknownNamesListTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BinaryOps.named("plsu"));
    assertTrue(e.getMessage().startsWith("unknown binary operator 'plsu'; known: "), e.getMessage());
    for (String name : TABLE.keySet()) {
      assertTrue(e.getMessage().contains(name), name + " in " + e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> BinaryOps.named(null));
  }
}
