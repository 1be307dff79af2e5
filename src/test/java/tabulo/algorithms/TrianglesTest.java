package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import tabulo.algorithms.GraphOracle.Edge;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/** Triangle count (Sandia) and per-vertex triangles against brute force over adjacency sets, per reader. */
public class TrianglesTest {
  @TempDir
  Path dir;

  /** The checks of this class on any store (the Accumulo host runs them too). */
  public static void checkAll(Store store, String prefix, List<Authorizations> readers, Set<String> graphs) {
    checkAll(store, prefix, true, readers, graphs);
  }

  /** The checks; {@code inMemory}: whether the session may hold an unlabelled graph in memory. */
  public static void checkAll(Store store, String prefix, boolean inMemory, List<Authorizations> readers,
      Set<String> graphs) {
    GraphOracle.cases(new Random(7), graphs).forEach((name, edges) -> {
      GraphOracle.write(store, prefix + name, edges);
      for (Authorizations reader : readers) {
        Map<String, TreeSet<String>> adj = GraphOracle.adjacency(edges, reader);
        String out = prefix + name + "_t" + reader.toString().replace(",", "");
        try (Session s = Session.open(store).auths(reader).unitEntries(3).inMemory(inMemory)) {
          assertEquals(GraphOracle.triangles(adj), Triangles.count(s.matrix(prefix + name)), name + " " + reader);
          Triangles.perVertex(s.matrix(prefix + name), Target.table(out), Triangles.Options.defaults());
        }
        assertEquals(GraphOracle.trianglesPerVertex(adj), GraphOracle.read(store, out, reader, false),
            name + " per vertex, " + reader);
      }
    });
  }

  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void matchesBruteForceForEveryReader(boolean inMemory) {
    try (Store store = GraphOracle.open(dir)) {
      checkAll(store, "T_", inMemory, GraphOracle.READERS, GraphOracle.ALL_GRAPHS);
    }
  }

  @Test
  void karateClubHas78EdgesAnd45Triangles() {
    List<Edge> karate = GraphOracle.karate();
    Map<String, TreeSet<String>> adj = GraphOracle.adjacency(karate, new Authorizations());
    assertEquals(78 * 2, adj.values().stream().mapToInt(TreeSet::size).sum()); // the typed list, checked
    try (Store store = GraphOracle.open(dir)) {
      GraphOracle.write(store, "karate", karate);
      try (Session s = Session.open(store)) {
        assertEquals(45, Triangles.count(s.matrix("karate")));
      }
      try (Session s = Session.open(store).inMemory(false)) {
        assertEquals(45, Triangles.count(s.matrix("karate")));
      }
      assertEquals(Set.of("karate"), Set.copyOf(store.tables()), "no temporaries left");
    }
  }

  @Test
  void aMissingTableIsAClearError() {
    try (Store store = GraphOracle.open(dir); Session s = Session.open(store)) {
      TabuloException e = assertThrows(TabuloException.class, () -> Triangles.count(s.matrix("nope")));
      assertEquals("no such table: nope", e.getMessage());
    }
  }
}
