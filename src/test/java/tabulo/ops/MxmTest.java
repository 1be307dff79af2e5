package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.d4m.KeySpec;
import tabulo.embedded.EmbeddedStore;
import tabulo.embedded.EngineOptions;
import tabulo.math.DecimalCodec;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.ops.MxmOptions.Algorithm;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * Both multiply algorithms against a brute-force triple loop over maps, for every built-in semiring,
 * with and without transposing A, with row, column and inner filters, on random matrices with string
 * keys (not numbers, unicode, a colon), empty rows and columns, overwritten entries, and several tablets.
 */
class MxmTest {
  private static final String[] KEYS = {"alice", "bob", "carol", "dave", "eve", "ñandú", "日本", "z:1", "k07", "x"};

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
    a = randomMatrix(rnd, "A", List.of("c", "k"));
    b = randomMatrix(rnd, "B", List.of("dave"));
  }

  @AfterAll
  static void tearDown() {
    store.close();
  }

  /** Writes a random matrix (some entries written twice: the last write is the value) and returns it. */
  private static Map<String, Map<String, Double>> randomMatrix(Random rnd, String table, List<String> splits) {
    store.create(table, TableSettings.defaults().splits(splits));
    Map<String, Map<String, Double>> m = new TreeMap<>();
    try (TableWriter w = store.writer(table)) {
      for (String row : KEYS) {
        if (rnd.nextInt(5) == 0) {
          continue; // an empty row
        }
        for (String col : KEYS) {
          if (rnd.nextInt(3) != 0) {
            continue;
          }
          for (int times = 1 + rnd.nextInt(2); times > 0; times--) {
            double v = (rnd.nextInt(9) - 3) / (rnd.nextBoolean() ? 1.0 : 2.0);
            Mutation mu = new Mutation(row);
            mu.put("", col, DecimalCodec.format(v));
            w.addMutation(mu);
            m.computeIfAbsent(row, k -> new TreeMap<>()).put(col, v);
          }
        }
      }
    }
    return m;
  }

  /** C = op(A) (+.x) B by a triple loop, over k where both entries are stored. */
  static Map<String, Map<String, Double>> oracle(Map<String, Map<String, Double>> a, Map<String, Map<String, Double>> b,
      boolean transposeA, Semiring s, KeySpec rows, KeySpec cols, KeySpec inner) {
    Map<String, Map<String, Double>> op = transposeA ? transpose(a) : a;
    Map<String, Map<String, Double>> c = new TreeMap<>();
    for (Map.Entry<String, Map<String, Double>> ai : op.entrySet()) {
      String i = ai.getKey();
      if (!rows.matches(i)) {
        continue;
      }
      for (Map.Entry<String, Double> aik : ai.getValue().entrySet()) {
        String k = aik.getKey();
        if (!inner.matches(k) || !b.containsKey(k)) {
          continue;
        }
        for (Map.Entry<String, Double> bkj : b.get(k).entrySet()) {
          String j = bkj.getKey();
          if (!cols.matches(j)) {
            continue;
          }
          double p = s.multiply(aik.getValue(), bkj.getValue());
          c.computeIfAbsent(i, x -> new TreeMap<>()).merge(j, p, s::add);
          c.get(i).computeIfPresent(j, (x, v) -> v + 0.0); // -0.0 prints as 0 in a table
        }
      }
    }
    return c;
  }

  static Map<String, Map<String, Double>> transpose(Map<String, Map<String, Double>> m) {
    Map<String, Map<String, Double>> t = new TreeMap<>();
    m.forEach((r, cols) -> cols.forEach((c, v) -> t.computeIfAbsent(c, x -> new TreeMap<>()).put(r, v)));
    return t;
  }

  static Map<String, Map<String, Double>> read(String table) {
    Map<String, Map<String, Double>> m = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      Key k = e.getKey();
      assertEquals("", k.getColumnFamily().toString());
      double v = DecimalCodec.INSTANCE.decode(e.getValue().get());
      Double before = m.computeIfAbsent(k.getRow().toString(), x -> new TreeMap<>())
          .put(k.getColumnQualifier().toString(), v);
      assertEquals(null, before, "one cell per (row, column) in " + table);
    }
    return m;
  }

  private static String run(MxmOptions o) {
    String c = "C" + (++tableCount);
    Mxm.multiply(store, "A", "B", c, o);
    return c;
  }

  @Test
  void everySemiringBothAlgorithmsWithAndWithoutTranspose() {
    for (Semiring s : Semirings.builtIns()) {
      for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
        for (boolean t : new boolean[] {false, true}) {
          String c = run(MxmOptions.defaults().semiring(s).algorithm(alg).transposeA(t).batchRows(3));
          assertEquals(oracle(a, b, t, s, KeySpec.all(), KeySpec.all(), KeySpec.all()), read(c),
              s.name() + " " + alg + (t ? " A^T" : ""));
        }
      }
    }
  }

  @Test
  void filtersOnRowsColumnsAndInnerDimension() {
    KeySpec rows = KeySpec.parse("alice,c,:,eve,ñ*,");
    KeySpec cols = KeySpec.parse("bob;x;日本;z:*;");
    KeySpec inner = KeySpec.parse(":,k07,");
    for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
      for (boolean t : new boolean[] {false, true}) {
        String c = run(MxmOptions.defaults().algorithm(alg).transposeA(t).rows(rows).cols(cols).inner(inner));
        Map<String, Map<String, Double>> expected = oracle(a, b, t, Semirings.PLUS_TIMES, rows, cols, inner);
        assertFalse(expected.isEmpty());
        assertEquals(expected, read(c), alg + (t ? " A^T" : "") + " filtered");
      }
    }
  }

  @Test
  void transposeOutputHoldsTheTranspose() {
    for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
      String c = "CT_main_" + alg;
      String ct = "CT_t_" + alg;
      Mxm.multiply(store, "A", "B", c, MxmOptions.defaults().algorithm(alg).transposeA(true).transposeOut(ct));
      Map<String, Map<String, Double>> expected = oracle(a, b, true, Semirings.PLUS_TIMES, KeySpec.all(),
          KeySpec.all(), KeySpec.all());
      assertEquals(expected, read(c));
      assertEquals(transpose(expected), read(ct));
    }
  }

  @Test
  void existingResultIsRefusedAndLeftoversOfADeadRunAreCleared() {
    assertThrows(TabuloException.class, () -> Mxm.multiply(store, "A", "B", "A", MxmOptions.defaults()));
    // a staging table left by a run that died is replaced, never added to
    store.create("CDEAD" + Mxm.STAGING, TableSettings.defaults());
    try (TableWriter w = store.writer("CDEAD" + Mxm.STAGING)) {
      Mutation m = new Mutation("alice");
      m.put("", "bob", "1000");
      w.addMutation(m);
    }
    Mxm.multiply(store, "A", "B", "CDEAD", MxmOptions.defaults().algorithm(Algorithm.OUTER).transposeA(true));
    assertEquals(oracle(a, b, true, Semirings.PLUS_TIMES, KeySpec.all(), KeySpec.all(), KeySpec.all()),
        read("CDEAD"));
    assertFalse(store.exists("CDEAD" + Mxm.STAGING));
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
