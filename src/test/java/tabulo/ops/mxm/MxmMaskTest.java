package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.LabelledCells;
import tabulo.ops.LabelledCells.Cell;
import tabulo.ops.Mask;
import tabulo.ops.Matrix;
import tabulo.ops.Mxm;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmSettings;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * C&lt;M&gt; = op(A) (+.x) B against brute force, as every reader sees it: both algorithms (row-by-row masks in
 * its accumulator, the outer product afterwards), A and A^T, valued and structural masks and their
 * complements, labelled cells in A, B and M (the mask cell's label joins the result's), accumulation into an
 * existing C; and the masked row-by-row multiply computes exactly the partial products the mask admits.
 */
public class MxmMaskTest {
  @TempDir
  Path dir;

  /** What reader {@code r} should see of C&lt;M&gt; = op(A) B: per key, the sum of the parts it may read. */
  static Map<String, List<Double>> expected(List<Cell> a, List<Cell> b, List<Cell> m, boolean transposeA,
      boolean structure, boolean complement, Authorizations r) {
    Map<String, Double> sums = new TreeMap<>();
    for (Cell x : a) {
      for (Cell y : b) {
        String k = transposeA ? x.row() : x.col();
        if (y.row().equals(k) && readable(x.label(), r) && readable(y.label(), r)) {
          sums.merge((transposeA ? x.col() : x.row()) + " " + y.col(), x.value() * y.value(), Double::sum);
        }
      }
    }
    Map<String, List<Double>> out = new TreeMap<>();
    sums.forEach((key, v) -> {
      boolean in = false; // a mask cell admits the key for this reader (it must read that cell)
      boolean held = false; // a mask cell holds the key, for anyone (the complement excludes it)
      for (Cell c : m) {
        if ((c.row() + " " + c.col()).equals(key) && (structure || c.value() != 0)) {
          held = true;
          in |= readable(c.label(), r);
        }
      }
      if (complement ? !held : in) {
        out.put(key, new ArrayList<>(List.of(v + 0.0)));
      }
    });
    return out;
  }

  static boolean readable(String label, Authorizations r) {
    try {
      return new VisibilityEvaluator(r).evaluate(new ColumnVisibility(label));
    } catch (VisibilityParseException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The checks of this class on any store (the Accumulo host runs them too). */
  public static void checkAll(Store store, String prefix, Random rnd) {
    List<Cell> a = LabelledCells.random(store, rnd, prefix + "A", List.of("carol", "k"), 2);
    List<Cell> b = LabelledCells.random(store, rnd, prefix + "B", List.of("eve"), 2);
    List<Cell> m = LabelledCells.random(store, rnd, prefix + "M", List.of("dave"), 2);
    int n = 0;
    int cells = 0;
    try (Session s = Session.open(store).unitEntries(3)) {
      Matrix ma = s.matrix(prefix + "A");
      Matrix mb = s.matrix(prefix + "B");
      for (Algorithm alg : new Algorithm[] {Algorithm.ROWWISE, Algorithm.OUTER}) {
        for (boolean t : new boolean[] {false, true}) {
          for (boolean structure : new boolean[] {false, true}) {
            for (boolean complement : new boolean[] {false, true}) {
              Mask mask = Mask.of(s.matrix(prefix + "M"));
              mask = structure ? mask.structure() : mask;
              mask = complement ? mask.complement() : mask;
              String c = prefix + "C" + n++;
              Mxm op = Mxm.of(ma, mb, MxmOptions.defaults().algorithm(alg).transposeA(t),
                  MxmSettings.defaults().batchRows(4));
              op.into(Target.table(c).mask(mask));
              String what = alg + (t ? " A^T B" : " A B") + " <" + mask + ">";
              assertEquals(alg, op.result().algorithm(), what);
              for (Authorizations r : LabelledCells.READERS) {
                Map<String, List<Double>> want = expected(a, b, m, t, structure, complement, r);
                assertEquals(want, LabelledCells.view(store, c, r), what + ", reader " + r);
                cells += want.size();
              }
            }
          }
        }
      }
      // auto with a mask: row-by-row, saying why (B is not small beside A)
      Mxm auto = Mxm.of(ma, mb, MxmOptions.defaults().transposeA(true));
      auto.into(Target.table(prefix + "C" + n++).mask(Mask.of(s.matrix(prefix + "M"))));
      assertEquals(Algorithm.ROWWISE, auto.result().algorithm(), auto.result().reason());
      assertTrue(auto.result().reason().startsWith("auto: a mask ("), auto.result().reason());
      // C = C max (A B)<struct(M)>, read by the reader who sees every label: C's cells outside the mask stay
      String c = prefix + "C" + n++;
      List<Cell> c0 = LabelledCells.random(store, rnd, c, List.of(), 2).stream()
          .map(x -> new Cell(x.row(), x.col(), "", x.value())).toList();
      store.delete(c);
      store.create(c, TableSettings.defaults());
      try (TableWriter w = store.writer(c)) {
        for (Cell x : c0) {
          Mutation mu = new Mutation(x.row());
          mu.put("", x.col(), tabulo.math.DecimalCodec.format(x.value()));
          w.addMutation(mu);
        }
      }
      s.matrix(c).assign(ma.mxm(mb, Semirings.PLUS_TIMES), Mask.of(s.matrix(prefix + "M")).structure(), BinaryOps.MAX);
      Authorizations all = LabelledCells.READERS.get(0);
      List<Cell> product = new ArrayList<>();
      expected(a, b, m, false, true, false, all).forEach((key, v) -> {
        String[] rc = key.split(" ", 2);
        product.add(new Cell(rc[0], rc[1], "", v.get(0)));
      });
      assertEquals(LabelledCells.view(LabelledCells.join(c0, product, Math::max, x -> x, x -> x), all),
          LabelledCells.view(store, c, all), "accumulated");
      assertThrows(TabuloException.class, () -> Mxm.multiply(store, prefix + "A", prefix + "B", prefix + "C0",
          MxmOptions.defaults().mask(prefix + "nothing", false, false)));
    }
    assertTrue(cells > 100, "the test reads real products: " + cells);
    List<String> left = new ArrayList<>(store.tables());
    left.removeIf(x -> !x.startsWith("__") || x.startsWith("__tabulo"));
    assertEquals(List.of(), left, "temporaries left");
  }

  @Test
  void matchesBruteForceForEveryReader() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
      checkAll(store, "", new Random(13));
    }
  }

