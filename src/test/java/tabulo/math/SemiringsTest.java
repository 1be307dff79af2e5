package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;

import org.junit.jupiter.api.Test;

class SemiringsTest {
  private static final double INF = Double.POSITIVE_INFINITY;

  /** Independent definitions: the identity, plus and times of each built-in, written out again. */
  record Spec(double zero, DoubleBinaryOperator plus, DoubleBinaryOperator times) {}

  static final Map<String, Spec> SPECS = Map.ofEntries(
      Map.entry("plus.times", new Spec(0, (a, b) -> a + b, (a, b) -> a * b)),
      Map.entry("min.plus", new Spec(INF, Math::min, (a, b) -> a + b)),
      Map.entry("max.plus", new Spec(-INF, Math::max, (a, b) -> a + b)),
      Map.entry("max.min", new Spec(-INF, Math::max, Math::min)),
      Map.entry("min.max", new Spec(INF, Math::min, Math::max)),
      Map.entry("or.and", new Spec(0, (a, b) -> (a != 0 || b != 0) ? 1 : 0, (a, b) -> (a != 0 && b != 0) ? 1 : 0)),
      Map.entry("plus.min", new Spec(0, (a, b) -> a + b, Math::min)),
      Map.entry("plus.pair", new Spec(0, (a, b) -> a + b, (a, b) -> 1)),
      Map.entry("plus.first", new Spec(0, (a, b) -> a + b, (a, b) -> a)),
      Map.entry("plus.second", new Spec(0, (a, b) -> a + b, (a, b) -> b)),
      Map.entry("min.second", new Spec(INF, Math::min, (a, b) -> b)));

  private static final double[] SAMPLES = {0, 1, -1, 2.5, -7, 1e300, -1e-300, INF, -INF};

  @Test
  void everyBuiltInIsSpecifiedAndFoundByName() {
    assertEquals(SPECS.keySet(), Semirings.builtIns().stream().map(Semiring::name)
        .collect(java.util.stream.Collectors.toSet()));
    for (Semiring s : Semirings.builtIns()) {
      assertSame(s, Semirings.named(s.name()));
      assertEquals(s.name(), s.toString());
      assertTrue(s.name().startsWith(s.plus().name() + ".") || s == Semirings.OR_AND, s.name());
    }
  }

  /** Each built-in is the (monoid, operator) pair its name says ({@code or.and} is lor and land). */
  @Test
  void builtInsAreTheirMonoidAndOperator() {
    for (Semiring s : Semirings.builtIns()) {
      String[] parts = s.name().split("\\.");
      assertSame(Monoids.named(parts[0]), s.plus(), s.name());
      assertSame(BinaryOps.named(parts[1].equals("and") ? "land" : parts[1]), s.times(), s.name());
      for (double a : SAMPLES) {
        for (double b : SAMPLES) {
          assertEquals(s.times().apply(a, b), s.multiply(a, b), s.name() + " on " + a + ", " + b);
          assertEquals(s.plus().apply(a, b), s.add(a, b), s.name() + " on " + a + ", " + b);
        }
      }
    }
    assertSame(Monoids.LOR, Semirings.OR_AND.plus());
  }

  @Test
  void builtInsComputeTheirDefinitions() {
    Random rnd = new Random(3);
    for (Semiring s : Semirings.builtIns()) {
      Spec spec = SPECS.get(s.name());
      assertEquals(spec.zero(), s.zero(), s.name());
      assertEquals(spec.zero(), s.plus().identity(), s.name());
      for (int i = 0; i < 200; i++) {
        double a = i < 81 ? SAMPLES[i % 9] : rnd.nextInt(11) - 5;
        double b = i < 81 ? SAMPLES[i / 9] : rnd.nextDouble() * 10 - 5;
        String at = s.name() + " on " + a + ", " + b;
        assertEquals(spec.plus().applyAsDouble(a, b), s.add(a, b), at);
        assertEquals(s.add(a, b), s.plus().add(a, b), "add agrees with plus(): " + at);
        assertEquals(spec.times().applyAsDouble(a, b), s.multiply(a, b), at);
        if (!Double.isNaN(s.add(s.zero(), a))) {
          assertEquals(s.name().equals("or.and") ? (a != 0 ? 1 : 0) : a, s.add(s.zero(), a), "identity: " + at);
        }
      }
    }
  }

