package tabulo.d4m;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.DoubleBinaryOperator;

import org.junit.jupiter.api.Test;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.math.UnaryOp;
import tabulo.math.UnaryOps;
import tabulo.select.KeySpec;

/** Every operation against a brute-force model: a map from (row, col) to value, keys ordered by UTF-8 bytes. */
class AssocTest {
  /** Keys include a character above the BMP and one at U+E000: Java's String order and UTF-8 order disagree on them. */
  private static final String[] KEYS = {"a", "ab", "b", "b1", "c", "\uE000", "\uD83D\uDE00", "z", "Z", "a b"};
  private static final Comparator<String> BYTES = (x, y) -> Arrays.compareUnsigned(
      x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8));
  private static final Comparator<List<String>> CELL = Comparator.<List<String>, String>comparing(l -> l.get(0), BYTES)
      .thenComparing(l -> l.get(1), BYTES);

  private final Random random = new Random(4);

  /** The model: (row, col) -> number, zeros never stored. */
  private static TreeMap<List<String>, Double> model() {
    return new TreeMap<>(CELL);
  }

  private record Sample(Assoc assoc, TreeMap<List<String>, Double> model) {}

  private Sample randomNumeric(int triples) {
    Assoc.Builder b = Assoc.builder();
    TreeMap<List<String>, Double> m = model();
    for (int i = 0; i < triples; i++) {
      String r = KEYS[random.nextInt(KEYS.length)];
      String c = KEYS[random.nextInt(KEYS.length)];
      double v = random.nextInt(7) - 3; // small integers: sums are exact and zeros happen
      b.add(r, c, v);
      m.merge(List.of(r, c), v, Math::min); // D4M.py keeps the smaller of colliding values
    }
    m.values().removeIf(v -> v == 0.0);
    return new Sample(b.build(), m);
  }

  private static void assertMatches(TreeMap<List<String>, Double> expected, Assoc actual) {
    List<String> want = new ArrayList<>();
    expected.forEach((k, v) -> {
      if (v != 0.0) {
        want.add(k.get(0) + " | " + k.get(1) + " | " + v);
      }
    });
    List<String> got = new ArrayList<>();
    for (Assoc.Triple c : actual.cells()) {
      got.add(c.row() + " | " + c.col() + " | " + c.number());
    }
    assertEquals(want, got);
    // condensed: the keys are exactly those with entries, sorted by UTF-8 bytes
    assertEquals(expected.keySet().stream().map(l -> l.get(0)).distinct().sorted(BYTES).toList(), actual.rowKeys());
    assertEquals(expected.keySet().stream().map(l -> l.get(1)).distinct().sorted(BYTES).toList(), actual.colKeys());
    assertEquals(expected.size(), actual.nnz());
  }

  @Test
  void buildingKeepsTheMinimumOfCollisionsAndDropsZeros() {
    for (int t = 0; t < 50; t++) {
      Sample s = randomNumeric(random.nextInt(60));
      assertMatches(s.model(), s.assoc());
    }
  }

  @Test
  void collisionFunctionsApplyInTheOrderGiven() {
    Assoc.Builder b = Assoc.builder().add("r", "c", 5).add("r", "c", 2).add("r", "c", 9);
    assertEquals(9, b.build(Collision.LAST).number("r", "c"));
    assertEquals(5, b.build(Collision.FIRST).number("r", "c"));
    assertEquals(2, b.build(Collision.MIN).number("r", "c"));
    assertEquals(2, b.build().number("r", "c")); // the default: the minimum, as D4M.py
    assertEquals(16, b.build(Collision.SUM).number("r", "c"));
    Assoc.Builder s = Assoc.builder().add("r", "c", "b").add("r", "c", "a").add("r", "c", "c");
    assertEquals("a", s.build().text("r", "c"));
    assertEquals("b;a;c", s.build(Collision.concat(";")).text("r", "c"));
    assertThrows(IllegalArgumentException.class, () -> s.build(Collision.SUM));
    assertThrows(IllegalArgumentException.class, () -> Assoc.builder().add("r", "c", 1).add("r", "d", "x"));
  }

  private void checkElementWise(DoubleBinaryOperator op, boolean union,
      java.util.function.BiFunction<Assoc, Assoc, Assoc> actual) {
    for (int t = 0; t < 40; t++) {
      Sample a = randomNumeric(random.nextInt(40));
      Sample b = randomNumeric(random.nextInt(40));
      TreeMap<List<String>, Double> want = model();
      for (var k : a.model().keySet()) {
        if (union || b.model().containsKey(k)) {
          want.put(k, op.applyAsDouble(a.model().get(k), b.model().getOrDefault(k, 0.0)));
        }
      }
      if (union) {
        for (var k : b.model().keySet()) {
          if (!a.model().containsKey(k)) {
            want.put(k, op.applyAsDouble(0.0, b.model().get(k)));
          }
        }
      }
      want.values().removeIf(v -> v == 0.0);
      assertMatches(want, actual.apply(a.assoc(), b.assoc()));
    }
  }

  @Test
  void plusMinusTimesAndOrAgainstBruteForce() {
    checkElementWise(Double::sum, true, Assoc::plus);
    checkElementWise((x, y) -> x - y, true, Assoc::minus);
    checkElementWise((x, y) -> x * y, false, Assoc::times);
    checkElementWise(Math::min, false, Assoc::and);
    // or: the smaller where both exist, else the one there is
    checkElementWise((x, y) -> x == 0 ? y : y == 0 ? x : Math.min(x, y), true, Assoc::or);
  }

  /** GraphBLAS's eWiseAdd/eWiseMult: op where both have an entry; with union, the lone value as it is. */
  private void checkEwise(BinaryOp op, boolean union) {
    for (int t = 0; t < 15; t++) {
      Sample a = randomNumeric(random.nextInt(40));
      Sample b = randomNumeric(random.nextInt(40));
      TreeMap<List<String>, Double> want = model();
      a.model().forEach((k, x) -> {
        Double y = b.model().get(k);
        if (y != null) {
          want.put(k, op.apply(x, y));
        } else if (union) {
          want.put(k, x);
        }
      });
      if (union) {
        b.model().forEach((k, y) -> want.putIfAbsent(k, y));
      }
      want.values().removeIf(v -> v == 0.0);
      Assoc got = union ? a.assoc().ewiseAdd(b.assoc(), op) : a.assoc().ewiseMult(b.assoc(), op);
      assertMatches(want, got);
    }
  }

  @Test
  void ewiseAddAndMultWithEveryOperatorAgainstBruteForce() {
    for (BinaryOp op : BinaryOps.builtIns()) {
      checkEwise(op, true);
      checkEwise(op, false);
    }
    checkEwise(Monoids.MAX, true); // a monoid is an operator too
  }

  @Test
  void ewiseByHand() {
    Assoc a = Assoc.builder().add("r", "x", 5).add("r", "y", 2).build();
    Assoc b = Assoc.builder().add("r", "x", 3).add("s", "z", 4).build();
    // minus: 5-3 where both; the lone values as they are (not negated, unlike minus())
    Assoc d = a.ewiseAdd(b, BinaryOps.MINUS);
    assertEquals(List.of(2.0, 2.0, 4.0), d.cells().stream().map(Assoc.Triple::number).toList());
    assertEquals(-4, a.minus(b).number("s", "z"));
    // a comparison: 0 (false) is not stored
    assertEquals(1, a.ewiseMult(b, BinaryOps.GT).nnz());
    assertEquals(0, a.ewiseMult(b, BinaryOps.LT).nnz());
    assertEquals(Assoc.empty(), a.ewiseMult(b, BinaryOps.EQ));
  }

  @Test
  void applyWithEveryUnaryOperatorAndBoundScalarsAgainstBruteForce() {
    List<UnaryOp> ops = new ArrayList<>(UnaryOps.builtIns());
    ops.add(BinaryOps.bindFirst(BinaryOps.MINUS, 1));
    ops.add(BinaryOps.bindSecond(BinaryOps.DIV, 2));
    ops.add(BinaryOps.bindSecond(BinaryOps.GT, 0));
    for (UnaryOp op : ops) {
      for (int t = 0; t < 10; t++) {
        Sample a = randomNumeric(random.nextInt(40));
        TreeMap<List<String>, Double> want = model();
        a.model().forEach((k, v) -> want.put(k, op.apply(v)));
        want.values().removeIf(v -> v == 0.0);
        assertMatches(want, a.assoc().apply(op));
      }
    }
    Assoc a = Assoc.builder().add("r", "x", -3).add("r", "y", 2).build();
    assertEquals(3, a.apply(UnaryOps.ABS).number("r", "x"));
    assertEquals(List.of("y"), a.apply(BinaryOps.bindSecond(BinaryOps.GT, 0)).colKeys());
    assertEquals(4, a.apply(BinaryOps.bindFirst(BinaryOps.MINUS, 1)).number("r", "x"));
  }

  @Test
  void reduceRowsAndColumnsWithEveryMonoidAgainstBruteForce() {
    for (Monoid m : Monoids.builtIns()) {
      for (int t = 0; t < 15; t++) {
        Sample a = randomNumeric(random.nextInt(50));
        TreeMap<List<String>, Double> rows = model();
        TreeMap<List<String>, Double> cols = model();
        // the model iterates in (row, column) order: each row's values in column order, each column's in row order
        a.model().forEach((k, v) -> {
          List<String> r = List.of(k.get(0), "");
          List<String> c = List.of("", k.get(1));
          rows.put(r, m.add(rows.getOrDefault(r, m.identity()), v));
          cols.put(c, m.add(cols.getOrDefault(c, m.identity()), v));
        });
        rows.values().removeIf(v -> v == 0.0);
        cols.values().removeIf(v -> v == 0.0);
        assertMatches(rows, a.assoc().reduceRows(m));
        assertMatches(cols, a.assoc().reduceCols(m));
      }
    }
    Assoc a = Assoc.builder().add("r", "x", 5).add("r", "y", 2).add("s", "y", -1).build();
    assertEquals(2, a.reduceRows(Monoids.MIN).number("r", ""));
    assertEquals(-1, a.reduceCols(Monoids.MIN).number("", "y"));
    assertEquals(5, a.reduceRows(Monoids.MAX).number("r", ""));
    assertEquals(5, a.reduceRows(Monoids.ANY).number("r", ""));
    assertEquals(1, a.reduceCols(Monoids.LAND).number("", "y"));
    assertEquals(-2, a.reduceCols(Monoids.TIMES).number("", "y"));
  }

  @Test
  void minusOfItselfIsEmpty() {
    Sample a = randomNumeric(30);
    assertTrue(a.assoc().minus(a.assoc()).isEmpty());
    assertEquals(List.of(0, 0), Arrays.stream(a.assoc().minus(a.assoc()).size()).boxed().toList());
  }

  @Test
  void mxmOverSemiringsAgainstTripleLoops() {
    for (Semiring s : List.of(Semirings.PLUS_TIMES, Semirings.MIN_PLUS, Semirings.MAX_MIN, Semirings.PLUS_PAIR)) {
      for (int t = 0; t < 25; t++) {
        Sample a = randomNumeric(random.nextInt(40));
        Sample b = randomNumeric(random.nextInt(40));
        TreeMap<List<String>, Double> want = model();
        for (var x : a.model().entrySet()) {
          for (var y : b.model().entrySet()) {
            if (x.getKey().get(1).equals(y.getKey().get(0))) {
              List<String> k = List.of(x.getKey().get(0), y.getKey().get(1));
              double p = s.multiply(x.getValue(), y.getValue());
              want.merge(k, p, s::add);
            }
          }
        }
        want.values().removeIf(v -> v == 0.0);
        assertMatches(want, a.assoc().mxm(b.assoc(), s));
      }
    }
  }

  @Test
  void transposeSumsSizeAndLogical() {
    for (int t = 0; t < 30; t++) {
      Sample a = randomNumeric(random.nextInt(50));
      TreeMap<List<String>, Double> tr = model();
      TreeMap<List<String>, Double> colSums = model();
      TreeMap<List<String>, Double> rowSums = model();
      TreeMap<List<String>, Double> ones = model();
      a.model().forEach((k, v) -> {
        tr.put(List.of(k.get(1), k.get(0)), v);
        colSums.merge(List.of("", k.get(1)), v, Double::sum);
        rowSums.merge(List.of(k.get(0), ""), v, Double::sum);
        ones.put(k, 1.0);
      });
      colSums.values().removeIf(v -> v == 0.0);
      rowSums.values().removeIf(v -> v == 0.0);
      assertMatches(tr, a.assoc().transpose());
      assertMatches(colSums, a.assoc().sum(1));
      assertMatches(rowSums, a.assoc().sum(2));
      assertMatches(ones, a.assoc().logical());
      long rows = a.model().keySet().stream().map(l -> l.get(0)).distinct().count();
      long cols = a.model().keySet().stream().map(l -> l.get(1)).distinct().count();
      assertEquals(List.of((int) rows, (int) cols), Arrays.stream(a.assoc().size()).boxed().toList());
      assertEquals(a.assoc(), a.assoc().transpose().transpose());
    }
  }

  @Test
  void indexingByKeySpecsAndPositions() {
    String[] specs = {":", "a,", "a,:,b1,", ":,b,", "b,:,", "a*,", "a*,c,\uE000,", ",", "\uE000,:,", "Z,z,"};
    for (int t = 0; t < 30; t++) {
      Sample a = randomNumeric(random.nextInt(60));
      for (String rs : specs) {
        for (String cs : specs) {
          KeySpec r = KeySpec.parse(rs);
          KeySpec c = KeySpec.parse(cs);
          TreeMap<List<String>, Double> want = model();
          a.model().forEach((k, v) -> {
            if (r.matches(k.get(0)) && c.matches(k.get(1))) {
              want.put(k, v);
            }
          });
          assertMatches(want, a.assoc().get(rs, cs));
        }
      }
      // positions: rows 0 and 2, every column
      List<String> rowKeys = a.assoc().rowKeys();
      TreeMap<List<String>, Double> want = model();
      a.model().forEach((k, v) -> {
        int at = rowKeys.indexOf(k.get(0));
        if (at == 0 || at == 2) {
          want.put(k, v);
        }
      });
      assertMatches(want, a.assoc().get(new int[] {0, 2, 99}, null));
    }
  }

  @Test
  void selectionByValue() {
    for (int t = 0; t < 30; t++) {
      Sample a = randomNumeric(random.nextInt(50));
      for (Assoc.Compare op : Assoc.Compare.values()) {
        TreeMap<List<String>, Double> want = model();
        a.model().forEach((k, v) -> {
          boolean keep = switch (op) {
            case EQ -> v == 2;
            case NE -> v != 2;
            case LT -> v < 2;
            case LE -> v <= 2;
            case GT -> v > 2;
            case GE -> v >= 2;
          };
          if (keep) {
            want.put(k, v);
          }
        });
        assertMatches(want, a.assoc().where(op, 2.0));
      }
    }
    Assoc s = Assoc.builder().add("r1", "c", "apple").add("r2", "c", "pear").add("r3", "c", "fig").build();
    assertEquals(List.of("r2"), s.where(Assoc.Compare.GT, "fig").rowKeys());
    assertEquals(List.of("r3"), s.where(Assoc.Compare.EQ, "fig").rowKeys());
    assertEquals(List.of("r1", "r3"), s.where(Assoc.Compare.LE, "fig").rowKeys());
    assertThrows(IllegalArgumentException.class, () -> s.where(Assoc.Compare.EQ, 1.0));
  }

  @Test
  void stringArraysAndOrKeepTheSmallerStringAndArithmeticSeesOnes() {
    Assoc a = Assoc.builder().add("r", "x", "pear").add("r", "y", "fig").add("s", "x", "kiwi").build();
    Assoc b = Assoc.builder().add("r", "x", "apple").add("r", "y", "plum").add("t", "z", "lime").build();
    assertEquals("   x      y\nr  apple  fig\n", a.and(b).toString());
    assertEquals("apple", a.and(b).text("r", "x"));
    assertEquals("fig", a.and(b).text("r", "y"));
    assertEquals(2, a.and(b).nnz());
    Assoc or = a.or(b);
    assertEquals(4, or.nnz());
    assertEquals("kiwi", or.text("s", "x"));
    assertEquals("lime", or.text("t", "z"));
    // arithmetic: string arrays count as ones
    Assoc n = Assoc.builder().add("r", "x", 5).add("q", "q", 1).build();
    assertEquals(6, a.plus(n).number("r", "x"));
    assertEquals(5, a.times(n).number("r", "x"));
    assertEquals(1, a.times(n).nnz());
    assertEquals(2, a.sum(2).number("r", ""));
  }

  @Test
  void val2colAndCol2typeAreInverse() {
    Assoc records = Assoc.builder().add("rec1", "ip", "10.0.0.1").add("rec1", "status", "200")
        .add("rec2", "ip", "10.0.0.2").add("rec2", "status", "200").build();
    Assoc exploded = records.val2col("|");
    assertEquals(List.of("ip|10.0.0.1", "ip|10.0.0.2", "status|200"), exploded.colKeys());
    assertEquals(1, exploded.number("rec2", "status|200"));
    assertEquals(4, exploded.nnz());
    assertEquals(records, exploded.col2type("|"));
    // the degree of each exploded column is the column sum
    assertEquals(2, exploded.sum(1).number("", "status|200"));
    assertThrows(IllegalArgumentException.class, () -> records.col2type("|"));
  }

  @Test
  void tsvAndMatrixMarketRoundTrip() throws Exception {
    for (int t = 0; t < 10; t++) {
      Sample a = randomNumeric(random.nextInt(40) + 1);
      StringWriter tsv = new StringWriter();
      AssocFiles.writeTsv(a.assoc(), tsv);
      assertEquals(a.assoc(), AssocFiles.readTsv(stream(tsv.toString()), "t", null));
      StringWriter mm = new StringWriter();
      AssocFiles.writeMatrixMarket(a.assoc(), mm);
      assertEquals(a.assoc(), AssocFiles.readMatrixMarket(stream(mm.toString()), "m"));
    }
    Assoc s = Assoc.builder().add("r:1", "c\t2", "v\\x").add("r", "c", "w").build();
    StringWriter tsv = new StringWriter();
    AssocFiles.writeTsv(s, tsv);
    assertEquals("r\tc\tw\nr:1\tc\\t2\tv\\\\x\n", tsv.toString());
    assertEquals(s, AssocFiles.readTsv(stream(tsv.toString()), "t", null));
    Assoc plain = AssocFiles.readMatrixMarket(stream(
        "%%MatrixMarket matrix coordinate real general\n% a comment\n2 3 2\n1 3 2.5\n2 1 -1\n"), "m");
    assertEquals(2.5, plain.number("1", "3"));
    assertEquals(-1, plain.number("2", "1"));
  }

  @Test
  void printsAGridOrLines() {
    Assoc a = Assoc.builder().add("r1", "c1", 1).add("r2", "c2", 2.5).add("r1", "col3", 3).build();
    assertEquals("    c1  c2   col3\nr1  1        3\nr2      2.5\n", a.toString());
    assertEquals("(empty associative array)\n", Assoc.empty().toString());
  }

  private static ByteArrayInputStream stream(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }
}
