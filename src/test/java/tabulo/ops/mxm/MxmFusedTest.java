package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntPredicate;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.BinaryOps;
import tabulo.math.DecimalCodec;
import tabulo.math.EpilogueOp;
import tabulo.math.EpilogueOps;
import tabulo.math.Semirings;
import tabulo.ops.Matrices;
import tabulo.ops.Session;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * Row-by-row's fused options against the triple loop filtered afterwards: the positional masks (the
 * column key against the row key, unsigned bytes), the fused select (a value comparison), both at once,
 * and the epilogues over a vector, over split tables; and the errors for an outer product asked to fuse
 * them and for a vector missing a key.
 */
public class MxmFusedTest {
  @TempDir
  Path dir;

  private static boolean after(String column, String row) {
    return Arrays.compareUnsigned(column.getBytes(StandardCharsets.UTF_8), row.getBytes(StandardCharsets.UTF_8)) > 0;
  }

  /** The product's cells with {@code upper}: only columns after the row; with {@code min}: values >= min. */
  private static Map<String, Map<String, Double>> filtered(Map<String, Map<String, Double>> c, boolean upper,
      Double min) {
    Map<String, Map<String, Double>> out = new TreeMap<>();
    c.forEach((r, cols) -> cols.forEach((k, v) -> {
      if ((!upper || after(k, r)) && (min == null || v >= min)) {
        out.computeIfAbsent(r, x -> new TreeMap<>()).put(k, v);
      }
    }));
    return out;
  }

  @Test
  void strictlyUpperAndKeepMatchTheFilteredProduct() {
    EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    try (Store s0 = store) {
      Random rnd = new Random(4);
      for (int round = 0; round < 4; round++) {
        String a = "A" + round;
        String b = "B" + round;
        Map<String, Map<String, Double>> ma = Matrices.random(store, rnd, a, List.of("carol", "k"));
        Map<String, Map<String, Double>> mb = Matrices.random(store, rnd, b, List.of("eve"));
        Map<String, Map<String, Double>> c = Matrices.oracle(ma, mb, false, Semirings.PLUS_TIMES, KeySpec.all(),
            KeySpec.all(), KeySpec.all());
        try (Session s = Session.open(store)) {
          s.matrix(a).mxm(s.matrix(b), MxmOptions.defaults().positional(PositionalMask.UPPER)).into("U" + round);
          s.matrix(a).mxm(s.matrix(b), MxmOptions.defaults().select(BinaryOps.GE, 1)).into("K" + round);
          s.matrix(a).mxm(s.matrix(b), MxmOptions.defaults().positional(PositionalMask.UPPER).select(BinaryOps.GE, 1))
              .into("UK" + round);
        }
        assertEquals(true, !filtered(c, true, 1.0).isEmpty() && filtered(c, false, null).size() > 1, "a test worth its name");
        assertEquals(filtered(c, true, null), Matrices.read(store, "U" + round), "strictly upper, round " + round);
        assertEquals(filtered(c, false, 1.0), Matrices.read(store, "K" + round), "keep >= 1, round " + round);
        assertEquals(filtered(c, true, 1.0), Matrices.read(store, "UK" + round), "both, round " + round);
      }
    }
  }

  /** The product's cells at the positions where the column key compares with the row key as {@code keeps} says. */
  private static Map<String, Map<String, Double>> positions(Map<String, Map<String, Double>> c, IntPredicate keeps) {
    Map<String, Map<String, Double>> out = new TreeMap<>();
    c.forEach((r, cols) -> cols.forEach((k, v) -> {
      if (keeps.test(Integer.signum(Arrays.compareUnsigned(k.getBytes(StandardCharsets.UTF_8),
          r.getBytes(StandardCharsets.UTF_8))))) {
        out.computeIfAbsent(r, x -> new TreeMap<>()).put(k, v);
      }
    }));
    return out;
  }