  /**
   * A structural mask of about 1% of C's keys: row-by-row computes exactly the partial products that land on
   * a masked-in key (its complement: exactly the others), counted by brute force, and the product matches.
   */
  @Test
  void rowByRowComputesOnlyWhatTheMaskAdmits() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      Random rnd = new Random(17);
      Map<String, Map<String, Double>> a = random(store, "A", rnd, 300, 8);
      Map<String, Map<String, Double>> b = random(store, "B", rnd, 300, 8);
      Map<String, Map<String, Double>> full = new TreeMap<>();
      Map<String, Long> partsPerKey = new TreeMap<>();
      a.forEach((i, row) -> row.forEach((k, x) -> b.getOrDefault(k, Map.of()).forEach((j, y) -> {
        full.computeIfAbsent(i, z -> new TreeMap<>()).merge(j, x * y, Double::sum);
        partsPerKey.merge(i + " " + j, 1L, Long::sum);
      })));
      long total = partsPerKey.values().stream().mapToLong(Long::longValue).sum();
      List<String> keys = new ArrayList<>(partsPerKey.keySet());
      Set<String> masked = new HashSet<>();
      store.create("M", TableSettings.defaults());
      try (TableWriter w = store.writer("M")) {
        for (String k : keys) {
          if (rnd.nextInt(100) == 0) {
            masked.add(k);
            String[] rc = k.split(" ");
            Mutation mu = new Mutation(rc[0]);
            mu.put("", rc[1], "not a number"); // a structural mask's values are never read
            w.addMutation(mu);
          }
        }
      }
      long admitted = masked.stream().mapToLong(partsPerKey::get).sum();
      assertTrue(admitted > 0 && admitted * 20 < total, admitted + " of " + total);
      MxmResult in = Mxm.multiply(store, "A", "B", "CM", MxmOptions.defaults().mask("M", true, false));
      assertEquals(Algorithm.ROWWISE, in.algorithm());
      assertEquals(admitted, in.partialProducts(), "partial products computed through the mask");
      MxmResult out = Mxm.multiply(store, "A", "B", "CC", MxmOptions.defaults().mask("M", true, true));
      assertEquals(total - admitted, out.partialProducts(), "partial products computed through its complement");
      Map<String, Map<String, Double>> wantIn = new TreeMap<>();
      Map<String, Map<String, Double>> wantOut = new TreeMap<>();
      full.forEach((i, row) -> row.forEach((j, v) -> (masked.contains(i + " " + j) ? wantIn : wantOut)
          .computeIfAbsent(i, z -> new TreeMap<>()).put(j, v)));
      assertEquals(wantIn, tabulo.ops.Matrices.read(store, "CM"));
      assertEquals(wantOut, tabulo.ops.Matrices.read(store, "CC"));
    }
  }

  /** {@code n} rows and columns "k000".., about {@code degree} random entries per row. */
  static Map<String, Map<String, Double>> random(Store store, String table, Random rnd, int n, int degree) {
    store.create(table, TableSettings.defaults().splits(List.of("k100", "k200")));
    Map<String, Map<String, Double>> m = new TreeMap<>();
    try (TableWriter w = store.writer(table)) {
      for (int i = 0; i < n; i++) {
        Mutation mu = new Mutation(String.format("k%03d", i));
        Set<String> cols = new java.util.TreeSet<>();
        for (int e = 0; e < degree; e++) {
          cols.add(String.format("k%03d", rnd.nextInt(n)));
        }
        for (String col : cols) {
          double v = 1 + rnd.nextInt(5);
          mu.put("", col, tabulo.math.DecimalCodec.format(v));
          m.computeIfAbsent(String.format("k%03d", i), z -> new TreeMap<>()).put(col, v);
        }
        w.addMutation(mu);
      }
    }
    assertFalse(m.isEmpty());
    return m;
  }
}
