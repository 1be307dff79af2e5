package tabulo.graphalytics;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tabulo.algorithms.resident.VertexValues;
import tabulo.kernel.Tasks;
import tabulo.ops.Session;
import tabulo.rfile.CellFields;
import tabulo.storage.Cells;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TabuloException;

/**
 * Writes LDBC's output file from an algorithm's values computed over G held in memory, without a result
 * table: the same lines as {@link OutputWriter} writes from the table, one {@code id value} per vertex of
 * the vertex table in key order, the vertex's value where it has one and otherwise
 * {@link OutputWriter#unreached}'s. The vertex table and the values' keys (ascending in the tables' order)
 * are walked together. A number is written as the table's decimal text read back would be: the decimal
 * codec reads back the very double it wrote, but for -0, which it writes as 0.
 */
final class HeldOutputWriter {
  private HeldOutputWriter() {}

  /** Writes {@code file}; returns the lines written. */
  static long write(Session s, LoadedGraph g, VertexValues x, Algorithm a, long source, Path file) {
    long[] smallest = a == Algorithm.WCC ? smallestPerComponent(x) : null;
    byte[][] reals = a == Algorithm.LCC || a == Algorithm.PR || a == Algorithm.SSSP ? reals(x, s.workers()) : null;
    byte[] sourceKey = DatasetLoader.key(source);
    int n = x.vertices();
    int at = 0; // the first vertex of x whose key is not below the vertex table's current row
    long lines = 0;
    try (OutputStream w = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        Scan vertices = s.store().scan(g.vertices(), ScanSpec.all().auths(s.auths()))) {
      Cells v = vertices.cells();
      byte[] last = null; // the vertex written last
      for (CellFields c = v.next(); c != null; c = v.next()) {
        byte[] id = c.row();
        int length = c.rowLength();
        if (last != null && Arrays.equals(id, 0, length, last, 0, last.length)) {
          continue; // a vertex row with more than one cell
        }
        last = Arrays.copyOf(id, length);
        int order = 1;
        while (at < n && (order = Arrays.compareUnsigned(x.key(at), 0, x.key(at).length, id, 0, length)) < 0) {
          at++; // a vertex of G that is no vertex of the table cannot be: skipped
        }
        w.write(id, 0, length);
        w.write(' ');
        if (at < n && order == 0 && x.has(at)) {
          if (reals != null) {
            w.write(reals[at]);
          } else {
            writeValue(w, a, x, at, smallest);
          }
        } else {
          w.write(OutputWriter.unreached(a, id, length, sourceKey).getBytes(StandardCharsets.UTF_8));
        }
        w.write('\n');
        lines++;
      }
    } catch (IOException e) {
      throw new TabuloException("cannot write " + file + ": " + e.getMessage(), e);
    }
    return lines;
  }

  private static void writeValue(OutputStream w, Algorithm a, VertexValues x, int v, long[] smallest)
      throws IOException {
    if (a == Algorithm.CDLP) {
      w.write(x.key(x.keyVertex(v))); // the label, a vertex's key
      return;
    }
    String text = switch (a) {
      case BFS -> Long.toString((long) x.number(v));
      case WCC -> Long.toString(smallest[x.keyVertex(v)]);
      case CDLP, LCC, PR, SSSP -> throw new IllegalStateException(a + " is written otherwise");
    };
    w.write(text.getBytes(StandardCharsets.ISO_8859_1)); // digits, signs, '.', 'E', Infinity: ASCII
  }

  /**
   * Each vertex's real value as {@link Double#toString} writes it (null without one), stretches of vertices
   * on {@code workers} threads: the formatting is most of the file's cost.
   */
  private static byte[][] reals(VertexValues x, int workers) {
    int n = x.vertices();
    byte[][] text = new byte[n][];
    int parts = Math.max(1, workers);
    List<Runnable> tasks = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      int from = (int) ((long) n * p / parts);
      int to = (int) ((long) n * (p + 1) / parts);
      tasks.add(() -> {
        for (int v = from; v < to; v++) {
          if (x.has(v)) {
            double r = x.number(v);
            // digits, signs, '.', 'E', Infinity, NaN: ASCII
            text[v] = Double.toString(r == 0 ? 0.0 : r).getBytes(StandardCharsets.ISO_8859_1);
          }
        }
      });
    }
    Tasks.runAll(parts, "tabulo-output", tasks);
    return text;
  }

  /** WCC: for each component's root vertex, its smallest member's id as an integer (else unused). */
  private static long[] smallestPerComponent(VertexValues x) {
    long[] smallest = new long[x.vertices()];
    Arrays.fill(smallest, Long.MAX_VALUE);
    for (int v = 0; v < smallest.length; v++) {
      if (x.has(v)) {
        int root = x.keyVertex(v);
        byte[] key = x.key(v);
        smallest[root] = Math.min(smallest[root], OutputWriter.parseId(key, key.length));
      }
    }
    return smallest;
  }
}
