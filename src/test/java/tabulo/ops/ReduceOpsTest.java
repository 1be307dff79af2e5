package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.math.BinaryOps;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.math.ValueCodec;
import tabulo.ops.LabelledCells.Cell;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * Reduce (rows, columns, to a scalar), transpose, extract and assign against brute force, as every reader
 * sees them: random labelled matrices split in tablets, units of a few entries (so reduce-columns folds
 * many partial parts), masks (in the kernel and afterwards) and accumulators.
 */
public class ReduceOpsTest {
  private static final ValueCodec DECIMAL = ValueCodec.named("decimal");

  @TempDir
  Path dir;

  /** The checks of this class on any store (the Accumulo host runs them too). */
  public static void checkAll(Store store, String prefix, Random rnd) {
    checkAll(store, prefix, rnd, List.of(Monoids.PLUS, Monoids.MAX, Monoids.TIMES), LabelledCells.READERS);
  }

  /** The checks with these monoids, and the scalar reduce for these readers (fewer where kernels cost more). */
  public static void checkAll(Store store, String prefix, Random rnd, List<Monoid> monoids,
      List<Authorizations> scalarReaders) {
    List<Cell> a = LabelledCells.random(store, rnd, prefix + "A", List.of("carol", "k"), 2);
    List<Cell> c = LabelledCells.random(store, rnd, prefix + "C", List.of("eve"), 2);
    List<Cell> m = LabelledCells.random(store, rnd, prefix + "M", List.of(), 2);
    List<Cell> v = vector(store, rnd, prefix + "V", "plus");
    try (Session s = Session.open(store).unitEntries(3)) {
      Matrix ma = s.matrix(prefix + "A");
      int n = 0;
      for (Monoid mo : monoids) {
        String r = prefix + "R" + n++;
        ma.reduceRows(mo).into(r);
        String k = prefix + "R" + n++;
        ma.reduceCols(mo, "folded").into(k);
        for (Authorizations reader : LabelledCells.READERS) {
          assertEquals(folds(a, reader, mo, true, mo.name()), LabelledCells.view(store, r, reader),
              "rows " + mo.name() + ", reader " + reader);
          assertEquals(folds(a, reader, mo, false, "folded"), LabelledCells.view(store, k, reader),
              "cols " + mo.name() + ", reader " + reader);
          if (!scalarReaders.contains(reader)) {
            continue;
          }
          try (Session as = Session.open(store).auths(reader).unitEntries(3)) {
            double expected = scalar(a, reader, mo);
            assertEquals(expected + 0.0, as.matrix(prefix + "A").reduce(mo) + 0.0, "scalar " + mo.name() + ", reader " + reader);
            // A is small, so reduce folds it as it reads it: the kernels' fold of per-label parts, too
            assertEquals(expected + 0.0, as.matrix(prefix + "A").reduceInKernels(mo) + 0.0,
                "scalar in kernels " + mo.name() + ", reader " + reader);
          }
        }
      }
      // reduce rows through a vector mask, in the kernel: exact for every reader
      for (boolean complement : new boolean[] {false, true}) {
        String r = prefix + "R" + n++;
        Mask mask = Mask.of(s.matrix(prefix + "V"));
        ma.reduceRows(Monoids.PLUS).into(Target.table(r).mask(complement ? mask.complement() : mask));
        for (Authorizations reader : LabelledCells.READERS) {
          assertEquals(masked(folds(a, reader, Monoids.PLUS, true, "plus"), v, reader, complement),
              LabelledCells.view(store, r, reader), "masked rows, complement " + complement + ", reader " + reader);
        }
      }
      // reduce columns through a mask applied afterwards, and reduce rows accumulated into an existing vector:
      // the caller (all labels) sees the exact result; a reader with fewer labels sees no more than it
      String k = prefix + "R" + n++;
      ma.reduceCols(Monoids.PLUS).into(Target.table(k).mask(Mask.of(s.matrix(prefix + "V")).structure()));
      Map<String, List<Double>> full = folds(a, LabelledCells.READERS.get(0), Monoids.PLUS, false, "plus");
      full.keySet().removeIf(key -> v.stream().noneMatch(x -> key.equals(x.row() + " " + x.col())));
      everyReaderSeesAtMost(full, store, k, "masked cols");
      String acc = prefix + "R" + n++;
      ma.reduceRows(Monoids.PLUS).into(acc);
      s.matrix(acc).assign(ma.reduceRows(Monoids.PLUS), null, BinaryOps.PLUS);
      Map<String, List<Double>> twice = new TreeMap<>();
      folds(a, LabelledCells.READERS.get(0), Monoids.PLUS, true, "plus").forEach((key, x) -> twice.put(key,
          List.of(2 * x.get(0))));
      everyReaderSeesAtMost(twice, store, acc, "accumulated rows");

      // transpose, extract (with a mask in the kernel), assign
      String t = prefix + "T";
      ma.transpose().into(t);
      List<Cell> at = a.stream().map(x -> new Cell(x.col(), x.row(), x.label(), x.value())).toList();
      EwiseAddTest.everyReaderSees(at, store, t, "transpose");
      String tm = prefix + "TM";
      ma.transpose().into(Target.table(tm).mask(Mask.of(s.matrix(prefix + "M"))));
      EwiseAddTest.everyReaderSees(LabelledCells.mask(at, m, false, false), store, tm, "masked transpose");

      Predicate<String> rowsIn = r -> r.compareTo("alice") >= 0 && r.compareTo("dave") <= 0; // alice bob carol dave
      Set<String> colsIn = Set.of("bob", "eve", "z:1");
      KeySpec rows = KeySpec.parse("alice,:,dave,");
      KeySpec cols = KeySpec.parse("bob,eve,z:1,");
      List<Cell> block = a.stream().filter(x -> rowsIn.test(x.row()) && colsIn.contains(x.col())).toList();
      String e = prefix + "E";
      ma.extract(rows, cols).into(e);
      EwiseAddTest.everyReaderSees(block, store, e, "extract");
      String em = prefix + "EM";
      ma.extract(rows, cols).into(Target.table(em).mask(Mask.of(s.matrix(prefix + "M")).structure().complement()));
      EwiseAddTest.everyReaderSees(LabelledCells.mask(block, m, true, true), store, em, "masked extract");

      List<Cell> outside = c.stream().filter(x -> !(rowsIn.test(x.row()) && colsIn.contains(x.col()))).toList();
      List<Cell> inside = c.stream().filter(x -> rowsIn.test(x.row()) && colsIn.contains(x.col())).toList();
      String c1 = copy(store, c, prefix + "C1");
      s.matrix(c1).assign(ma, rows, cols, null, null);
      EwiseAddTest.everyReaderSees(concat(outside, block), store, c1, "assign");
      String c2 = copy(store, c, prefix + "C2");
      s.matrix(c2).assign(ma, rows, cols, null, BinaryOps.MINUS);
      EwiseAddTest.everyReaderSees(concat(outside, LabelledCells.join(inside, block, (x, y) -> x - y, x -> x, x -> x)),
          store, c2, "assign accum minus");
      // with a structural mask: the block's keys M holds change, C's other keys stay
      String c3 = copy(store, c, prefix + "C3");
      s.matrix(c3).assign(ma, rows, cols, Mask.of(s.matrix(prefix + "M")).structure(), BinaryOps.PLUS);
      List<Cell> kept = LabelledCells.mask(inside, m, true, true);
      List<Cell> changed = LabelledCells.mask(LabelledCells.join(inside, block, Double::sum, x -> x, x -> x), m, true,
          false);
      EwiseAddTest.everyReaderSees(concat(outside, concat(kept, changed)), store, c3, "masked assign");

      TabuloException x = assertThrows(TabuloException.class,
          () -> s.matrix(c1).assign(ma, rows, cols, Mask.of(new Matrix(s, prefix + "nomask", null)), null));
      assertTrue(x.getMessage().contains("no such mask table: " + prefix + "nomask"), x.getMessage());
      try (Session narrow = Session.open(store).auths(new Authorizations("red"))) {
        x = assertThrows(TabuloException.class,
            () -> narrow.matrix(c1).assign(narrow.matrix(prefix + "A"), rows, cols, null, null));
        assertTrue(x.getMessage().contains("reads all of " + c1), x.getMessage());
      }
      EwiseAddTest.everyReaderSees(concat(outside, block), store, c1, "assign refused leaves C as it was");
    }
    List<String> left = new ArrayList<>(store.tables());
    left.removeIf(t -> !t.startsWith("__"));
    assertEquals(List.of(), left.stream().filter(t -> !t.startsWith("__tabulo")).toList(), "temporaries left");
  }

