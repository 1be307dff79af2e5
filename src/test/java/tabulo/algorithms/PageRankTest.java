package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * PageRank against an independent power iteration over Java maps written here (NetworkX's loop, weight
 * None): directed graphs with dangling vertices, vertices only seen as targets, self-loops, string keys;
 * a reader who cannot see some edges gets the ranks of the graph it can see; no temporaries are left.
 */
public class PageRankTest {
  @TempDir
  Path dir;

  /** The checks of this class on any store. */
  public static void checkAll(Store store, String prefix) {
    checkAll(store, prefix, true);
  }

  /** The checks; {@code inMemory}: whether the session may hold the graph in memory (else it computes in tables). */
  public static void checkAll(Store store, String prefix, boolean inMemory) {
    checkSmall(store, prefix, 1e-9, inMemory);
    Random rnd = new Random(12);
    Set<List<String>> distinct = new TreeSet<>((p, q) -> (p.get(0) + "\t" + p.get(1)).compareTo(q.get(0) + "\t" + q.get(1)));
    for (int i = 0; i < 300; i++) {
      distinct.add(List.of("v" + rnd.nextInt(80), "v" + rnd.nextInt(120))); // v80..v119 only as targets: dangling
    }
    List<String[]> random = new ArrayList<>();
    distinct.forEach(x -> random.add(e(x.get(0), x.get(1))));
    checkGraph(store, prefix + "random", random, 1e-6, inMemory); // a looser tolerance: fewer iterations, a quicker test
  }

  /**
   * The hand-made graph with tolerance {@code tol}, the visibility case and the errors: what the Accumulo
   * host runs (each of its kernel runs costs a second or so).
   */
  public static void checkSmall(Store store, String prefix, double tol, boolean inMemory) {
    // d has no out-edge (dangling), e only appears as a target (dangling too), d2 no in-edge, a self-loop
    List<String[]> small = List.of(e("a", "b"), e("a", "c"), e("b", "c"), e("c", "a"), e("c", "d"), e("d2", "e"),
        e("b", "b"));
    checkGraph(store, prefix + "small", small, tol, inMemory);
    checkVisibility(store, prefix, Math.max(tol, 1e-6), inMemory);
    checkErrors(store, prefix, inMemory);
  }

  /**
   * What the Accumulo host runs (every kernel run there costs about a second, a converged run minutes):
   * {@code iterations} rounds on the hand-made graph, and on the labelled one as a reader without
   * "secret", each against the oracle's iterate after as many rounds; no temporaries left.
   */
  public static void checkIterations(Store store, String prefix, int iterations) {
    checkIterations(store, prefix, iterations, true);
  }

  /** As above, in memory or in tables. */
  public static void checkIterations(Store store, String prefix, int iterations, boolean inMemory) {
    List<String[]> small = List.of(e("a", "b"), e("a", "c"), e("b", "c"), e("c", "a"), e("c", "d"), e("d2", "e"),
        e("b", "b"));
    write(store, prefix + "small", small, null);
    PageRank.Options o = PageRank.Options.defaults().tolerance(0).maxIterations(iterations);
    assertRanks(oracle(small, 0.85, 0, iterations, true), iterate(store, prefix + "small", Session.open(store).inMemory(inMemory), o));
    List<String[]> open = List.of(e("a", "b"), e("b", "c"), e("c", "a"), e("c", "d"));
    store.create(prefix + "vis", TableSettings.defaults());
    try (TableWriter w = store.writer(prefix + "vis")) {
      for (String[] x : open) {
        w.addMutation(cell(x, null));
      }
      w.addMutation(cell(e("a", "z"), "secret"));
    }
    Map<String, Double> seen = iterate(store, prefix + "vis", Session.open(store).inMemory(inMemory).auths(new Authorizations()), o);
    assertFalse(seen.containsKey("z"));
    assertRanks(oracle(open, 0.85, 0, iterations, true), seen);
  }

  /** The ranks OUT holds after a run that may stop at its iteration bound; no temporaries left. */
  private static Map<String, Double> iterate(Store store, String table, Session session, PageRank.Options o) {
    String out = table + "_rank" + System.nanoTime();
    Set<String> before = new TreeSet<>(store.tables());
    try (Session s = session) {
      PageRank.run(s.matrix(table), Target.table(out), o);
    }
    Set<String> after = new TreeSet<>(store.tables());
    after.remove(out);
    assertEquals(before, after, "no temporaries left");
    Map<String, Double> ranks = new TreeMap<>();
    for (Entry<Key, Value> c : store.scanAll(out, ScanSpec.all().auths(session.auths()))) {
      ranks.merge(c.getKey().getRow().toString(), Double.parseDouble(c.getValue().toString()), Double::sum);
    }
    return ranks;
  }

  private static String[] e(String u, String v) {
    return new String[] {u, v};
  }

