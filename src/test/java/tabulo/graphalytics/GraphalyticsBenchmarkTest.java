package tabulo.graphalytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.bench.GraphalyticsBenchmark;
import tabulo.storage.Store;

/**
 * {@code bench graphalytics} at a tiny SCALE: every algorithm's output from the driver validates, by LDBC's
 * rules, against {@link LdbcOracle} on the generated dataset, and against the python-graphblas baseline's
 * when that is installed. No timing is asserted.
 */
public class GraphalyticsBenchmarkTest {
  @TempDir
  Path dir;

  @Test
  void everyAlgorithmValidatesOnATinyGraph500() throws Exception {
    GraphalyticsBenchmark.Result r;
    try (Store store = GraphalyticsTest.open(dir)) {
      r = GraphalyticsBenchmark.run(store, dir, new GraphalyticsBenchmark.Options(8,
          GraphalyticsBenchmark.algorithms(null), true, null, 2), () -> false,
          new PrintStream(OutputStream.nullOutputStream()));
    }
    assertEquals(6, r.rows().size());
    Dataset d = Dataset.open(r.dataset().toString());
    assertEquals("false", d.text("directed", "test"));
    LdbcOracle oracle = oracle(d);
    for (Algorithm a : Algorithm.values()) {
      Algorithm.Parameters p = a.parameters(d);
      Map<Long, ?> want = switch (a) {
        case BFS -> oracle.bfs(p.source());
        case SSSP -> oracle.sssp(p.source());
        case WCC -> oracle.wcc();
        case CDLP -> oracle.cdlp(p.iterations(), false);
        case LCC -> oracle.lcc();
        case PR -> oracle.pr(p.damping(), p.iterations());
      };
      Path expected = dir.resolve("oracle-" + a.label());
      Files.writeString(expected, want.entrySet().stream().map(e -> e.getKey() + " " + text(e.getValue()))
          .collect(Collectors.joining("\n", "", "\n")));
      assertNull(Validator.firstDifference(a, expected, r.tabuloOutputs().resolve(a.label())), a.label());
    }
    if (r.baselineSkipped() == null) { // python-graphblas installed: the baseline agrees too
      for (GraphalyticsBenchmark.Row row : r.rows()) {
        assertEquals(Boolean.TRUE, row.valid(), row.algorithm() + ": " + row.difference());
        assertTrue(row.baselineProcessingSeconds() >= 0, row.algorithm());
      }
    }
  }

  private static String text(Object value) {
    return value instanceof Double x && x.isInfinite() ? "Infinity" : value.toString();
  }

  /** The oracle over the dataset's files as written (each undirected edge once, with its weight). */
  private static LdbcOracle oracle(Dataset d) throws IOException {
    List<Long> vertices = new ArrayList<>();
    for (String line : Files.readAllLines(d.vertexFile())) {
      vertices.add(Long.parseLong(line));
    }
    List<LdbcOracle.Edge> edges = new ArrayList<>();
    for (String line : Files.readAllLines(d.edgeFile())) {
      String[] f = line.split(" ");
      edges.add(new LdbcOracle.Edge(Long.parseLong(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2])));
    }
    return new LdbcOracle(vertices, edges, false);
  }
}
