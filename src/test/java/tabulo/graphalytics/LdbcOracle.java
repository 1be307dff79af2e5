package tabulo.graphalytics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * LDBC Graphalytics' six algorithms written literally from the specification over Java maps, as the
 * independent oracle of the driver's tests: a graph is its vertex list and its edges (src, dst, weight);
 * an undirected graph's edges count both ways.
 */
final class LdbcOracle {
  record Edge(long src, long dst, double weight) {}

  private final List<Long> vertices;
  private final Map<Long, Map<Long, Double>> out = new TreeMap<>();
  private final Map<Long, Set<Long>> in = new TreeMap<>();

  LdbcOracle(List<Long> vertices, List<Edge> edges, boolean directed) {
    this.vertices = vertices;
    for (long v : vertices) {
      out.put(v, new TreeMap<>());
      in.put(v, new TreeSet<>());
    }
    for (Edge e : edges) {
      out.get(e.src()).put(e.dst(), e.weight());
      in.get(e.dst()).add(e.src());
      if (!directed) {
        out.get(e.dst()).put(e.src(), e.weight());
        in.get(e.src()).add(e.dst());
      }
    }
  }

  Map<Long, Long> bfs(long source) {
    Map<Long, Long> d = new HashMap<>();
    vertices.forEach(v -> d.put(v, Long.MAX_VALUE));
    d.put(source, 0L);
    ArrayDeque<Long> q = new ArrayDeque<>(List.of(source));
    while (!q.isEmpty()) {
      long u = q.poll();
      for (long v : out.get(u).keySet()) {
        if (d.get(v) == Long.MAX_VALUE) {
          d.put(v, d.get(u) + 1);
          q.add(v);
        }
      }
    }
    return d;
  }

  Map<Long, Double> sssp(long source) {
    Map<Long, Double> d = new HashMap<>();
    vertices.forEach(v -> d.put(v, Double.POSITIVE_INFINITY));
    d.put(source, 0.0);
    PriorityQueue<double[]> q = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
    q.add(new double[] {0, source});
    while (!q.isEmpty()) {
      double[] top = q.poll();
      long u = (long) top[1];
      if (top[0] > d.get(u)) {
        continue;
      }
      for (Map.Entry<Long, Double> e : out.get(u).entrySet()) {
        double alt = top[0] + e.getValue();
        if (alt < d.get(e.getKey())) {
          d.put(e.getKey(), alt);
          q.add(new double[] {alt, e.getKey()});
        }
      }
    }
    return d;
  }

  /** Each vertex's component as its smallest member (the graph taken as undirected). */
  Map<Long, Long> wcc() {
    Map<Long, Long> label = new HashMap<>();
    for (long v : new TreeSet<>(vertices)) { // smallest first: the first to reach a component labels it
      if (label.containsKey(v)) {
        continue;
      }
      ArrayDeque<Long> q = new ArrayDeque<>(List.of(v));
      label.put(v, v);
      while (!q.isEmpty()) {
        long u = q.poll();
        Set<Long> nb = new TreeSet<>(out.get(u).keySet());
        nb.addAll(in.get(u));
        for (long w : nb) {
          if (label.putIfAbsent(w, v) == null) {
            q.add(w);
          }
        }
      }
    }
    return label;
  }

  /** Synchronous rounds; in- and out-neighbours' labels both counted; ties to the smallest label. */
  Map<Long, Long> cdlp(int rounds, boolean directed) {
    Map<Long, Long> label = new HashMap<>();
    vertices.forEach(v -> label.put(v, v));
    for (int r = 0; r < rounds; r++) {
      Map<Long, Long> next = new HashMap<>();
      for (long v : vertices) {
        Map<Long, Integer> count = new TreeMap<>();
        List<Long> nb = new ArrayList<>(out.get(v).keySet());
        if (directed) {
          nb.addAll(in.get(v));
        }
        nb.forEach(u -> count.merge(label.get(u), 1, Integer::sum));
        long best = label.get(v);
        int most = 0;
        for (Map.Entry<Long, Integer> e : count.entrySet()) { // ascending labels: the first of the most wins
          if (e.getValue() > most) {
            most = e.getValue();
            best = e.getKey();
          }
        }
        next.put(v, best);
      }
      label.putAll(next);
    }
    return label;
  }

  /** N(v) = in ∪ out without v; edges among N(v) over |N(v)|(|N(v)|-1) (an undirected edge counts twice). */
  Map<Long, Double> lcc() {
    Map<Long, Double> c = new HashMap<>();
    for (long v : vertices) {
      Set<Long> n = new TreeSet<>(out.get(v).keySet());
      n.addAll(in.get(v));
      n.remove(v);
      long links = 0;
      for (long a : n) {
        for (long b : out.get(a).keySet()) {
          if (b != a && n.contains(b)) {
            links++;
          }
        }
      }
      c.put(v, n.size() < 2 ? 0.0 : (double) links / (n.size() * (n.size() - 1.0)));
    }
    return c;
  }

  Map<Long, Double> pr(double d, int iterations) {
    int n = vertices.size();
    Map<Long, Double> r = new HashMap<>();
    vertices.forEach(v -> r.put(v, 1.0 / n));
    for (int i = 0; i < iterations; i++) {
      double dangling = 0;
      for (long v : vertices) {
        if (out.get(v).isEmpty()) {
          dangling += r.get(v);
        }
      }
      Map<Long, Double> next = new HashMap<>();
      for (long v : vertices) {
        double sum = 0;
        for (long u : in.get(v)) {
          sum += r.get(u) / out.get(u).size();
        }
        next.put(v, (1 - d) / n + d * sum + d * dangling / n);
      }
      r.putAll(next);
    }
    return r;
  }
}
