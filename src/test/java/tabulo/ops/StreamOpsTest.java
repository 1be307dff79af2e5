package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOp;
import tabulo.math.UnaryOps;
import tabulo.ops.LabelledCells.Cell;
import tabulo.select.KeySpec;
import tabulo.storage.Store;

/**
 * ewiseMult, apply and select on tables against brute force, as every reader sees it: several operators,
 * units of a few entries across split tables, masks (valued, structural complement) and accumulation into
 * an existing C. Key order in the oracles is String order, which is UTF-8 byte order for these keys.
 */
public class StreamOpsTest {
  @TempDir
  Path dir;

  /** The checks of this class on any store (the Accumulo host runs them too). */
  public static void checkAll(Store store, String prefix, Random rnd) {
    List<Cell> a = LabelledCells.random(store, rnd, prefix + "A", List.of("carol", "k"), 2);
    List<Cell> b = LabelledCells.random(store, rnd, prefix + "B", List.of("eve"), 2);
    List<Cell> m = LabelledCells.random(store, rnd, prefix + "M", List.of(), 2);
    try (Session s = Session.open(store).unitEntries(3)) {
      Matrix ma = s.matrix(prefix + "A");
      Matrix mb = s.matrix(prefix + "B");
      Matrix mm = s.matrix(prefix + "M");
      int[] n = {0};
      java.util.function.Supplier<String> next = () -> prefix + "C" + n[0]++;

      for (BinaryOp op : List.of(BinaryOps.TIMES, BinaryOps.MINUS, BinaryOps.FIRST, BinaryOps.GT)) {
        String c = next.get();
        ma.ewiseMult(mb, op).into(c);
        sees(LabelledCells.join(a, b, op::apply, null, null), store, c, "ewiseMult " + op);
      }
      List<Cell> product = LabelledCells.join(a, b, (x, y) -> x * y, null, null);
      String c = next.get();
      ma.ewiseMult(mb, BinaryOps.TIMES).into(Target.table(c).mask(Mask.of(mm)));
      sees(LabelledCells.mask(product, m, false, false), store, c, "ewiseMult <M>");

      for (UnaryOp op : List.of(UnaryOps.ABS, UnaryOps.AINV, UnaryOps.ONE, UnaryOps.LNOT)) {
        c = next.get();
        ma.apply(op).into(c);
        sees(map(a, op::apply), store, c, "apply " + op);
      }
      c = next.get();
      ma.applyBindFirst(BinaryOps.MINUS, 10).into(c);
      sees(map(a, x -> 10 - x), store, c, "apply minus(10, y)");
      c = next.get();
      ma.applyBindSecond(BinaryOps.MINUS, 10).into(c);
      sees(map(a, x -> x - 10), store, c, "apply minus(x, 10)");

      checkSelect(s, store, a, ma, Select.TRIL, x -> x.col().compareTo(x.row()) <= 0, next.get());
      checkSelect(s, store, a, ma, Select.TRIU, x -> x.col().compareTo(x.row()) >= 0, next.get());
      checkSelect(s, store, a, ma, Select.LOWER, x -> x.col().compareTo(x.row()) < 0, next.get());
      checkSelect(s, store, a, ma, Select.UPPER, x -> x.col().compareTo(x.row()) > 0, next.get());
      checkSelect(s, store, a, ma, Select.DIAG, x -> x.col().equals(x.row()), next.get());
      checkSelect(s, store, a, ma, Select.OFFDIAG, x -> !x.col().equals(x.row()), next.get());
      checkSelect(s, store, a, ma, Select.gt(0), x -> x.value() > 0, next.get());
      checkSelect(s, store, a, ma, Select.le(1), x -> x.value() <= 1, next.get());
      checkSelect(s, store, a, ma, Select.eq(0), x -> x.value() == 0, next.get());
      checkSelect(s, store, a, ma, Select.ne(0), x -> x.value() != 0, next.get());
      Predicate<Cell> inRows = x -> x.row().compareTo("bob") >= 0 && x.row().compareTo("eve") <= 0;
      Predicate<Cell> inCols = x -> x.col().startsWith("k") || x.col().equals("x") || x.col().equals("日本");
      checkSelect(s, store, a, ma, Select.ALL.rows(KeySpec.parse("bob,:,eve,")).cols(KeySpec.parse("k*,x,日本,")),
          inRows.and(inCols), next.get());
      checkSelect(s, store, a, ma, Select.TRIU.cols(KeySpec.parse("k*,x,日本,")),
          inCols.and(x -> x.col().compareTo(x.row()) >= 0), next.get());

      // select and apply in one pass: C = abs(tril(A))
      c = next.get();
      ma.apply(UnaryOps.ABS, Select.TRIL).into(c);
      sees(map(a.stream().filter(x -> x.col().compareTo(x.row()) <= 0).toList(), Math::abs), store, c,
          "apply abs to select tril");

      // select through a structural complement: C<!struct(M)> = offdiag(A)
      List<Cell> offdiag = a.stream().filter(x -> !x.col().equals(x.row())).toList();
      c = next.get();
      ma.select(Select.OFFDIAG).into(Target.table(c).mask(Mask.of(mm).structure().complement()));
      sees(LabelledCells.mask(offdiag, m, true, true), store, c, "select <!struct(M)>");

      // C = C plus (2A)<!M>: C's cells where M admits stay as they were
      c = next.get();
      ma.ewiseMult(mb, BinaryOps.TIMES).into(c);
      s.matrix(c).assign(ma.applyBindSecond(BinaryOps.TIMES, 2), Mask.of(mm).complement(), BinaryOps.PLUS);
      List<Cell> t = LabelledCells.mask(map(a, x -> 2 * x), m, false, true);
      sees(LabelledCells.join(product, t, Double::sum, x -> x, x -> x), store, c,
          "apply accumulated");

      // an operator the tablet servers could not find by name is refused on every host
      UnaryOp anonymous = new UnaryOp() {
        @Override
        public String name() {
          return "half";
        }

        @Override
        public double apply(double x) {
          return x / 2;
        }
      };
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ma.apply(anonymous));
      assertTrue(e.getMessage().contains("unary operator half cannot be found by name"), e.getMessage());
    }
    List<String> left = new ArrayList<>(store.tables());
    left.removeIf(x -> !x.startsWith("__"));
    assertEquals(List.of(), left.stream().filter(x -> !x.startsWith("__tabulo")).toList(), "temporaries left");
  }

  /** As {@link EwiseAddTest#everyReaderSees}, the expected values as stored: the codec writes -0 as 0. */
  static void sees(List<Cell> expected, Store store, String table, String what) {
    EwiseAddTest.everyReaderSees(map(expected, x -> x + 0.0), store, table, what);
  }

  private static void checkSelect(Session s, Store store, List<Cell> a, Matrix ma, Select select, Predicate<Cell> keep,
      String c) {
    ma.select(select).into(c);
    sees(a.stream().filter(keep).toList(), store, c, "select " + select);
  }

  /** Each cell's value through {@code f}, key and label kept. */
  public static List<Cell> map(List<Cell> cells, java.util.function.DoubleUnaryOperator f) {
    return cells.stream().map(x -> new Cell(x.row(), x.col(), x.label(), f.applyAsDouble(x.value()))).toList();
  }

  @Test
  void matchesBruteForceOnTheEmbeddedEngine() {
    try (Store store = EwiseAddTest.open(dir)) {
      checkAll(store, "", new Random(12));
    }
  }

  @Test
  void selectNamesCheckTheirScalar() {
    assertEquals("gt 0.5", Select.named("gt", 0.5).toString());
    assertEquals(Select.TRIL, Select.named("tril", null));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Select.named("gt", null)).getMessage()
        .contains("select gt compares each value with a scalar"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Select.named("diag", 1.0)).getMessage()
        .contains("select diag compares keys and takes no scalar"));
    assertEquals(Select.LOWER, Select.named("lower", null));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Select.named("above", null)).getMessage()
        .startsWith("unknown select operator 'above'; known: all, diag, eq, ge, gt, le, lower, lt, ne, offdiag, "
            + "tril, triu, upper"));
  }
}
