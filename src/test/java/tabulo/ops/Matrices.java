package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;

import tabulo.math.DecimalCodec;
import tabulo.math.Semiring;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/** Matrices for multiply tests: random ones written to tables, the brute-force product, tables read back. */
public final class Matrices {
  /** Row and column keys: not numbers, unicode, a colon. */
  public static final String[] KEYS = {"alice", "bob", "carol", "dave", "eve", "ñandú", "日本", "z:1", "k07", "x"};

  private Matrices() {}

  /** Writes a random matrix (some entries written twice: the last write is the value) and returns it. */
  public static Map<String, Map<String, Double>> random(Store store, Random rnd, String table, List<String> splits) {
    return random(store, rnd, table, splits, KEYS, 3);
  }

  /** As above, over the given row and column keys, each entry present with probability 1/{@code sparsity}. */
  public static Map<String, Map<String, Double>> random(Store store, Random rnd, String table, List<String> splits,
      String[] keys, int sparsity) {
    store.create(table, TableSettings.defaults().splits(splits));
    Map<String, Map<String, Double>> m = new TreeMap<>();
    try (TableWriter w = store.writer(table)) {
      for (String row : keys) {
        if (rnd.nextInt(5) == 0) {
          continue; // an empty row
        }
        for (String col : keys) {
          if (rnd.nextInt(sparsity) != 0) {
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
  public static Map<String, Map<String, Double>> oracle(Map<String, Map<String, Double>> a, Map<String, Map<String, Double>> b,
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

  public static Map<String, Map<String, Double>> transpose(Map<String, Map<String, Double>> m) {
    Map<String, Map<String, Double>> t = new TreeMap<>();
    m.forEach((r, cols) -> cols.forEach((c, v) -> t.computeIfAbsent(c, x -> new TreeMap<>()).put(r, v)));
    return t;
  }

  public static Map<String, Map<String, Double>> read(Store store, String table) {
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

}
