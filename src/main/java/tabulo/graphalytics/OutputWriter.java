package tabulo.graphalytics;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.ops.Session;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TabuloException;

/**
 * Writes LDBC's output file: one line {@code id value} per vertex of the vertex table, in key order, the
 * result table's value where it has one and otherwise the value of a vertex the algorithm did not reach
 * (BFS 9223372036854775807, SSSP Infinity, the source itself 0; WCC and CDLP the vertex's own id; LCC 0).
 * Both tables are read in key order together, so only WCC holds anything per vertex: each component's
 * smallest id, compared as integers, which is its label.
 */
final class OutputWriter {
  private OutputWriter() {}

  /** Writes {@code file}; returns the lines written. */
  static long write(Session s, LoadedGraph g, String result, Algorithm a, long source, Path file) {
    Map<String, Long> smallest = a == Algorithm.WCC ? smallestPerComponent(s, result) : null;
    long lines = 0;
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        Scan vertices = s.store().scan(g.vertices(), ScanSpec.all().auths(s.auths()));
        Scan values = s.store().scan(result, ScanSpec.all().auths(s.auths()))) {
      Iterator<Entry<Key, Value>> r = values.iterator();
      Entry<Key, Value> next = r.hasNext() ? r.next() : null;
      String last = null;
      for (Entry<Key, Value> v : vertices) {
        String id = v.getKey().getRow().toString();
        if (id.equals(last)) {
          continue;
        }
        last = id;
        while (next != null && next.getKey().getRow().toString().compareTo(id) < 0) {
          next = r.hasNext() ? r.next() : null; // a result row that is no vertex cannot be: skipped
        }
        boolean has = next != null && next.getKey().getRow().toString().equals(id);
        String value = has ? format(s, a, next.getValue(), smallest) : unreached(a, id, source);
        w.write(id);
        w.write(' ');
        w.write(value);
        w.write('\n');
        lines++;
      }
    } catch (IOException e) {
      throw new TabuloException("cannot write " + file + ": " + e.getMessage(), e);
    }
    return lines;
  }

  private static String format(Session s, Algorithm a, Value v, Map<String, Long> smallest) {
    return switch (a) {
      case BFS -> Long.toString((long) s.codec().decode(v.get()));
      case CDLP -> v.toString();
      case WCC -> Long.toString(smallest.get(v.toString()));
      case LCC, PR, SSSP -> Double.toString(s.codec().decode(v.get()));
    };
  }

  /** The value of a vertex without one in the result. */
  private static String unreached(Algorithm a, String id, long source) {
    boolean isSource = id.equals(Long.toString(source));
    return switch (a) {
      case BFS -> isSource ? "0" : Long.toString(Long.MAX_VALUE);
      case SSSP -> isSource ? "0.0" : "Infinity";
      case CDLP, WCC -> id;
      case LCC -> "0.0";
      case PR -> throw new IllegalStateException("pagerank gave vertex " + id + " no rank");
    };
  }

  /** WCC: each component label's smallest member id as an integer (labels are the smallest key as text). */
  private static Map<String, Long> smallestPerComponent(Session s, String result) {
    Map<String, Long> smallest = new HashMap<>();
    try (Scan values = s.store().scan(result, ScanSpec.all().auths(s.auths()))) {
      for (Entry<Key, Value> e : values) {
        smallest.merge(e.getValue().toString(), Long.parseLong(e.getKey().getRow().toString()), Math::min);
      }
    }
    return smallest;
  }
}
