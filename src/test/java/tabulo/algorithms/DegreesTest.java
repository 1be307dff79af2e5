package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.ops.Matrices;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Store;

/** Out- and in-degrees against counts over the edge list, for every reader's view. */
public class DegreesTest {
  @TempDir
  Path dir;

  public static void checkAll(Store store, String prefix, Random rnd) {
    checkAll(store, prefix, rnd, true);
  }

  /** The checks on any store; {@code full} false: one reader with fewer labels and fewer cases (a kernel run costs seconds on Accumulo). */
  public static void checkAll(Store store, String prefix, Random rnd, boolean full) {
    List<TestGraphs.Edge> edges = TestGraphs.random(rnd, 30, 80);
    TestGraphs.write(store, prefix + "G", edges);
    int n = 0;
    for (Authorizations reader : full ? List.of(new Authorizations("red", "blue"), new Authorizations("red"))
        : List.of(new Authorizations("red"))) {
      List<TestGraphs.Edge> seen = TestGraphs.visible(edges, reader);
      for (boolean in : full ? new boolean[] {false, true} : new boolean[] {true}) {
        Map<String, Double> expected = new TreeMap<>();
        for (TestGraphs.Edge e : seen) {
          expected.merge(in ? e.v() : e.u(), 1.0, Double::sum);
        }
        String out = prefix + "DEG" + (n++);
        try (Session s = Session.open(store).auths(reader)) {
          Degrees.run(s.matrix(prefix + "G"), Target.table(out), Degrees.Options.defaults().in(in));
        }
        assertEquals(TestGraphs.vector(expected, "degree"), Matrices.read(store, out), (in ? "in" : "out") + "-degrees, "
            + reader);
      }
    }
  }

  @Test
  void matchCountsOverTheEdges() {
    try (Store store = open(dir)) {
      checkAll(store, "", new Random(21));
    }
  }

  static Store open(Path dir) {
    EmbeddedStore s = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    s.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
    return s;
  }
}