  private static void checkGraph(Store store, String table, List<String[]> edges, double tol, boolean inMemory) {
    write(store, table, edges, null);
    Map<String, Double> expected = oracle(edges, 0.85, tol, 100);
    Map<String, Double> got = run(store, table, Session.open(store).inMemory(inMemory), PageRank.Options.defaults().tolerance(tol));
    assertRanks(expected, got);
  }

  /** A reader without "secret" gets the ranks of the edges it can read (one of them removes a vertex). */
  private static void checkVisibility(Store store, String prefix, double tol, boolean inMemory) {
    List<String[]> open = List.of(e("a", "b"), e("b", "c"), e("c", "a"), e("c", "d"));
    List<String[]> secret = List.of(e("a", "z"), e("d", "a"), e("b", "d"));
    store.create(prefix + "vis", TableSettings.defaults());
    try (TableWriter w = store.writer(prefix + "vis")) {
      for (String[] x : open) {
        w.addMutation(cell(x, null));
      }
      for (String[] x : secret) {
        w.addMutation(cell(x, "secret"));
      }
    }
    List<String[]> all = new ArrayList<>(open);
    all.addAll(secret);
    PageRank.Options o = PageRank.Options.defaults().tolerance(tol);
    assertRanks(oracle(all, 0.85, tol, 100), run(store, prefix + "vis",
        Session.open(store).inMemory(inMemory).auths(new Authorizations("secret")), o));
    Map<String, Double> seen = run(store, prefix + "vis", Session.open(store).inMemory(inMemory).auths(new Authorizations()), o);
    assertFalse(seen.containsKey("z"));
    assertRanks(oracle(open, 0.85, tol, 100), seen);
  }

  private static void checkErrors(Store store, String prefix, boolean inMemory) {
    try (Session s = Session.open(store).inMemory(inMemory)) {
      TabuloException x = assertThrows(TabuloException.class,
          () -> PageRank.run(s.matrix(prefix + "small"), Target.table(prefix + "small"), PageRank.Options.defaults()));
      assertTrue(x.getMessage().contains(prefix + "small"), x.getMessage());
      x = assertThrows(TabuloException.class, () -> PageRank.run(s.matrix(prefix + "small"),
          Target.table(prefix + "bad"), PageRank.Options.defaults().damping(1.5)));
      assertTrue(x.getMessage().contains("--damping"), x.getMessage());
    }
  }

  private static Map<String, Double> run(Store store, String table, Session session, PageRank.Options o) {
    String out = table + "_rank" + System.nanoTime();
    Set<String> before = new TreeSet<>(store.tables());
    PageRank.Result result;
    try (Session s = session) {
      result = PageRank.run(s.matrix(table), Target.table(out), o);
    }
    assertTrue(result.converged());
    Set<String> after = new TreeSet<>(store.tables());
    after.remove(out);
    assertEquals(before, after, "no temporaries left");
    Map<String, Double> ranks = new TreeMap<>();
    for (Entry<Key, Value> c : store.scanAll(out, ScanSpec.all().auths(session.auths()))) {
      assertEquals(PageRank.COLUMN, c.getKey().getColumnQualifier().toString());
      ranks.merge(c.getKey().getRow().toString(), Double.parseDouble(c.getValue().toString()), Double::sum);
    }
    return ranks;
  }

  private static void assertRanks(Map<String, Double> expected, Map<String, Double> got) {
    assertEquals(expected.keySet(), got.keySet());
    double sum = 0;
    for (String v : expected.keySet()) {
      assertEquals(expected.get(v), got.get(v), 1e-12, v);
      sum += got.get(v);
    }
    assertEquals(1.0, sum, 1e-9);
  }

  private static void write(Store store, String table, List<String[]> edges, String label) {
    store.create(table, TableSettings.defaults());
    try (TableWriter w = store.writer(table)) {
      for (String[] x : edges) {
        w.addMutation(cell(x, label));
      }
    }
  }

  private static Mutation cell(String[] edge, String label) {
    Mutation m = new Mutation(edge[0]);
    if (label == null) {
      m.put("", edge[1], "1");
    } else {
      m.put("", edge[1], new ColumnVisibility(label), "1");
    }
    return m;
  }

  /** NetworkX's pagerank (weight None, uniform personalization and dangling weights), over Java maps. */
  static Map<String, Double> oracle(List<String[]> edges, double alpha, double tol, int maxIter) {
    return oracle(edges, alpha, tol, maxIter, false);
  }

  /** NetworkX's loop; with {@code lastIterate}, the iterate after {@code maxIter} rounds, converged or not. */
  static Map<String, Double> oracle(List<String[]> edges, double alpha, double tol, int maxIter,
      boolean lastIterate) {
    return oracle(edges, Set.of(), alpha, tol, maxIter, lastIterate);
  }