  @Test
  void everyPositionalMaskMatchesTheProductAtItsPositions() {
    EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    Map<PositionalMask, IntPredicate> keeps = Map.of(PositionalMask.TRIL, c -> c <= 0, PositionalMask.TRIU, c -> c >= 0,
        PositionalMask.LOWER, c -> c < 0, PositionalMask.UPPER, c -> c > 0);
    try (Store s0 = store) {
      Random rnd = new Random(7);
      for (int round = 0; round < 3; round++) {
        String a = "A" + round;
        Map<String, Map<String, Double>> ma = Matrices.random(store, rnd, a, List.of("carol", "k"));
        Map<String, Map<String, Double>> c = Matrices.oracle(ma, ma, false, Semirings.PLUS_TIMES, KeySpec.all(),
            KeySpec.all(), KeySpec.all());
        for (PositionalMask p : PositionalMask.values()) {
          String out = p.label() + round;
          try (Session s = Session.open(store)) {
            s.matrix(a).mxm(s.matrix(a), MxmOptions.defaults().positional(p)).into(out);
          }
          Map<String, Map<String, Double>> expected = positions(c, keeps.get(p));
          assertEquals(true, !expected.isEmpty() && !expected.equals(c), "a test worth its name: " + p);
          assertEquals(expected, Matrices.read(store, out), p + ", round " + round);
        }
      }
    }
  }

  @Test
  void epiloguesFinishEachCellWithTheVectorAtItsRowAndColumn() {
    EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    try (Store s0 = store) {
      Random rnd = new Random(11);
      Map<String, Map<String, Double>> ma = Matrices.random(store, rnd, "A", List.of("dave"));
      Map<String, Map<String, Double>> mb = Matrices.random(store, rnd, "B", List.of("bob", "x"));
      Map<String, Double> x = new TreeMap<>();
      store.create("X", TableSettings.defaults());
      try (TableWriter w = store.writer("X")) {
        for (String k : Matrices.KEYS) {
          x.put(k, 1 + rnd.nextInt(20) / 4.0);
          Mutation m = new Mutation(k);
          m.put("", "x", DecimalCodec.format(x.get(k)));
          w.addMutation(m);
        }
      }
      Map<String, Map<String, Double>> c = Matrices.oracle(ma, mb, false, Semirings.PLUS_TIMES, KeySpec.all(),
          KeySpec.all(), KeySpec.all());
      for (EpilogueOp op : List.of(EpilogueOps.IOU, EpilogueOps.COSINE)) {
        Map<String, Map<String, Double>> expected = new TreeMap<>();
        c.forEach((r, cols) -> cols.forEach((k, v) -> expected.computeIfAbsent(r, z -> new TreeMap<>())
            .put(k, op == EpilogueOps.IOU ? v / (x.get(r) + x.get(k) - v) : v / Math.sqrt(x.get(r) * x.get(k)))));
        try (Session s = Session.open(store)) {
          s.matrix("A").mxm(s.matrix("B"), MxmOptions.defaults().epilogue(op, "X")).into(op.name());
          s.matrix("A").mxm(s.matrix("B"), MxmOptions.defaults().epilogue(op, "X").select(BinaryOps.GT, 0))
              .into(op.name() + "_positive");
        }
        assertEquals(true, c.size() > 1, "a test worth its name");
        assertEquals(expected, Matrices.read(store, op.name()), op.name());
        assertEquals(filtered(expected, false, Math.ulp(0.0)), Matrices.read(store, op.name() + "_positive"),
            op.name() + ", then select > 0");
      }
      store.create("Y", TableSettings.defaults());
      try (TableWriter w = store.writer("Y")) {
        Mutation m = new Mutation("alice");
        m.put("", "x", "1");
        w.addMutation(m);
      }
      try (Session s = Session.open(store)) {
        TabuloException e = assertThrows(TabuloException.class, () -> s.matrix("A").mxm(s.matrix("B"),
            MxmOptions.defaults().epilogue(EpilogueOps.IOU, "Y")).into("CY"));
        assertEquals(true, e.getMessage().contains("the vector table Y has no value for key"), e.getMessage());
      }
    }
  }

  @Test
  void theOuterProductCannotFuseThem() {
    EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations());
    try (Store s0 = store; Session s = Session.open(store)) {
      Matrices.random(store, new Random(1), "A", List.of());
      TabuloException e = assertThrows(TabuloException.class, () -> s.matrix("A").mxm(s.matrix("A"),
          MxmOptions.defaults().algorithm(MxmOptions.Algorithm.OUTER).positional(PositionalMask.UPPER)).into("C"));
      assertEquals(true, e.getMessage().contains("row-by-row"), e.getMessage());
    }
  }
}
