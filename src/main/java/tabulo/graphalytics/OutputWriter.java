package tabulo.graphalytics;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import tabulo.ops.Session;
import tabulo.rfile.CellFields;
import tabulo.storage.Cells;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TabuloException;

/**
 * Writes LDBC's output file: one line {@code id value} per vertex of the vertex table, in key order, the
 * result table's value where it has one and otherwise the value of a vertex the algorithm did not reach
 * (BFS 9223372036854775807, SSSP Infinity, the source itself 0; WCC and CDLP the vertex's own id; LCC 0).
 * Both tables are read in key order together, cell by cell as bytes, so only WCC holds anything per
 * vertex: each component's smallest id, compared as integers, which is its label.
 */
final class OutputWriter {
  private OutputWriter() {}

  /** Writes {@code file}; returns the lines written. */
  static long write(Session s, LoadedGraph g, String result, Algorithm a, long source, Path file) {
    Map<String, Long> smallest = a == Algorithm.WCC ? smallestPerComponent(s, result) : null;
    byte[] sourceKey = DatasetLoader.key(source);
    long lines = 0;
    try (OutputStream w = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        Scan vertices = s.store().scan(g.vertices(), ScanSpec.all().auths(s.auths()));
        Scan values = s.store().scan(result, ScanSpec.all().auths(s.auths()))) {
      Cells v = vertices.cells();
      Cells r = values.cells();
      CellFields next = r.next();
      byte[] last = null; // the vertex written last
      for (CellFields c = v.next(); c != null; c = v.next()) {
        byte[] id = c.row();
        int n = c.rowLength();
        if (last != null && Arrays.equals(id, 0, n, last, 0, last.length)) {
          continue; // a vertex row with more than one cell
        }
        last = Arrays.copyOf(id, n);
        int order = 1;
        while (next != null && (order = Arrays.compareUnsigned(next.row(), 0, next.rowLength(), id, 0, n)) < 0) {
          next = r.next(); // a result row that is no vertex cannot be: skipped
        }
        w.write(id, 0, n);
        w.write(' ');
        if (next != null && order == 0) {
          writeValue(w, s, a, next, smallest);
        } else {
          w.write(unreached(a, id, n, sourceKey).getBytes(StandardCharsets.UTF_8));
        }
        w.write('\n');
        lines++;
      }
    } catch (IOException e) {
      throw new TabuloException("cannot write " + file + ": " + e.getMessage(), e);
    }
    return lines;
  }

  private static void writeValue(OutputStream w, Session s, Algorithm a, CellFields c, Map<String, Long> smallest)
      throws IOException {
    byte[] b = c.value();
    int off = c.valueOffset();
    int len = c.valueLength();
    String text = switch (a) {
      case CDLP -> null;
      case BFS -> Long.toString((long) s.codec().decode(b, off, len));
      case WCC -> Long.toString(smallest.get(new String(b, off, len, StandardCharsets.UTF_8)));
      case LCC, PR, SSSP -> Double.toString(s.codec().decode(b, off, len));
    };
    if (text == null) {
      w.write(b, off, len);
    } else {
      w.write(text.getBytes(StandardCharsets.ISO_8859_1)); // digits, signs, '.', 'E', Infinity: ASCII
    }
  }

  /** The value of a vertex without one in the result. */
  static String unreached(Algorithm a, byte[] id, int length, byte[] source) {
    boolean isSource = Arrays.equals(id, 0, length, source, 0, source.length);
    return switch (a) {
      case BFS -> isSource ? "0" : Long.toString(Long.MAX_VALUE);
      case SSSP -> isSource ? "0.0" : "Infinity";
      case CDLP, WCC -> new String(id, 0, length, StandardCharsets.UTF_8);
      case LCC -> "0.0";
      case PR -> throw new IllegalStateException("pagerank gave vertex " + new String(id, 0, length,
          StandardCharsets.UTF_8) + " no rank");
    };
  }

  /** WCC: each component label's smallest member id as an integer (labels are the smallest key as text). */
  private static Map<String, Long> smallestPerComponent(Session s, String result) {
    Map<String, Long> smallest = new HashMap<>();
    try (Scan values = s.store().scan(result, ScanSpec.all().auths(s.auths()))) {
      values.forEachCell(c -> {
        smallest.merge(new String(c.value(), c.valueOffset(), c.valueLength(), StandardCharsets.UTF_8),
            parseId(c.row(), c.rowLength()), Math::min);
        return true;
      });
    }
    return smallest;
  }

  /** A vertex key, a decimal id as the loader writes it, as a long. */
  static long parseId(byte[] b, int length) {
    return Long.parseLong(new String(b, 0, length, StandardCharsets.US_ASCII));
  }
}