  /** A one-column table: random row keys, column {@code column}, random labels, values 0 or 1. */
  private static List<Cell> vector(Store store, Random rnd, String table, String column) {
    store.create(table, TableSettings.defaults());
    List<Cell> cells = new ArrayList<>();
    try (TableWriter w = store.writer(table)) {
      for (String r : LabelledCells.KEYS) {
        if (rnd.nextInt(3) == 0) {
          continue;
        }
        String label = LabelledCells.LABELS[rnd.nextInt(LabelledCells.LABELS.length)];
        double x = rnd.nextInt(2);
        Mutation mu = new Mutation(r);
        mu.put("", column, new ColumnVisibility(label), new Value(DECIMAL.encode(x)));
        w.addMutation(mu);
        cells.add(new Cell(r, column, label, x));
      }
    }
    return cells;
  }

  /** By brute force: per row (or column) the fold of the values {@code reader} may read. */
  private static Map<String, List<Double>> folds(List<Cell> a, Authorizations reader, Monoid m, boolean rows,
      String column) {
    Map<String, List<Double>> out = new TreeMap<>();
    for (Cell x : a) {
      if (canRead(reader, x.label())) {
        String key = (rows ? x.row() : x.col()) + " " + column;
        List<Double> acc = out.computeIfAbsent(key, k -> new ArrayList<>(List.of(m.identity())));
        acc.set(0, m.add(acc.get(0), x.value()) + 0.0); // -0 is stored as 0
      }
    }
    return out;
  }

