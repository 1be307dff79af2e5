package tabulo.algorithms;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;

import tabulo.math.DecimalCodec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/** Small labelled graphs with string keys for the algorithm tests, and the views their readers get. */
final class TestGraphs {
  record Edge(String u, String v, double w, String label) {}

  private TestGraphs() {}

  /**
   * A random directed graph on {@code n} string-keyed vertices with about {@code m} edges, weights 1..9,
   * labels "", red or blue; two vertices ("zed", "zoe") form a part no other vertex reaches.
   */
  static List<Edge> random(Random rnd, int n, int m) {
    Map<String, Edge> edges = new TreeMap<>();
    String[] labels = {"", "", "red", "blue"};
    for (int i = 0; i < m; i++) {
      String u = key(rnd.nextInt(n));
      String v = key(rnd.nextInt(n));
      edges.putIfAbsent(u + "\0" + v, new Edge(u, v, 1 + rnd.nextInt(9), labels[rnd.nextInt(labels.length)]));
    }
    edges.put("zed\0zoe", new Edge("zed", "zoe", 2.5, ""));
    return new ArrayList<>(edges.values());
  }

  static String key(int i) {
    String[] names = {"alice", "bob", "carol", "dave", "eve", "frank", "grace", "heidi"};
    return names[i % names.length] + (i / names.length);
  }

  static void write(Store store, String table, List<Edge> edges) {
    store.create(table, TableSettings.defaults().splits(List.of("carol", "eve1")));
    try (TableWriter w = store.writer(table)) {
      for (Edge e : edges) {
        Mutation mu = new Mutation(e.u());
        mu.put("", e.v(), new ColumnVisibility(e.label()), new Value(DecimalCodec.format(e.w())));
        w.addMutation(mu);
      }
    }
  }

  /** The edges {@code reader} may read. */
  static List<Edge> visible(List<Edge> edges, Authorizations reader) {
    List<Edge> out = new ArrayList<>();
    for (Edge e : edges) {
      try {
        if (new VisibilityEvaluator(reader).evaluate(new ColumnVisibility(e.label()))) {
          out.add(e);
        }
      } catch (VisibilityParseException x) {
        throw new IllegalStateException(x);
      }
    }
    return out;
  }

  /** Adjacency sets (u -> its out-neighbours and their weights); with {@code both} every edge both ways. */
  static Map<String, Map<String, Double>> adjacency(List<Edge> edges, boolean both) {
    Map<String, Map<String, Double>> adj = new TreeMap<>();
    for (Edge e : edges) {
      adj.computeIfAbsent(e.u(), x -> new TreeMap<>()).merge(e.v(), e.w(), Math::min);
      adj.computeIfAbsent(e.v(), x -> new TreeMap<>());
      if (both) {
        adj.get(e.v()).merge(e.u(), e.w(), Math::min);
      }
    }
    return adj;
  }

  static TreeSet<String> vertices(List<Edge> edges) {
    return new TreeSet<>(adjacency(edges, false).keySet());
  }

  /** A one-column vector as the tests read it back: key -> value. */
  static Map<String, Map<String, Double>> vector(Map<String, Double> values, String column) {
    Map<String, Map<String, Double>> m = new TreeMap<>();
    values.forEach((k, v) -> m.put(k, Map.of(column, v)));
    return m;
  }
}
