package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOps;
import tabulo.ops.LabelledCells.Cell;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * C = A ∪ B on tables against the brute-force join, as every reader sees it: several operators, units of a
 * few entries across split tables (rows only B holds, in every tablet), masks (valued, structural,
 * complemented) and accumulation into an existing C.
 */
public class EwiseAddTest {
  @TempDir
  Path dir;

  static void everyReaderSees(List<Cell> expected, Store store, String table, String what) {
    for (Authorizations reader : LabelledCells.READERS) {
      assertEquals(LabelledCells.view(expected, reader), LabelledCells.view(store, table, reader),
          what + ", reader " + reader);
    }
  }

  static Store open(Path dir) {
    EmbeddedStore s = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    s.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
    return s;
  }

  /** The checks of this class on any store (the Accumulo host runs them too). */
  public static void checkAll(Store store, String prefix, Random rnd) {
    List<Cell> a = LabelledCells.random(store, rnd, prefix + "A", List.of("carol", "k"), 3);
    List<Cell> b = LabelledCells.random(store, rnd, prefix + "B", List.of("eve"), 3);
    List<Cell> m = LabelledCells.random(store, rnd, prefix + "M", List.of(), 2);
    try (Session s = Session.open(store).unitEntries(3)) {
      Matrix ma = s.matrix(prefix + "A");
      Matrix mb = s.matrix(prefix + "B");
      int n = 0;
      for (BinaryOp op : List.of(BinaryOps.PLUS, BinaryOps.MINUS, BinaryOps.MIN, BinaryOps.SECOND)) {
        String c = prefix + "C" + n++;
        ma.ewiseAdd(mb, op).into(c);
        everyReaderSees(LabelledCells.join(a, b, op::apply, x -> x, x -> x), store, c, op.name());
      }
      // C = f(A ∪ B) in one pass: f maps the joined values and the one-sided ones alike
      String fused = prefix + "C" + n++;
      ma.ewiseAdd(mb, BinaryOps.MINUS).apply(UnaryOps.ABS).into(fused);
      everyReaderSees(LabelledCells.join(a, b, (x, y) -> Math.abs(x - y), Math::abs, Math::abs), store, fused,
          "|A - B|");
      fused = prefix + "C" + n++;
      ma.ewiseAdd(mb, BinaryOps.TIMES).applyBindSecond(BinaryOps.PLUS, 0.25)
          .into(Target.table(fused).mask(Mask.of(s.matrix(prefix + "M")).structure()));
      everyReaderSees(LabelledCells.mask(LabelledCells.join(a, b, (x, y) -> x * y + 0.25, x -> x + 0.25,
          x -> x + 0.25), m, true, false), store, fused, "A .* B + 0.25, masked");
      List<Cell> sum = LabelledCells.join(a, b, Double::sum, x -> x, x -> x);
      for (boolean structure : new boolean[] {false, true}) {
        for (boolean complement : new boolean[] {false, true}) {
          Mask mask = Mask.of(s.matrix(prefix + "M"));
          mask = structure ? mask.structure() : mask;
          mask = complement ? mask.complement() : mask;
          String c = prefix + "C" + n++;
          ma.ewiseAdd(mb, BinaryOps.PLUS).into(Target.table(c).mask(mask));
          everyReaderSees(LabelledCells.mask(sum, m, structure, complement), store, c, "mask " + mask);
        }
      }
      // C = C max (A ∪ B)<M>: C's cells outside the mask stay
      String c = prefix + "C" + n++;
      ma.ewiseAdd(mb, BinaryOps.PLUS).into(c);
      s.matrix(c).assign(ma.ewiseAdd(mb, BinaryOps.PLUS), Mask.of(s.matrix(prefix + "M")).structure(), BinaryOps.MAX);
      List<Cell> t = LabelledCells.mask(sum, m, true, false);
      everyReaderSees(LabelledCells.join(sum, t, Math::max, x -> x, x -> x), store, c, "accumulated");
      String missing = prefix + "nothing";
      TabuloException e = assertThrows(TabuloException.class,
          () -> ma.ewiseAdd(mb, BinaryOps.PLUS).into(Target.table(missing).accum(BinaryOps.PLUS)));
      assertTrue(e.getMessage().contains("no such table: " + missing), e.getMessage());
      e = assertThrows(TabuloException.class, () -> ma.ewiseAdd(mb, BinaryOps.PLUS).into(prefix + "A"));
      assertTrue(e.getMessage().contains("already exists"), e.getMessage());
    }
    List<String> left = new ArrayList<>(store.tables());
    left.removeIf(x -> !x.startsWith("__"));
    assertEquals(List.of(), left.stream().filter(x -> !x.startsWith("__tabulo")).toList(), "temporaries left");
  }

  @Test
  void matchesBruteForceOnTheEmbeddedEngine() {
    try (Store store = open(dir)) {
      checkAll(store, "", new Random(11));
    }
  }
}