  private static double scalar(List<Cell> a, Authorizations reader, Monoid m) {
    double acc = m.identity();
    for (Cell x : a) {
      if (canRead(reader, x.label())) {
        acc = m.add(acc, x.value());
      }
    }
    return acc;
  }

  /**
   * A result masked by vector {@code v} as {@code reader} sees it: kept where the reader sees a non-zero
   * cell of v at the key; with {@code complement}, where v has no non-zero cell at all (seen or not).
   */
  private static Map<String, List<Double>> masked(Map<String, List<Double>> view, List<Cell> v, Authorizations reader,
      boolean complement) {
    Map<String, List<Double>> out = new TreeMap<>(view);
    out.keySet().removeIf(key -> {
      List<Cell> admitting = v.stream().filter(x -> key.equals(x.row() + " " + x.col()) && x.value() != 0).toList();
      return complement ? !admitting.isEmpty() : admitting.stream().noneMatch(x -> canRead(reader, x.label()));
    });
    return out;
  }

  /** The caller (every label) sees {@code expected}; any other reader sees some of its cells, unchanged. */
  private static void everyReaderSeesAtMost(Map<String, List<Double>> expected, Store store, String table,
      String what) {
    assertEquals(expected, LabelledCells.view(store, table, LabelledCells.READERS.get(0)), what);
    for (Authorizations reader : LabelledCells.READERS) {
      LabelledCells.view(store, table, reader).forEach((key, x) -> assertEquals(expected.get(key), x,
          what + ", reader " + reader + ", key " + key));
    }
  }

  /** Writes {@code cells} into a new table {@code to}. */
  static String copy(Store store, List<Cell> cells, String to) {
    store.create(to, TableSettings.defaults().splits(List.of("eve")));
    try (TableWriter w = store.writer(to)) {
      for (Cell x : cells) {
        Mutation mu = new Mutation(x.row());
        mu.put("", x.col(), new ColumnVisibility(x.label()), new Value(DECIMAL.encode(x.value())));
        w.addMutation(mu);
      }
    }
    return to;
  }

  static List<Cell> concat(List<Cell> x, List<Cell> y) {
    List<Cell> out = new ArrayList<>(x);
    out.addAll(y);
    return out;
  }

  static boolean canRead(Authorizations reader, String label) {
    try {
      return new VisibilityEvaluator(reader).evaluate(new ColumnVisibility(label));
    } catch (VisibilityParseException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void matchesBruteForceOnTheEmbeddedEngine() {
    try (Store store = EwiseAddTest.open(dir)) {
      checkAll(store, "", new Random(12));
    }
  }
}
