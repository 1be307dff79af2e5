package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.iterators.DecimalSumCombiner;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Pins the architecture: the same Tabulo combiner class, attached the same way to a table of the embedded
 * engine and to a table in a MiniAccumuloCluster, gives identical scans after writes, a flush and a
 * compaction, and both equal the sums computed independently here.
 */
class OneIteratorTwoHostsTest {
  @TempDir
  Path dir;

  @Test
  void decimalSumCombinerGivesIdenticalScansOnBothHosts() {
    Random rnd = new Random(7);
    List<List<Mutation>> rounds = new ArrayList<>();
    Map<String, BigDecimal> sums = new TreeMap<>();
    for (int r = 0; r < 3; r++) {
      List<Mutation> round = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        String row = "r" + rnd.nextInt(30);
        String col = "c" + rnd.nextInt(5);
        String v = rnd.nextInt(4) == 0 ? (rnd.nextInt(2000) - 1000) / 8.0 + "" : Integer.toString(rnd.nextInt(100));
        Mutation m = new Mutation(row);
        m.put("", col, v);
        round.add(m);
        sums.merge(row + "\t" + col, new BigDecimal(v), BigDecimal::add);
      }
      rounds.add(round);
    }
    Store accumulo = MiniAccumulo.store();
    String table = "two_hosts_" + Integer.toString(new Random().nextInt(1 << 20), 36);
    try (EmbeddedStore embedded = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      List<Store> hosts = List.of(embedded, accumulo);
      for (Store s : hosts) {
        s.create(table, TableSettings.defaults().splits(List.of("r2")));
        s.attachIterator(table, DecimalSumCombiner.allColumns(10, "sum"), EnumSet.allOf(IteratorScope.class));
      }
      for (int r = 0; r < rounds.size(); r++) {
        for (Store s : hosts) {
          try (TableWriter w = s.writer(table)) {
            w.addMutations(rounds.get(r));
          }
          if (r == 1) {
            s.flush(table);
          }
          if (r == 2) {
            s.compact(table);
          }
        }
        List<String> onEmbedded = lines(embedded, table);
        List<String> onAccumulo = lines(accumulo, table);
        assertEquals(onEmbedded, onAccumulo, "after round " + r);
      }
      List<String> expected = new ArrayList<>();
      sums.forEach((rc, sum) -> expected.add(rc + "\t" + format(sum)));
      assertEquals(expected, lines(embedded, table));
    } finally {
      if (accumulo.exists(table)) {
        accumulo.delete(table);
      }
    }
  }

  private static String format(BigDecimal sum) {
    BigDecimal s = sum.stripTrailingZeros();
    return s.scale() <= 0 ? s.toBigInteger().toString() : s.toPlainString();
  }

  private static List<String> lines(Store s, String table) {
    List<String> out = new ArrayList<>();
    for (Entry<Key, Value> e : s.scanAll(table, ScanSpec.all())) {
      out.add(e.getKey().getRow() + "\t" + e.getKey().getColumnQualifier() + "\t" + e.getValue());
    }
    return out;
  }
}
