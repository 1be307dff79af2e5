package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.d4m.KeySpec;
import tabulo.embedded.EmbeddedStore;
import tabulo.math.DecimalCodec;
import tabulo.math.Semirings;
import tabulo.ops.MxmOptions.Algorithm;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * A partial product carries the conjunction of its factors' visibilities, so each of three users with
 * different authorizations, scanning C, sees exactly the product of the parts of A and B that user can
 * see (summing the cells C holds for one row and column under different labels).
 */
class MxmVisibilityTest {
  private static final String[] LABELS = {"", "red", "blue", "red&blue", "red|blue"};
  private static final Map<String, Set<String>> USERS = Map.of("nobody", Set.of(), "ruby", Set.of("red"),
      "both", Set.of("red", "blue"));

  @TempDir
  Path dir;

  record Cell(double value, String label) {}

  static boolean visible(String label, Set<String> auths) {
    return switch (label) {
      case "" -> true;
      case "red", "blue" -> auths.contains(label);
      case "red&blue" -> auths.contains("red") && auths.contains("blue");
      case "red|blue" -> auths.contains("red") || auths.contains("blue");
      default -> throw new IllegalArgumentException(label);
    };
  }

  @Test
  void eachUserSeesTheProductOfWhatTheyCanSee() {
    Path db = dir.resolve("db");
    Random rnd = new Random(5);
    Map<String, Map<String, Cell>> a;
    Map<String, Map<String, Cell>> b;
    try (EmbeddedStore root = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
      USERS.forEach((u, auths) -> root.setAuthorizations(u, new Authorizations(auths.toArray(new String[0]))));
      a = write(root, "A", rnd);
      b = write(root, "B", rnd);
      for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
        Mxm.multiply(root, "A", "B", "C_" + alg, MxmOptions.defaults().algorithm(alg).transposeA(true));
      }
    }
    for (Map.Entry<String, Set<String>> user : USERS.entrySet()) {
      Map<String, Map<String, Double>> expected = Matrices.oracle(seenBy(a, user.getValue()), seenBy(b, user.getValue()),
          true, Semirings.PLUS_TIMES, KeySpec.all(), KeySpec.all(), KeySpec.all());
      try (EmbeddedStore store = EmbeddedStore.open(db, user.getKey())) {
        for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
          Map<String, Map<String, Double>> seen = new TreeMap<>();
          for (Entry<Key, Value> e : store.scanAll("C_" + alg, ScanSpec.all())) {
            seen.computeIfAbsent(e.getKey().getRow().toString(), x -> new TreeMap<>()).merge(
                e.getKey().getColumnQualifier().toString(), DecimalCodec.INSTANCE.decode(e.getValue().get()),
                Double::sum);
          }
          seen.values().forEach(row -> row.replaceAll((k, v) -> v + 0.0));
          assertEquals(expected, seen, "user " + user.getKey() + ", " + alg);
        }
      }
    }
    assertFalse(Matrices.oracle(seenBy(a, Set.of()), seenBy(b, Set.of()), true, Semirings.PLUS_TIMES,
        KeySpec.all(), KeySpec.all(), KeySpec.all()).isEmpty());
  }

  private static Map<String, Map<String, Cell>> write(EmbeddedStore store, String table, Random rnd) {
    store.create(table, TableSettings.defaults().splits(List.of("r3")));
    Map<String, Map<String, Cell>> m = new TreeMap<>();
    try (TableWriter w = store.writer(table)) {
      for (int r = 0; r < 6; r++) {
        Mutation mu = new Mutation("r" + r);
        for (int c = 0; c < 6; c++) {
          if (rnd.nextInt(2) == 0) {
            double v = 1 + rnd.nextInt(5);
            String label = LABELS[rnd.nextInt(LABELS.length)];
            mu.put("", "r" + c, new ColumnVisibility(label), DecimalCodec.format(v));
            m.computeIfAbsent("r" + r, x -> new TreeMap<>()).put("r" + c, new Cell(v, label));
          }
        }
        if (mu.size() > 0) {
          w.addMutation(mu);
        }
      }
    }
    return m;
  }

  private static Map<String, Map<String, Double>> seenBy(Map<String, Map<String, Cell>> m, Set<String> auths) {
    Map<String, Map<String, Double>> out = new TreeMap<>();
    m.forEach((r, cols) -> cols.forEach((c, cell) -> {
      if (visible(cell.label(), auths)) {
        out.computeIfAbsent(r, x -> new TreeMap<>()).put(c, cell.value());
      }
    }));
    return out;
  }
}
