package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.kernel.KernelCounters;
import tabulo.math.Semirings;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * A multiply runs its kernels through its session like every operation: the session's run listener hears
 * the product's run (its partial products, counted here by brute force), and a cancellation raised while
 * the product runs (Ctrl-C from Python) stops it before C is published, leaving no temporary.
 */
class MxmSessionRunTest {
  @TempDir
  Path dir;

  /** Writes a random 0/1 matrix into {@code table}; returns its rows' column lists. */
  private static Map<String, List<String>> random(Store store, String table, Random rnd) {
    Map<String, List<String>> rows = new TreeMap<>();
    store.create(table, TableSettings.defaults());
    try (TableWriter w = store.writer(table)) {
      for (int i = 0; i < 40; i++) {
        String row = String.format("k%02d", i);
        Mutation m = new Mutation(row);
        for (int j = 0; j < 40; j++) {
          if (rnd.nextInt(5) == 0) {
            String col = String.format("k%02d", j);
            m.put("", col, "1");
            rows.computeIfAbsent(row, x -> new ArrayList<>()).add(col);
          }
        }
        if (m.size() > 0) {
          w.addMutation(m);
        }
      }
    }
    return rows;
  }

  @Test
  void theProductRunIsHeardAndCancellable() {
    try (Store store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      Random rnd = new Random(7);
      Map<String, List<String>> a = random(store, "A", rnd);
      Map<String, List<String>> b = random(store, "B", rnd);
      long partialProducts = 0; // A B: each a(i,k) meets the row k of B
      for (List<String> cols : a.values()) {
        for (String k : cols) {
          partialProducts += b.getOrDefault(k, List.of()).size();
        }
      }
      MxmOptions rowwise = MxmOptions.defaults().semiring(Semirings.PLUS_TIMES).algorithm(MxmOptions.Algorithm.ROWWISE);
      List<KernelCounters> runs = new ArrayList<>();
      try (Session s = Session.open(store).onRunEnd(runs::add)) {
        s.matrix("A").mxm(s.matrix("B"), rowwise).into("C");
      }
      assertEquals(1, runs.size(), "the product is the one kernel run of A B row by row");
      assertEquals(partialProducts, runs.get(0).work.get());

      AtomicBoolean cancelled = new AtomicBoolean();
      try (Session s = Session.open(store).cancelled(cancelled::get).onRunEnd(k -> cancelled.set(true))) {
        TabuloException e = assertThrows(TabuloException.class,
            () -> s.matrix("A").mxm(s.matrix("B"), rowwise).into("D"));
        assertEquals("cancelled", e.getMessage());
      }
      assertFalse(store.exists("D"), "a cancelled product is not published");
      assertEquals(List.of(), store.tables().stream().filter(TableNames::isReserved).toList());
    }
  }
}
