package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** The built-in monoids: identities written out by hand, arithmetic shared with the binary operators. */
class MonoidsTest {
  private static final double INF = Double.POSITIVE_INFINITY;

  static final Map<String, Double> IDENTITIES = Map.of("plus", 0.0, "times", 1.0, "min", INF, "max", -INF,
      "any", 0.0, "land", 1.0, "lor", 0.0);

  private static final double[] SAMPLES = {0, 1, -1, 2.5, -7, 1e300, -1e-300, INF, -INF};

  private static boolean logical(Monoid m) {
    return m == Monoids.LAND || m == Monoids.LOR;
  }

  @Test
  void everyBuiltInIsFoundByNameWithItsIdentity() {
    assertEquals(IDENTITIES.keySet(), Monoids.builtIns().stream().map(Monoid::name).collect(Collectors.toSet()));
    for (Monoid m : Monoids.builtIns()) {
      assertSame(m, Monoids.named(m.name()));
      assertEquals(m.name(), m.toString());
      assertEquals(IDENTITIES.get(m.name()), m.identity(), m.name());
    }
    assertSame(Monoids.LOR, Monoids.named("or"));
    assertSame(Monoids.LOR, Monoids.OR);
  }

  /** x op identity == x on both sides; the logical monoids give x read as a boolean. */
  @Test
  void identitiesAreIdentities() {
    for (Monoid m : Monoids.builtIns()) {
      for (double x : SAMPLES) {
        double expected = logical(m) ? (x != 0 ? 1 : 0) : x;
        assertEquals(expected, m.add(m.identity(), x), m.name() + "(identity, " + x + ")");
        assertEquals(expected, m.add(x, m.identity()), m.name() + "(" + x + ", identity)");
      }
    }
  }

  @Test
  void handWorkedValues() {
    assertEquals(5.0, Monoids.PLUS.add(2, 3));
    assertEquals(6.0, Monoids.TIMES.add(2, 3));
    assertEquals(-3.0, Monoids.MIN.add(2, -3));
    assertEquals(2.0, Monoids.MAX.add(2, -3));
    assertEquals(5.0, Monoids.ANY.add(0, 5));
    assertEquals(4.0, Monoids.ANY.add(4, 5));
    assertEquals(0.0, Monoids.LAND.add(2, 0));
    assertEquals(1.0, Monoids.LAND.add(2, -1));
    assertEquals(0.0, Monoids.LOR.add(0, 0));
    assertEquals(1.0, Monoids.LOR.add(0, -3));
  }

  /** A fold from the identity, as a combiner or a reduce runs it, ends at the stored values' answer. */
  @Test
  void foldsFromTheIdentity() {
    double[] values = {5, -2, 7};
    Map<String, Double> expected = Map.of("plus", 10.0, "times", -70.0, "min", -2.0, "max", 7.0, "any", 5.0,
        "land", 1.0, "lor", 1.0);
    for (Monoid m : Monoids.builtIns()) {
      double acc = m.identity();
      for (double v : values) {
        acc = m.add(acc, v);
      }
      assertEquals(expected.get(m.name()), acc, m.name());
    }
  }

  /** One operator, one monoid: a monoid applied as a binary operator is the operator of its name. */
  @Test
  void aMonoidIsItsBinaryOperator() {
    for (Monoid m : Monoids.builtIns()) {
      BinaryOp op = BinaryOps.named(m.name());
      for (double x : SAMPLES) {
        for (double y : SAMPLES) {
          assertEquals(m.add(x, y), m.apply(x, y), m.name());
          if (m != Monoids.ANY || x != 0) { // any skips its identity; the operator just picks x
            assertEquals(op.apply(x, y), m.apply(x, y), m.name() + "(" + x + ", " + y + ")");
          }
        }
      }
    }
  }

  /** A user monoid in one small class: the larger magnitude. */
  public static final class MaxAbs implements Monoid {
    @Override
    public String name() {
      return "maxabs";
    }

    @Override
    public double identity() {
      return 0;
    }

    @Override
    public double add(double a, double b) {
      return Math.max(Math.abs(a), Math.abs(b));
    }
  }

  @Test
  void userMonoidsByClassNameAndUnknownNames() {
    Monoid m = Monoids.named(MaxAbs.class.getName());
    assertEquals("maxabs", m.name());
    assertEquals(4.0, m.apply(-4, 3));
    assertEquals(0.0, m.identity());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Monoids.named("sum"));
    assertTrue(e.getMessage().startsWith("unknown monoid 'sum'; known: "), e.getMessage());
    for (String name : IDENTITIES.keySet()) {
      assertTrue(e.getMessage().contains(name), name + " in " + e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> Monoids.named(BinaryOpsTest.Hypot.class.getName()));
  }
}