  /** Where zero annihilates multiply, skipping missing entries is exact; the structural ones are not. */
  @Test
  void zeroAnnihilatesExactlyWhereExpected() {
    List<String> annihilating = List.of("plus.times", "min.plus", "max.plus", "max.min", "min.max", "or.and");
    for (Semiring s : Semirings.builtIns()) {
      boolean all = true;
      for (double x : new double[] {1, -3, 2.5}) {
        all &= s.multiply(s.zero(), x) == s.zero() && s.multiply(x, s.zero()) == s.zero();
      }
      assertEquals(annihilating.contains(s.name()), all, s.name());
    }
  }

  @Test
  void monoidsHaveTheirIdentities() {
    for (Monoid m : List.of(Monoids.PLUS, Monoids.TIMES, Monoids.MIN, Monoids.MAX, Monoids.OR)) {
      for (double x : new double[] {0, 1, -2, 3.5}) {
        double expected = m == Monoids.OR ? (x != 0 ? 1 : 0) : x;
        assertEquals(expected, m.add(m.identity(), x), m.name());
        assertEquals(expected, m.add(x, m.identity()), m.name());
      }
    }
    assertEquals(6.0, Monoids.TIMES.add(2, 3));
    assertEquals("times", Monoids.TIMES.toString());
  }

  @Test
  void unknownNamesListTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Semirings.named("plus.timez"));
    for (String name : SPECS.keySet()) {
      assertTrue(e.getMessage().contains(name), e.getMessage());
    }
    assertTrue(e.getMessage().contains("'plus.timez'"), e.getMessage());
  }

  /** A user semiring in one small class. */
  public static final class MaxTimes implements Semiring {
    @Override
    public String name() {
      return "max.times";
    }

    @Override
    public Monoid plus() {
      return Monoids.MAX;
    }

    @Override
    public double multiply(double a, double b) {
      return a * b;
    }
  }

  public static final class NoDefaultConstructor implements Semiring {
    public NoDefaultConstructor(int unused) {}

    @Override
    public String name() {
      return "broken";
    }

    @Override
    public Monoid plus() {
      return Monoids.PLUS;
    }

    @Override
    public double multiply(double a, double b) {
      return a;
    }
  }

  @Test
  void userSemiringsByClassName() {
    Semiring s = Semirings.named(MaxTimes.class.getName());
    assertEquals("max.times", s.name());
    assertEquals(6.0, s.multiply(2, 3));
    assertEquals(3.0, s.add(2, 3)); // the default add goes through plus()
    assertEquals(-INF, s.zero());
    assertEquals(6.0, s.times().apply(2, 3)); // the default times() wraps multiply
    assertEquals("max.times.multiply", s.times().name());
    assertThrows(IllegalArgumentException.class, () -> Semirings.named(String.class.getName()));
    assertThrows(IllegalArgumentException.class, () -> Semirings.named(NoDefaultConstructor.class.getName()));
  }

  @Test
  void registeringANameTwiceIsRefused() {
    Semiring mine = new Semiring() {
      @Override
      public String name() {
        return "min.times.test";
      }

      @Override
      public Monoid plus() {
        return Monoids.MIN;
      }

      @Override
      public double multiply(double a, double b) {
        return a * b;
      }
    };
    Semirings.register(mine);
    Semirings.register(mine); // the same instance again is fine
    assertSame(mine, Semirings.named("min.times.test"));
    assertThrows(IllegalArgumentException.class, () -> Semirings.register(impostor()));
    assertSame(Semirings.PLUS_TIMES, Semirings.named("plus.times"));
  }

  private static Semiring impostor() {
    return new Semiring() {
      @Override
      public String name() {
        return "plus.times";
      }

      @Override
      public Monoid plus() {
        return Monoids.PLUS;
      }

      @Override
      public double multiply(double a, double b) {
        return a - b;
      }
    };
  }
}
