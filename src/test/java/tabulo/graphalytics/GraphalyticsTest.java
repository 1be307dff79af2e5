package tabulo.graphalytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.Store;

/**
 * The driver on LDBC's two published example graphs (every algorithm validated against LDBC's reference
 * outputs by LDBC's rules, in memory and in tables) and on graphs with vertices without edges, sinks and
 * sparse 64-bit ids, directed and undirected, against {@link LdbcOracle}.
 */
public class GraphalyticsTest {
  @TempDir
  Path dir;

  static Path resource(String name) {
    return Path.of("src/test/resources/graphalytics", name);
  }

  static Store open(Path dir) {
    return EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
  }

  static RunReport run(Store store, String dataset, Algorithm a, Path output, Path expected, boolean inTables) {
    return GraphalyticsDriver.run(store, new GraphalyticsDriver.RunOptions(dataset, a, output, expected, inTables,
        null, () -> false));
  }

  @ParameterizedTest(name = "in tables: {0}")
  @ValueSource(booleans = {false, true})
  void everyAlgorithmOnLdbcsExamplesIsValid(boolean inTables) {
    try (Store store = open(dir)) {
      checkLdbcExamples(store, dir, inTables, List.of(Algorithm.values()));
    }
  }

  /** {@code algorithms} on LDBC's two example graphs, each validated against LDBC's published output. */
  public static void checkLdbcExamples(Store store, Path dir, boolean inTables, List<Algorithm> algorithms) {
    for (String graph : List.of("example-directed", "example-undirected")) {
      checkLdbcExample(store, dir, graph, inTables, algorithms);
    }
  }

  /** {@code algorithms} on LDBC's example {@code graph} ("example-directed" or "example-undirected"). */
  public static void checkLdbcExample(Store store, Path dir, String graph, boolean inTables,
      List<Algorithm> algorithms) {
    for (Algorithm a : algorithms) {
      Path expected = resource(graph + "-" + a.name());
      Path out = dir.resolve(graph + "-" + a + (inTables ? "-in-tables" : ""));
      RunReport r = run(store, resource(graph).toString(), a, out, expected, inTables);
      assertNull(r.difference(), graph + " " + a);
      assertEquals(Boolean.TRUE, r.valid());
      assertEquals(graph.endsWith("-directed") ? 10 : 9, r.vertices());
      assertTrue(r.json().startsWith("{\"dataset\": \"" + graph + "\", \"algorithm\": \"" + a.label() + "\""),
          r.json());
    }
  }

  /**
   * Directed: 42 and 7 have no edge, 5 and 9000000000000000000 are sinks, 1 and 10 link both ways, ids are
   * sparse and up to 2^63 (9 before 10 before 100 as integers, not as text); weighted for SSSP.
   */
  static final String VERTICES = "1 10 100 9 5 42 7 77 1000000000007 9000000000000000000 3";
  static final String EDGES = "100 9 0.5,10 100 1.5,77 1000000000007 2,1 10 0.25,10 1 4,1 5 3,10 5 0.75,9 5 1,"
      + "1000000000007 5 0,3 9 2.5,77 9000000000000000000 1,3 100 0.125,9 100 7";

  @ParameterizedTest(name = "in tables: {0}")
  @ValueSource(booleans = {false, true})
  void sparseIdsIsolatedVerticesAndSinksAsTheOracle(boolean inTables) throws IOException {
    try (Store store = open(dir)) {
      for (boolean directed : new boolean[] {true, false}) {
        checkSparseIds(store, dir, directed, inTables, List.of(Algorithm.values()));
      }
    }
  }

  /** {@code algorithms} on the graph of {@link #VERTICES} and {@link #EDGES}, against {@link LdbcOracle}. */
  public static void checkSparseIds(Store store, Path dir, boolean directed, boolean inTables,
      List<Algorithm> algorithms) throws IOException {
    String base = write(dir, "sparse" + directed, directed, VERTICES, EDGES, 1, 3);
    LdbcOracle oracle = oracle(directed);
    for (Algorithm a : algorithms) {
      Path out = dir.resolve("sparse-" + directed + a);
      run(store, base, a, out, null, inTables);
      Map<Long, String> got = read(out);
      assertEquals(11, got.size(), a + " covers every vertex");
      Map<Long, ?> want = switch (a) {
        case BFS -> oracle.bfs(1);
        case SSSP -> oracle.sssp(3);
        case WCC -> oracle.wcc();
        case CDLP -> oracle.cdlp(3, directed);
        case LCC -> oracle.lcc();
        case PR -> oracle.pr(0.85, 3);
      };
      for (Map.Entry<Long, ?> e : want.entrySet()) {
        String what = a + " directed " + directed + " vertex " + e.getKey();
        String have = got.get(e.getKey());
        if (e.getValue() instanceof Long x) {
          assertEquals(Long.toString(x), have, what);
        } else {
          double x = (Double) e.getValue();
          assertEquals(Double.isInfinite(x) ? "Infinity" : Double.toString(Double.parseDouble(have)), have, what);
          assertEquals(x, Double.parseDouble(have), 1e-12, what);
        }
      }
    }
  }

  static LdbcOracle oracle(boolean directed) {
    List<Long> vertices = new ArrayList<>();
    for (String v : VERTICES.split(" ")) {
      vertices.add(Long.parseLong(v));
    }
    List<LdbcOracle.Edge> edges = new ArrayList<>();
    for (String e : EDGES.split(",")) {
      String[] f = e.split(" ");
      edges.add(new LdbcOracle.Edge(Long.parseLong(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2])));
    }
    return new LdbcOracle(vertices, edges, directed);
  }

  /** An undirected graph lists each edge once; both directions are loaded (BFS from 5 reaches back). */
  @Test
  void anUndirectedEdgeGoesBothWays() throws IOException {
    try (Store store = open(dir)) {
      String base = write(dir, "line", false, "1 2 3 4", "1 2 1,2 3 1", 3, 3);
      Path out = dir.resolve("bfs");
      run(store, base, Algorithm.BFS, out, null, false);
      assertEquals(Map.of(1L, "2", 2L, "1", 3L, "0", 4L, Long.toString(Long.MAX_VALUE)), read(out));
    }
  }

  /** Writes a dataset with a weight property, parameters for every algorithm; returns its base path. */
  static String write(Path dir, String name, boolean directed, String vertices, String edges, long bfsSource,
      long ssspSource) throws IOException {
    Path base = dir.resolve(name);
    Files.writeString(Path.of(base + ".v"), String.join("\n", vertices.split(" ")) + "\n");
    Files.writeString(Path.of(base + ".e"), String.join("\n", edges.split(",")) + "\n");
    String p = "graph." + name + ".";
    Files.writeString(Path.of(base + ".properties"), p + "directed = " + directed + "\n"
        + p + "edge-properties.names = weight\n" + p + "bfs.source-vertex = " + bfsSource + "\n"
        + p + "cdlp.max-iterations = 3\n" + p + "pr.damping-factor = 0.85\n" + p + "pr.num-iterations = 3\n"
        + p + "sssp.weight-property = weight\n" + p + "sssp.source-vertex = " + ssspSource + "\n");
    return base.toString();
  }

  static Map<Long, String> read(Path out) throws IOException {
    Map<Long, String> m = new HashMap<>();
    for (String line : Files.readAllLines(out)) {
      String[] f = line.split(" ");
      assertEquals(2, f.length, line);
      assertNull(m.put(Long.parseLong(f[0]), f[1]), "one line per vertex: " + line);
    }
    return m;
  }
}
