package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.math.BinaryOps;
import tabulo.ops.Mask;
import tabulo.ops.Matrices;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * An algorithm that builds its result in a table of its own writes a plain OUT by renaming it; a target
 * with a mask or an accumulator gets the result through them, as from any operation. A result holding
 * vertex keys (components, parents) cannot be read by operations: a mask or an accumulator is refused.
 */
class AlgorithmTargetsTest {
  @TempDir
  Path dir;

  @Test
  void aMaskOrAnAccumulatorApplies() {
    try (Store store = DegreesTest.open(dir)) {
      ShortestPathsTest.put(store, "G", new String[][] {{"a", "b", "1"}, {"b", "c", "2"}, {"d", "e", "1"}});
      ShortestPathsTest.put(store, "M", new String[][] {{"a", ShortestPaths.COLUMN, "1"},
          {"c", ShortestPaths.COLUMN, "1"}});
      try (Session s = Session.open(store)) {
        Matrix g = s.matrix("G");
        Bfs.Options fromA = Bfs.Options.defaults().from("a,");
        Bfs.run(g, Target.table("L"), fromA);
        Bfs.run(g, Target.table("L").accum(BinaryOps.PLUS), fromA);
        ShortestPaths.run(g, Target.table("D").mask(Mask.of(s.matrix("M")).structure()),
            ShortestPaths.Options.defaults().from("a"));
      }
      assertEquals(TestGraphs.vector(Map.of("a", 0.0, "b", 2.0, "c", 4.0), Bfs.COLUMN), Matrices.read(store, "L"));
      assertEquals(TestGraphs.vector(Map.of("a", 0.0, "c", 3.0), ShortestPaths.COLUMN), Matrices.read(store, "D"));
    }
  }

  @Test
  void whatCannotApplyIsRefusedBeforeAnyWork() {
    try (Store store = DegreesTest.open(dir)) {
      ShortestPathsTest.put(store, "G", new String[][] {{"a", "b", "1"}});
      try (Session s = Session.open(store)) {
        Matrix g = s.matrix("G");
        ShortestPaths.Options fromA = ShortestPaths.Options.defaults().from("a");
        TabuloException e = assertThrows(TabuloException.class,
            () -> ShortestPaths.run(g, Target.table("G").mask(Mask.of(g)), fromA));
        assertEquals("table exists: G", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ShortestPaths.run(g, Target.temporary(), fromA));
        assertThrows(IllegalArgumentException.class,
            () -> Components.run(g, Target.table("C").mask(Mask.of(g)), Components.Options.defaults()));
        assertThrows(IllegalArgumentException.class, () -> Bfs.run(g, Target.table("P").mask(Mask.of(g)),
            Bfs.Options.defaults().from("a,").parents(true)));
      }
      assertEquals(Set.of("G"), Set.copyOf(store.tables()));
    }
  }
}
