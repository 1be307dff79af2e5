package tabulo.ops.mxm;

import tabulo.ops.Matrices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.embedded.EngineOptions;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmSettings;
import tabulo.select.KeySpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * Both multiply algorithms against a brute-force triple loop over maps, for every built-in semiring,
 * with and without transposing A, with row, column and inner filters, on random matrices with string
 * keys (not numbers, unicode, a colon), empty rows and columns, overwritten entries, and several tablets.
 */
class MxmTest {
  @TempDir
  static Path dir;

  private static EmbeddedStore store;
  private static Map<String, Map<String, Double>> a;
  private static Map<String, Map<String, Double>> b;
  private static int tableCount;

  @BeforeAll
  static void setUp() {
    store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT,
        EngineOptions.defaults().memtableBytes(64 << 10).writerBufferBytes(2 << 10));
    Random rnd = new Random(11);
    a = Matrices.random(store, rnd, "A", List.of("c", "k"));
    b = Matrices.random(store, rnd, "B", List.of("dave"));
  }

  @AfterAll
  static void tearDown() {
    store.close();
  }

  private static String run(MxmOptions o) {
    return run(o, MxmSettings.defaults());
  }

  private static String run(MxmOptions o, MxmSettings settings) {
    String c = "C" + (++tableCount);
    Mxm.multiply(store, "A", "B", c, o, settings);
    return c;
  }

  @Test
  void everySemiringBothAlgorithmsWithAndWithoutTranspose() {
    for (Semiring s : Semirings.builtIns()) {
      for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
        for (boolean t : new boolean[] {false, true}) {
          String c = run(MxmOptions.defaults().semiring(s).algorithm(alg).transposeA(t),
              MxmSettings.defaults().batchRows(3));
          assertEquals(Matrices.oracle(a, b, t, s, KeySpec.all(), KeySpec.all(), KeySpec.all()), Matrices.read(store, c),
              s.name() + " " + alg + (t ? " A^T" : ""));
        }
      }
    }
  }

  /**
   * Many columns and sparse rows, so a row of C touches few of a batch's columns (put in key order by
   * sorting, not by scanning them all); keys are shuffled so the order columns are met in is not theirs.
   */
  @Test
  void wideSparseMatricesBothAlgorithms() {
    Random rnd = new Random(23);
    List<String> keys = new java.util.ArrayList<>();
    for (int i = 0; i < 300; i++) {
      keys.add(Integer.toString(i * 7919 % 1000, 36) + "-" + i);
    }
    java.util.Collections.shuffle(keys, rnd);
    String[] k = keys.toArray(new String[0]);
    Map<String, Map<String, Double>> wa = Matrices.random(store, rnd, "WA", List.of("m"), k, 100);
    Map<String, Map<String, Double>> wb = Matrices.random(store, rnd, "WB", List.of("g", "t"), k, 100);
    for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
      for (boolean t : new boolean[] {false, true}) {
        String c = "CW" + (++tableCount);
        Mxm.multiply(store, "WA", "WB", c, MxmOptions.defaults().algorithm(alg).transposeA(t),
            MxmSettings.defaults().batchRows(50));
        Map<String, Map<String, Double>> expected = Matrices.oracle(wa, wb, t, Semirings.PLUS_TIMES, KeySpec.all(),
            KeySpec.all(), KeySpec.all());
        assertFalse(expected.isEmpty());
        assertEquals(expected, Matrices.read(store, c), alg + (t ? " A^T" : "") + " wide");
      }
    }
  }

  /**
   * {@code auto} takes the outer product for A^T B when B has at most 1/256 of A's entries, row-by-row
   * otherwise and for A B; either way the product is the brute-force one.
   */
  @Test
  void autoChoosesByTheRuleAndEitherChoiceIsExact() {
    String[] keys = new String[40];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = Matrices.KEYS[i % Matrices.KEYS.length] + (i / Matrices.KEYS.length);
    }
    Map<String, Map<String, Double>> bigA = Matrices.random(store, new Random(3), "AUTOA", List.of("f"), keys, 2);
    String shared = java.util.Arrays.stream(keys) // a row of A and a column of A: meets A and A^T
        .filter(k -> bigA.containsKey(k) && bigA.values().stream().anyMatch(r -> r.containsKey(k)))
        .findFirst().orElseThrow();
    store.create("TINYB", TableSettings.defaults());
    try (TableWriter w = store.writer("TINYB")) {
      Mutation m = new Mutation(shared);
      m.put("", "alice", "2");
      w.addMutation(m);
    }
    Map<String, Map<String, Double>> tinyB = Map.of(shared, Map.of("alice", 2.0));
    long entriesA = store.info("AUTOA").entries();
    assertTrue(entriesA >= AlgorithmChoice.SMALL_B_FRACTION, "A has " + entriesA + " entries");
    record Case(String b, Map<String, Map<String, Double>> bm, boolean transposeA, Algorithm expected) {}
    for (Case k : List.of(new Case("TINYB", tinyB, true, Algorithm.OUTER),
        new Case("TINYB", tinyB, false, Algorithm.ROWWISE), new Case("AUTOA", bigA, true, Algorithm.ROWWISE),
        new Case("AUTOA", bigA, false, Algorithm.ROWWISE))) {
      String c = "CAUTO" + (++tableCount);
      MxmResult r = Mxm.multiply(store, "AUTOA", k.b(), c, MxmOptions.defaults().transposeA(k.transposeA()));
      String what = k.b() + (k.transposeA() ? " A^T B" : " A B");
      assertEquals(k.expected(), r.algorithm(), what + ": " + r.reason());
      assertTrue(r.reason().startsWith("auto: "), r.reason());
      Map<String, Map<String, Double>> expected = Matrices.oracle(bigA, k.bm(), k.transposeA(),
          Semirings.PLUS_TIMES, KeySpec.all(), KeySpec.all(), KeySpec.all());
      assertFalse(expected.isEmpty(), what);
      assertEquals(expected, Matrices.read(store, c), what);
    }
    MxmResult asked = Mxm.multiply(store, "AUTOA", "TINYB", "CASKED", MxmOptions.defaults().transposeA(true)
        .algorithm(Algorithm.ROWWISE));
    assertEquals(Algorithm.ROWWISE, asked.algorithm());
    assertEquals("asked for", asked.reason());
  }

  @Test
  void autoRuleAtItsBoundary() {
    assertEquals(Algorithm.OUTER, AlgorithmChoice.auto(true, 25_600, 100).algorithm());
    assertEquals(Algorithm.ROWWISE, AlgorithmChoice.auto(true, 25_600, 101).algorithm());
    assertEquals(Algorithm.ROWWISE, AlgorithmChoice.auto(false, 25_600, 1).algorithm());
    assertTrue(AlgorithmChoice.auto(true, 25_600, 100).reason().contains("nnz(B) 100, nnz(A) 25,600"),
        AlgorithmChoice.auto(true, 25_600, 100).reason());
  }

  @Test
  void filtersOnRowsColumnsAndInnerDimension() {
    KeySpec rows = KeySpec.parse("alice,c,:,eve,ñ*,");
    KeySpec cols = KeySpec.parse("bob;x;日本;z:*;");
    KeySpec inner = KeySpec.parse(":,k07,");
    for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
      for (boolean t : new boolean[] {false, true}) {
        String c = run(MxmOptions.defaults().algorithm(alg).transposeA(t).rows(rows).cols(cols).inner(inner));
        Map<String, Map<String, Double>> expected = Matrices.oracle(a, b, t, Semirings.PLUS_TIMES, rows, cols, inner);
        assertFalse(expected.isEmpty());
        assertEquals(expected, Matrices.read(store, c), alg + (t ? " A^T" : "") + " filtered");
      }
    }
  }

  @Test
  void transposeOutputHoldsTheTranspose() {
    for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
      String c = "CT_main_" + alg;
      String ct = "CT_t_" + alg;
      Mxm.multiply(store, "A", "B", c, MxmOptions.defaults().algorithm(alg).transposeA(true).transposeOut(ct));
      Map<String, Map<String, Double>> expected = Matrices.oracle(a, b, true, Semirings.PLUS_TIMES, KeySpec.all(),
          KeySpec.all(), KeySpec.all());
      assertEquals(expected, Matrices.read(store, c));
      assertEquals(Matrices.transpose(expected), Matrices.read(store, ct));
    }
  }

  /** Tables named like the temporaries of earlier versions are users' tables: a multiply never touches them. */
  @Test
  void existingResultIsRefusedAndUserTablesNamedLikeTemporariesSurvive() {
    assertThrows(TabuloException.class, () -> Mxm.multiply(store, "A", "B", "A", MxmOptions.defaults()));
    for (String t : List.of("CKEEP__staging", "A__transposed")) {
      store.create(t, TableSettings.defaults());
      try (TableWriter w = store.writer(t)) {
        Mutation m = new Mutation("alice");
        m.put("", "bob", "1000");
        w.addMutation(m);
      }
    }
    for (Algorithm alg : List.of(Algorithm.OUTER, Algorithm.ROWWISE)) { // each copies A transposed once
      String c = "CKEEP_" + alg;
      boolean transposeA = alg == Algorithm.ROWWISE;
      Mxm.multiply(store, "A", "B", c, MxmOptions.defaults().algorithm(alg).transposeA(transposeA));
      assertEquals(Matrices.oracle(a, b, transposeA, Semirings.PLUS_TIMES, KeySpec.all(), KeySpec.all(), KeySpec.all()),
          Matrices.read(store, c));
      store.delete(c);
    }
    for (String t : List.of("CKEEP__staging", "A__transposed")) {
      assertEquals(Map.of("alice", Map.of("bob", 1000.0)), Matrices.read(store, t), t);
      store.delete(t);
    }
    assertEquals(List.of(), store.tables().stream().filter(tabulo.storage.TableNames::isReserved).toList());
    assertThrows(TabuloException.class, () -> Mxm.multiply(store, "A", "B", "__mine", MxmOptions.defaults()));
  }

  @Test
  void unreadableValueNamesTableRowAndColumn() {
    store.create("BAD", TableSettings.defaults());
    try (TableWriter w = store.writer("BAD")) {
      Mutation m = new Mutation("bob");
      m.put("", "carol", "twelve");
      w.addMutation(m);
    }
    for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
      TabuloException e = assertThrows(TabuloException.class,
          () -> Mxm.multiply(store, "BAD", "BAD", "CBAD", MxmOptions.defaults().algorithm(alg)));
      assertTrue(e.getMessage().contains("table BAD, row 'bob', column 'carol': value 'twelve' is not a decimal number"),
          e.getMessage());
      assertFalse(store.exists("CBAD"));
    }
  }
}
