package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Map;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;

import tabulo.math.Semirings;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Workspace;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * A released temporary is emptied and made the next temporary of its kind (no table made or deleted): the
 * next result in it holds exactly its own cells, whatever the old one held at the same keys, under other
 * labels or at keys the new one lacks; in a summing table too (mxm's outer product, its journal reused).
 */
class ReusedTemporariesTest {
  private static final String RED = "red";
  private static final String BLUE = "blue";

  /** (row, column, label) -> value, as the cells were written or as a table holds them. */
  private static Map<String, Double> cells(AccumuloStore store, String table) {
    Map<String, Double> out = new TreeMap<>();
    for (Map.Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      Key k = e.getKey();
      Double old = out.put(k.getRow() + " " + k.getColumnQualifier() + " " + k.getColumnVisibility(),
          Double.parseDouble(e.getValue().toString()));
      assertEquals(null, old, "one cell per key in " + table);
    }
    return out;
  }

  private static void put(AccumuloStore store, String table, Map<String, Double> cells) {
    store.create(table, TableSettings.defaults());
    try (TableWriter w = store.writer(table)) {
      cells.forEach((k, v) -> {
        String[] p = k.split(" ", -1);
        Mutation m = new Mutation(p[0]);
        m.put("", p[1], new ColumnVisibility(p[2]), Double.toString(v));
        w.addMutation(m);
      });
    }
  }

  private static void awaitReuse() throws InterruptedException {
    Thread.sleep(MiniAccumulo.store().writerClockLagMillis() + 200);
  }

  @Test
  void aClusterOnThisMachineNeedsOnlyAShortWaitBeforeReuse() {
    // the mini cluster's tablet servers stamp with this machine's clock: no margin for lagging clocks
    assertEquals(AccumuloStore.ONE_CLOCK_LAG_MILLIS, MiniAccumulo.store().writerClockLagMillis());
  }

  @Test
  void anEmptiedTemporaryHoldsOnlyTheNextResult() throws Exception {
    AccumuloStore store = MiniAccumulo.store();
    Authorizations saved = store.authorizations("root");
    store.setAuthorizations("root", new Authorizations(RED, BLUE));
    try (Session s = Session.open(store).inMemory(false)) {
      Map<String, Double> first = Map.of("a x " + RED, -1.0, "a y ", 2.0, "b x " + BLUE, -3.0, "c z ", 4.0);
      // same key under another label, a value changed, keys the first lacks; "c z" and "a x red" are gone
      Map<String, Double> second = Map.of("a x " + BLUE, -5.0, "a y ", -6.0, "d w " + RED, 7.0);
      put(store, "RT_S1", first);
      put(store, "RT_S2", second);

      Matrix r1 = s.matrix("RT_S1").apply(UnaryOps.ABS).temporary();
      assertEquals(abs(first), cells(store, r1.table()));
      s.release(r1);
      assertFalse(s.releaseIfTemporary(r1), "released once only");
      awaitReuse();
      Matrix r2 = s.matrix("RT_S2").apply(UnaryOps.ABS).temporary();
      assertEquals(r1.table(), r2.table(), "the released temporary is reused");
      Matrix r3 = s.matrix("RT_S1").apply(UnaryOps.ABS).temporary();
      assertNotEquals(r2.table(), r3.table(), "a table is reused by one temporary only");
      assertEquals(abs(second), cells(store, r2.table()));
      assertEquals(abs(first), cells(store, r3.table()));
    } finally {
      store.setAuthorizations("root", saved);
    }
  }

  @Test
  void aSummingTemporaryAndItsJournalAreReusedWithoutCountingOldCells() throws Exception {
    AccumuloStore store = MiniAccumulo.store();
    try (Session s = Session.open(store).inMemory(false)) {
      // A^T w over plus.times by the outer product, as PageRank's rounds: a summing result and a unit journal
      Map<String, Double> a = Map.of("1 2 ", 1.0, "1 3 ", 1.0, "2 3 ", 1.0, "3 1 ", 1.0);
      Map<String, Double> w1 = Map.of("1 r ", 0.5, "2 r ", 0.25, "3 r ", 0.25);
      Map<String, Double> w2 = Map.of("1 r ", 2.0, "3 r ", 8.0);
      put(store, "RT_A", a);
      put(store, "RT_W1", w1);
      put(store, "RT_W2", w2);
      MxmOptions outer = MxmOptions.defaults().transposeA(true).semiring(Semirings.PLUS_TIMES)
          .algorithm(MxmOptions.Algorithm.OUTER);
      Matrix y1 = s.matrix("RT_A").mxm(s.matrix("RT_W1"), outer).temporary();
      assertEquals(transposeTimes(a, w1), cells(store, y1.table()));
      s.release(y1);
      awaitReuse();
      Matrix y2 = s.matrix("RT_A").mxm(s.matrix("RT_W2"), outer).temporary();
      assertEquals(y1.table(), y2.table(), "the released summing temporary is reused");
      assertEquals(transposeTimes(a, w2), cells(store, y2.table()));
      s.release(y2);
      awaitReuse();
      Matrix y3 = s.matrix("RT_A").mxm(s.matrix("RT_W2"), outer).temporary();
      assertEquals(transposeTimes(a, w2), cells(store, y3.table()), "a third round sums once");
    }
  }

  @Test
  void aLargeTemporaryIsDeletedNotEmptied() throws Exception {
    AccumuloStore store = MiniAccumulo.store();
    try (Session s = Session.open(store).inMemory(false)) {
      Map<String, Double> big = new TreeMap<>();
      for (int i = 0; i <= Workspace.REUSE_AT_MOST; i++) {
        big.put(String.format("r%06d c ", i), 1.0);
      }
      put(store, "RT_BIG", big);
      Matrix r1 = s.matrix("RT_BIG").apply(UnaryOps.ABS).temporary();
      s.release(r1);
      store.finishDiscards();
      assertFalse(store.exists(r1.table()), "deleted");
      awaitReuse();
      Matrix r2 = s.matrix("RT_BIG").apply(UnaryOps.ABS).temporary();
      assertNotEquals(r1.table(), r2.table());
      assertEquals(big, cells(store, r2.table()));
    }
  }

  private static Map<String, Double> abs(Map<String, Double> m) {
    Map<String, Double> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, Math.abs(v)));
    return out;
  }

  /** A^T w by brute force: y(j, c) = sum over i of A(i, j) w(i, c); unlabelled cells. */
  private static Map<String, Double> transposeTimes(Map<String, Double> a, Map<String, Double> w) {
    Map<String, Double> out = new TreeMap<>();
    a.forEach((ak, av) -> w.forEach((wk, wv) -> {
      String[] ap = ak.split(" ", -1);
      String[] wp = wk.split(" ", -1);
      if (ap[0].equals(wp[0])) {
        out.merge(ap[1] + " " + wp[1] + " ", av * wv, Double::sum);
      }
    }));
    return out;
  }
}
