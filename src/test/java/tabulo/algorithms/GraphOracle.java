package tabulo.algorithms;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;

import tabulo.math.ValueCodec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Graphs for the algorithm tests and the brute-force oracle they are checked against: adjacency sets in
 * Java maps, the graph conventions written out again (G ∪ G^T, self-loops ignored).
 */
public final class GraphOracle {
  private static final ValueCodec DECIMAL = ValueCodec.named("decimal");

  /** One stored edge: source row, target column, its visibility label, its weight. */
  public record Edge(String from, String to, String label, double weight) {}

  private GraphOracle() {}

  /**
   * Zachary's karate club (members 1..34, 78 friendships, 45 triangles), as published in Zachary 1977 and
   * NetworkX's karate_club_graph; keys are "m01".."m34" so key order is member order.
   */
  public static List<Edge> karate() {
    int[][] friends = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 18, 20, 22, 32}, {2, 3, 4, 8, 14, 18, 20, 22, 31},
        {3, 4, 8, 9, 10, 14, 28, 29, 33}, {4, 8, 13, 14}, {5, 7, 11}, {6, 7, 11, 17}, {7, 17}, {9, 31, 33, 34},
        {10, 34}, {14, 34}, {15, 33, 34}, {16, 33, 34}, {19, 33, 34}, {20, 34}, {21, 33, 34}, {23, 33, 34},
        {24, 26, 28, 30, 33, 34}, {25, 26, 28, 32}, {26, 32}, {27, 30, 34}, {28, 34}, {29, 32, 34}, {30, 33, 34},
        {31, 33, 34}, {32, 33, 34}, {33, 34}};
    List<Edge> edges = new ArrayList<>();
    for (int[] f : friends) {
      for (int i = 1; i < f.length; i++) {
        edges.add(new Edge(String.format("m%02d", f[0]), String.format("m%02d", f[i]), "", 1));
      }
    }
    return edges;
  }

  /**
   * A small directed, weighted, disconnected graph with string keys: edges stored in one direction or
   * both, a self-loop, a chord, a component of two triangles sharing an edge, and an isolated pair.
   */
  public static List<Edge> small() {
    String[][] e = {{"alice", "bob"}, {"bob", "carol"}, {"carol", "alice"}, {"alice", "carol"}, {"carol", "dave"},
        {"dave", "alice"}, {"dave", "dave"}, {"eve", "dave"}, {"ñandú", "日本"}, {"日本", "z:1"}, {"z:1", "ñandú"},
        {"z:1", "x"}, {"x", "日本"}, {"k07", "q"}};
    List<Edge> edges = new ArrayList<>();
    for (int i = 0; i < e.length; i++) {
      edges.add(new Edge(e[i][0], e[i][1], "", i - 3.5)); // negatives and fractions: weights are ignored
    }
    return edges;
  }

  /** A random graph on {@code n} keys, about one pair in {@code sparsity}, labels from {@code labels}. */
  public static List<Edge> random(Random rnd, int n, int sparsity, String... labels) {
    List<Edge> edges = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (rnd.nextInt(sparsity) == 0) {
          edges.add(new Edge("v" + i, "v" + j, labels[rnd.nextInt(labels.length)], rnd.nextInt(5) + 1));
        }
      }
    }
    return edges;
  }

  /** Readers: every label, one label alone, none. */
  public static final List<Authorizations> READERS = List.of(new Authorizations("red", "blue"),
      new Authorizations("red"), new Authorizations());

  public static final java.util.Set<String> ALL_GRAPHS = java.util.Set.of("small", "karate", "labelled");

  /** The graphs every algorithm is checked on, by name: small, karate, a random labelled one; those named. */
  public static Map<String, List<Edge>> cases(Random rnd, java.util.Set<String> names) {
    Map<String, List<Edge>> m = new TreeMap<>();
    m.put("small", small());
    m.put("karate", karate());
    m.put("labelled", random(rnd, 14, 3, "", "", "red", "blue", "red&blue"));
    m.keySet().retainAll(names);
    return m;
  }

  /** Opens an embedded store in {@code dir} whose root may read labels red and blue. */
  public static Store open(java.nio.file.Path dir) {
    tabulo.embedded.EmbeddedStore s = tabulo.embedded.EmbeddedStore.open(dir.resolve("db"),
        tabulo.embedded.EmbeddedStore.ROOT);
    s.setAuthorizations(tabulo.embedded.EmbeddedStore.ROOT, new Authorizations("red", "blue"));
    return s;
  }

  /** Writes the edges into a new table split at {@code splits}. */
  public static void write(Store store, String table, List<Edge> edges, String... splits) {
    store.create(table, TableSettings.defaults().splits(List.of(splits.length > 0 ? splits
        : new String[] {"dave", "m17", "v5"})));
    try (TableWriter w = store.writer(table)) {
      for (Edge e : edges) {
        Mutation m = new Mutation(e.from());
        m.put("", e.to(), new ColumnVisibility(e.label()), new Value(DECIMAL.encode(e.weight())));
        w.addMutation(m);
      }
    }
  }

  /** The undirected graph the reader with {@code auths} sees: neighbour sets, self-loops dropped. */
  public static Map<String, TreeSet<String>> adjacency(List<Edge> edges, Authorizations auths) {
    VisibilityEvaluator ev = new VisibilityEvaluator(auths);
    Map<String, TreeSet<String>> adj = new TreeMap<>();
    for (Edge e : edges) {
      if (!canRead(ev, e.label()) || e.from().equals(e.to())) {
        continue;
      }
      adj.computeIfAbsent(e.from(), k -> new TreeSet<>()).add(e.to());
      adj.computeIfAbsent(e.to(), k -> new TreeSet<>()).add(e.from());
    }
    return adj;
  }

  /** Triangles containing each vertex in one, by testing every pair of its neighbours. */
  public static Map<String, Double> trianglesPerVertex(Map<String, TreeSet<String>> adj) {
    Map<String, Double> t = new TreeMap<>();
    adj.forEach((v, n) -> {
      long c = 0;
      for (String a : n) {
        for (String b : n) {
          c += a.compareTo(b) < 0 && adj.get(a).contains(b) ? 1 : 0;
        }
      }
      if (c > 0) {
        t.put(v, (double) c);
      }
    });
    return t;
  }

  public static long triangles(Map<String, TreeSet<String>> adj) {
    return Math.round(trianglesPerVertex(adj).values().stream().mapToDouble(Double::doubleValue).sum()) / 3;
  }

  /** What a reader sees of a table: per key (row, or "row col" when {@code withColumns}), the parts' sum. */
  public static Map<String, Double> read(Store store, String table, Authorizations auths, boolean withColumns) {
    Map<String, Double> m = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all().auths(auths))) {
      Key k = e.getKey();
      String key = withColumns ? k.getRow() + " " + k.getColumnQualifier() : k.getRow().toString();
      m.merge(key, DECIMAL.decode(e.getValue().get(), 0, e.getValue().getSize()), Double::sum);
    }
    return m;
  }

  private static boolean canRead(VisibilityEvaluator ev, String label) {
    try {
      return ev.evaluate(new ColumnVisibility(label));
    } catch (VisibilityParseException e) {
      throw new IllegalStateException(e);
    }
  }
}
