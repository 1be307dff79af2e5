package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.DecimalCodec;
import tabulo.math.Semirings;
import tabulo.ops.Mask;
import tabulo.ops.Matrices;
import tabulo.ops.Mxm;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * A vector is a one-column table (its keys are rows). A frontier step u = A^T v with a small v reads only
 * A's rows at v's keys (counted: the entries read are exactly nnz(v) plus those rows' entries), wherever
 * v's keys lie; v^T A copies only v transposed; A v does the same as u through a table known to hold A^T;
 * a masked step (u&lt;!visited&gt; = A^T v) too. Every result against brute force.
 */
public class MxmVectorTest {
  private static final int N = 2000;

  @TempDir
  Path dir;

  /** The checks of this class on any store (the Accumulo host runs them too). */
  public static void checkAll(Store store, String prefix, Random rnd) {
    Map<String, Map<String, Double>> a = new TreeMap<>();
    store.create(prefix + "A", TableSettings.defaults().splits(List.of("k0500", "k1000", "k1500")));
    store.create(prefix + "AT", TableSettings.defaults());
    try (TableWriter w = store.writer(prefix + "A"); TableWriter wt = store.writer(prefix + "AT")) {
      for (int i = 0; i < N; i++) {
        String row = key(i);
        Set<String> cols = new TreeSet<>();
        for (int e = 0; e < 5; e++) {
          cols.add(key(rnd.nextInt(N)));
        }
        Mutation m = new Mutation(row);
        for (String col : cols) {
          double v = 1 + rnd.nextInt(5);
          m.put("", col, DecimalCodec.format(v));
          a.computeIfAbsent(row, x -> new TreeMap<>()).put(col, v);
          Mutation mt = new Mutation(col);
          mt.put("", row, DecimalCodec.format(v));
          wt.addMutation(mt);
        }
        w.addMutation(m);
      }
    }
    Map<String, Map<String, Double>> v = new TreeMap<>(); // a frontier of four keys spread over A's rows
    store.create(prefix + "V", TableSettings.defaults());
    try (TableWriter w = store.writer(prefix + "V")) {
      int n = 0;
      for (String k : List.of(key(100), key(900), key(1500), key(1999))) {
        Mutation m = new Mutation(k);
        m.put("", "x", Integer.toString(++n));
        w.addMutation(m);
        v.put(k, Map.of("x", (double) n));
      }
    }
    for (String t : List.of("A", "AT", "V")) {
      store.flush(prefix + t); // so entry counts are known (Accumulo counts files, not memory)
    }
    long rowsOfA = v.keySet().stream().mapToLong(k -> a.getOrDefault(k, Map.of()).size()).sum();
    Map<String, Map<String, Double>> at = Matrices.transpose(a);
    long colsOfA = v.keySet().stream().mapToLong(k -> at.getOrDefault(k, Map.of()).size()).sum();
    assertTrue(rowsOfA > 0 && colsOfA > 0);

    // u = A^T v: the outer product driven by v, looking up A's rows at v's keys
    MxmResult u = Mxm.multiply(store, prefix + "A", prefix + "V", prefix + "U", MxmOptions.defaults().transposeA(true));
    assertEquals(Algorithm.OUTER, u.algorithm(), u.reason());
    assertTrue(u.reason().contains("looks up only the rows of A that B's rows name"), u.reason());
    assertEquals(v.size() + rowsOfA, u.entriesRead(), "A^T v reads v and A's rows at v's keys, nothing else");
    Map<String, Map<String, Double>> atv = oracle(a, v, true);
    assertFalse(atv.isEmpty());
    assertEquals(atv, Matrices.read(store, prefix + "U"), "A^T v");

    // w = v^T A: row-by-row copies only v transposed and fetches A's rows at v's keys
    MxmResult w = Mxm.multiply(store, prefix + "V", prefix + "A", prefix + "W", MxmOptions.defaults().transposeA(true));
    assertEquals(Algorithm.ROWWISE, w.algorithm(), w.reason());
    assertTrue(w.reason().startsWith("auto: A^T B with A small"), w.reason());
    assertEquals(Matrices.transpose(atv), Matrices.read(store, prefix + "W"), "v^T A");

    try (Session s = Session.open(store)) {
      // A v with A^T stored: the same lookups, in A^T's rows
      Mxm av = Mxm.of(s.matrix(prefix + "A").withTranspose(prefix + "AT"), s.matrix(prefix + "V"),
          MxmOptions.defaults().semiring(Semirings.PLUS_TIMES));
      av.into(prefix + "AV");
      assertEquals(Algorithm.OUTER, av.result().algorithm(), av.result().reason());
      assertTrue(av.result().reason().startsWith("auto: A B, A^T stored, with B small"), av.result().reason());
      assertEquals(v.size() + colsOfA, av.result().entriesRead(), "A v reads v and A^T's rows at v's keys");
      assertEquals(oracle(a, v, false), Matrices.read(store, prefix + "AV"), "A v");

      // a BFS step: u<!struct(visited)> = A^T v, visited = v and some of A^T v's keys
      store.create(prefix + "VIS", TableSettings.defaults());
      Set<String> visited = new TreeSet<>(v.keySet());
      try (TableWriter vw = store.writer(prefix + "VIS")) {
        int n = 0;
        for (String k : atv.keySet()) {
          if (n++ % 3 == 0) {
            visited.add(k);
          }
        }
        for (String k : visited) {
          Mutation m = new Mutation(k);
          m.put("", "x", "1");
          vw.addMutation(m);
        }
      }
      Mxm step = Mxm.of(s.matrix(prefix + "A"), s.matrix(prefix + "V"), MxmOptions.defaults().transposeA(true));
      step.into(Target.table(prefix + "NEXT").mask(Mask.of(s.matrix(prefix + "VIS")).structure().complement()));
      assertEquals(Algorithm.OUTER, step.result().algorithm(), step.result().reason());
      assertTrue(step.result().reason().endsWith("the mask applies to its small result afterwards"),
          step.result().reason());
      Map<String, Map<String, Double>> next = new TreeMap<>(atv);
      next.keySet().removeAll(visited);
      assertFalse(next.isEmpty());
      assertEquals(next, Matrices.read(store, prefix + "NEXT"), "A^T v through !visited");
    }
  }

  @Test
  void aFrontierStepReadsOnlyTheRowsItNeeds() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      checkAll(store, "", new Random(19));
    }
  }

  private static String key(int i) {
    return String.format("k%04d", i);
  }

  /** op(A) v by brute force (v's one column is "x"). */
  private static Map<String, Map<String, Double>> oracle(Map<String, Map<String, Double>> a,
      Map<String, Map<String, Double>> v, boolean transposeA) {
    Map<String, Map<String, Double>> out = new TreeMap<>();
    a.forEach((i, row) -> row.forEach((k, x) -> {
      String shared = transposeA ? i : k;
      String result = transposeA ? k : i;
      Map<String, Double> vr = v.get(shared);
      if (vr != null) {
        out.computeIfAbsent(result, z -> new TreeMap<>()).merge("x", x * vr.get("x"), Double::sum);
      }
    }));
    return out;
  }
}
