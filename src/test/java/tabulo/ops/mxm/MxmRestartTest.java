package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.gen.EdgeCounts;
import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.gen.VertexKeys;
import tabulo.math.CsrMatrix;
import tabulo.math.DecimalCodec;
import tabulo.math.Semirings;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.storage.ScanSpec;

/**
 * A multiply killed (SIGKILL) at a random moment, then run again, gives exactly the right C: never a
 * partly published C, never a partial product counted twice. Checked against an in-memory multiply.
 */
class MxmRestartTest {
  private static final int SCALE = 10;

  @TempDir
  Path dir;

  @Test
  void killedMultiplyRerunsToTheExactProduct() throws Exception {
    Path db = dir.resolve("db");
    EdgeCounts a;
    EdgeCounts b;
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      a = Graph500Table.write(store, "A", Graph500.Options.ofScale(SCALE).withSeed(1), 2);
      b = Graph500Table.write(store, "B", Graph500.Options.ofScale(SCALE).withSeed(2), 2);
    }
    CsrMatrix expected = a.toMatrix().transpose().mxm(b.toMatrix(), Semirings.PLUS_TIMES).matrix();
    Random rnd = new Random(3);
    int killedMidway = 0;
    for (int round = 0; round < 6; round++) {
      Algorithm alg = round % 2 == 0 ? Algorithm.OUTER : Algorithm.ROWWISE;
      Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx512m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
          MxmChild.class.getName(), db.toString(), alg.name()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("STARTED", out.readLine());
      Thread.sleep(50 + rnd.nextInt(600));
      child.destroyForcibly();
      child.waitFor();
      try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
        if (store.exists("C")) {
          check(store, expected, alg + " completed before the kill, round " + round);
          store.delete("C");
        } else {
          killedMidway++;
        }
        Mxm.multiply(store, "A", "B", "C", MxmOptions.defaults().algorithm(alg).transposeA(true));
        check(store, expected, alg + " rerun after a kill, round " + round);
        store.delete("C");
        assertFalse(store.tables().stream().anyMatch(t -> t.contains("__")), "no leftovers: " + store.tables());
      }
    }
    assertTrue(killedMidway >= 2, "only " + killedMidway + " kills landed mid-multiply");
  }

  private static void check(EmbeddedStore store, CsrMatrix expected, String what) {
    int width = VertexKeys.width(SCALE);
    Map<String, Double> got = new HashMap<>();
    for (Entry<Key, Value> e : store.scanAll("C", ScanSpec.all())) {
      got.put(e.getKey().getRow() + " " + e.getKey().getColumnQualifier(), DecimalCodec.INSTANCE.decode(e.getValue().get()));
    }
    Map<String, Double> want = new HashMap<>();
    expected.forEach((i, j, v) -> want.put(new String(VertexKeys.key(i, width), StandardCharsets.US_ASCII) + " "
        + new String(VertexKeys.key(j, width), StandardCharsets.US_ASCII), v));
    assertEquals(want.size(), got.size(), what);
    assertEquals(want, got, what);
  }
}