  /** As above, with {@code extra} vertices besides the edges' ends (isolated ones: dangling). */
  static Map<String, Double> oracle(List<String[]> edges, Set<String> extra, double alpha, double tol, int maxIter,
      boolean lastIterate) {
    Map<String, Set<String>> out = new TreeMap<>();
    Set<String> nodes = new TreeSet<>(extra);
    for (String[] x : edges) {
      out.computeIfAbsent(x[0], k -> new TreeSet<>()).add(x[1]);
      nodes.add(x[0]);
      nodes.add(x[1]);
    }
    int n = nodes.size();
    Map<String, Double> x = new HashMap<>();
    for (String v : nodes) {
      x.put(v, 1.0 / n);
    }
    for (int it = 0; it < maxIter; it++) {
      Map<String, Double> last = x;
      x = new HashMap<>();
      double danglesum = 0;
      for (String v : nodes) {
        x.put(v, 0.0);
        if (!out.containsKey(v)) {
          danglesum += alpha * last.get(v);
        }
      }
      for (String v : out.keySet()) {
        Set<String> nbrs = out.get(v);
        for (String u : nbrs) {
          x.merge(u, alpha * last.get(v) / nbrs.size(), Double::sum);
        }
      }
      double err = 0;
      for (String v : nodes) {
        x.merge(v, danglesum / n + (1 - alpha) / n, Double::sum);
        err += Math.abs(x.get(v) - last.get(v));
      }
      if (err < n * tol) {
        return new TreeMap<>(x);
      }
    }
    if (lastIterate) {
      return new TreeMap<>(x);
    }
    throw new AssertionError("the oracle did not converge");
  }

  static Store open(Path dir) {
    EmbeddedStore s = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    s.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("secret"));
    return s;
  }

  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void ranksAsThePowerIterationOverMaps(boolean inMemory) {
    try (Store store = open(dir)) {
      checkAll(store, "", inMemory);
    }
  }

  /** What the Accumulo host checks, here too: the iterates after 1 and 2 rounds, not converged. */
  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void eachIterateIsTheOraclesIterate(boolean inMemory) {
    try (Store store = open(dir)) {
      checkIterations(store, "one_", 1, inMemory);
      checkIterations(store, "two_", 2, inMemory);
    }
  }

  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void anEmptyGraphHasNoRanks(boolean inMemory) {
    try (Store store = open(dir); Session s = Session.open(store).inMemory(inMemory)) {
      store.create("G", TableSettings.defaults());
      PageRank.Result r = PageRank.run(s.matrix("G"), Target.table("R"), PageRank.Options.defaults());
      assertEquals(0, r.vertices());
      assertFalse(store.scanAll("R", ScanSpec.all()).iterator().hasNext());
    }
  }

  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void stopsAfterMaxIterationsAndTellsEachIteration(boolean inMemory) {
    try (Store store = open(dir)) {
      List<String[]> g = List.of(e("a", "b"), e("b", "c"), e("c", "a"), e("c", "b"));
      write(store, "G", g, null);
      List<Double> changes = new ArrayList<>();
      PageRank.Result r;
      try (Session s = Session.open(store).inMemory(inMemory)) {
        r = PageRank.run(s.matrix("G"), Target.table("R"), PageRank.Options.defaults().tolerance(0).maxIterations(3)
            .listener((i, change) -> changes.add(change)));
      }
      assertFalse(r.converged());
      assertEquals(3, r.iterations());
      assertEquals(3, changes.size());
    }
  }

  /**
   * --vertices V: V's row keys join the vertex set; those without an edge count in N and spread their rank
   * as dangling vertices (LDBC's isolated vertices), exactly N iterations as LDBC's PageRank.
   */
  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void verticesOfAnotherTableJoinTheVertexSet(boolean inMemory) {
    try (Store store = open(dir)) {
      List<String[]> g = List.of(e("a", "b"), e("a", "c"), e("b", "c"), e("c", "a"), e("c", "d"), e("b", "b"));
      write(store, "G", g, null);
      Set<String> listed = Set.of("0iso", "a", "iso1", "zz"); // before, among and after G's keys; "a" is in G
      store.create("V", TableSettings.defaults());
      try (TableWriter w = store.writer("V")) {
        for (String v : listed) {
          Mutation m = new Mutation(v);
          m.put("", "vertex", "1");
          w.addMutation(m);
        }
      }
      PageRank.Options o = PageRank.Options.defaults().tolerance(0).maxIterations(7).vertices("V");
      Map<String, Double> got = iterate(store, "G", Session.open(store).inMemory(inMemory), o);
      assertRanks(oracle(g, Set.of("0iso", "iso1", "zz"), 0.85, 0, 7, true), got);
      store.create("E", TableSettings.defaults());
      got = iterate(store, "E", Session.open(store).inMemory(inMemory), o); // no edge at all: 1/N each
      assertRanks(oracle(List.of(), listed, 0.85, 0, 7, true), got);
    }
  }
}
