package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Set;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.algorithms.resident.Resident;
import tabulo.math.DecimalCodec;
import tabulo.ops.Matrices;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * BFS levels against a queue BFS over adjacency sets: several sources, hop limits, degree filters
 * (AdjBFS: vertices outside [min, max] are reached but not expanded), --undirected, every reader's view;
 * an empty --from selection is an error and writes nothing. --parents: each parent is the smallest of
 * the vertex's valid parents.
 */
public class BfsTest {
  @TempDir
  Path dir;

  public static void checkAll(Store store, String prefix, Random rnd) {
    checkAll(store, prefix, rnd, true);
  }

  /** The checks on any store; {@code full} false: one reader with fewer labels and fewer cases (a kernel run costs seconds on Accumulo). */
  public static void checkAll(Store store, String prefix, Random rnd, boolean full) {
    List<TestGraphs.Edge> edges = TestGraphs.random(rnd, 40, 70);
    TestGraphs.write(store, prefix + "G", edges);
    record Case(String from, int hops, double min, double max, boolean undirected) {}
    List<Case> cases = List.of(new Case("alice0,", Integer.MAX_VALUE, -1, 1e9, false),
        new Case("bob1,dave0,zed,", Integer.MAX_VALUE, -1, 1e9, false), new Case("alice0,", 2, -1, 1e9, false),
        new Case("carol*,", Integer.MAX_VALUE, 2, 3, false), new Case("eve0,", Integer.MAX_VALUE, -1, 1e9, true),
        new Case("zoe,", Integer.MAX_VALUE, -1, 1e9, false), new Case("zed,zoe,", Integer.MAX_VALUE, -1, 1e9, false));
    int n = 0;
    for (Authorizations reader : full ? List.of(new Authorizations("red", "blue"), new Authorizations())
        : List.of(new Authorizations("red"))) {
      List<TestGraphs.Edge> seen = TestGraphs.visible(edges, reader);
      for (Case c : full ? cases : List.of(cases.get(1), cases.get(3))) {
        Map<String, Double> expected = oracle(TestGraphs.adjacency(seen, c.undirected()), KeySpec.parse(c.from()),
            c.hops(), c.min(), c.max());
        String out = prefix + "BFS" + (n++);
        List<Long> changes = new ArrayList<>();
        try (Session s = Session.open(store).auths(reader)) {
          if (expected.isEmpty()) { // no source this reader can see: an error, as for a selection of nothing
            assertThrows(TabuloException.class, () -> Bfs.run(s.matrix(prefix + "G"), Target.table(out),
                Bfs.Options.defaults().from(c.from())));
            assertFalse(store.exists(out));
            continue;
          }
          Bfs.Options o = Bfs.Options.defaults().from(c.from()).hops(c.hops()).undirected(c.undirected())
              .listener((i, change) -> changes.add(Math.round(change)));
          if (c.min() >= 0) {
            o = o.minDegree(c.min()).maxDegree(c.max());
          }
          Bfs.run(s.matrix(prefix + "G"), Target.table(out), o);
        }
        assertEquals(TestGraphs.vector(expected, "level"), Matrices.read(store, out), c + ", " + reader);
        assertEquals(expected.size(), changes.stream().mapToLong(x -> x).sum() + expected.values().stream()
            .filter(l -> l == 0).count(), "progress counts each reached vertex once");
      }
    }
    try (Session s = Session.open(store)) {
      TabuloException e = assertThrows(TabuloException.class,
          () -> Bfs.run(s.matrix(prefix + "G"), Target.table(prefix + "EMPTY"),
              Bfs.Options.defaults().from("nobody,")));
      assertTrue(e.getMessage().contains("--from=nobody, selects no vertex of " + prefix + "G"), e.getMessage());
      assertFalse(store.exists(prefix + "EMPTY"));
    }
  }

  /**
   * --parents against the queue BFS: each reached vertex's parent is the smallest of its valid parents
   * (an expanded vertex one level up with an edge to it; a source its own), and the levels are as without
   * --parents; for each reader, on a directed and an undirected case, with hop limits and degree filters.
   */
  public static void checkParents(Store store, String prefix, Random rnd, boolean full) {
    List<TestGraphs.Edge> edges = TestGraphs.random(rnd, 40, 70);
    TestGraphs.write(store, prefix + "G", edges);
    record Case(String from, int hops, double min, double max, boolean undirected) {}
    List<Case> cases = List.of(new Case("bob1,dave0,zed,", Integer.MAX_VALUE, -1, 1e9, false),
        new Case("a*,", 2, -1, 1e9, true), new Case("carol*,", Integer.MAX_VALUE, 2, 3, false));
    int n = 0;
    for (Authorizations reader : full ? List.of(new Authorizations("red", "blue"), new Authorizations())
        : List.of(new Authorizations("red"))) {
      List<TestGraphs.Edge> seen = TestGraphs.visible(edges, reader);
      for (Case c : full ? cases : cases.subList(1, 2)) { // on Accumulo: two hops, undirected
        Map<String, Map<String, Double>> adj = TestGraphs.adjacency(seen, c.undirected());
        Map<String, Double> level = oracle(adj, KeySpec.parse(c.from()), c.hops(), c.min(), c.max());
        if (level.isEmpty()) {
          continue; // no source this reader can see: checkAll covers the error
        }
        Map<String, Map<String, String>> expected = withParents(level,
            validParents(adj, level, c.hops(), c.min(), c.max()));
        String out = prefix + "BFSP" + (n++);
        try (Session s = Session.open(store).auths(reader)) {
          Bfs.Options o = Bfs.Options.defaults().from(c.from()).hops(c.hops()).undirected(c.undirected())
              .parents(true);
          if (c.min() >= 0) {
            o = o.minDegree(c.min()).maxDegree(c.max());
          }
          Bfs.run(s.matrix(prefix + "G"), Target.table(out), o);
        }
        assertEquals(expected, readText(store, out), c + ", " + reader);
      }
    }
    assertTrue(n >= (full ? 5 : 1), "cases run: " + n);
  }

  /**
   * For each reached vertex the set of its valid BFS parents: the vertices one level up, expanded (under
   * the hop limit, degree in [min, max]), with an edge to it; a source has only itself.
   */
  static Map<String, TreeSet<String>> validParents(Map<String, Map<String, Double>> adj, Map<String, Double> level,
      int hops, double min, double max) {
    return validParents(adj, outDegrees(adj), level, hops, min, max);
  }

  /** The same with the degrees the filter reads given. */
  static Map<String, TreeSet<String>> validParents(Map<String, Map<String, Double>> adj, Map<String, Integer> degree,
      Map<String, Double> level, int hops, double min, double max) {
    Map<String, TreeSet<String>> parents = new TreeMap<>();
    level.forEach((v, l) -> parents.put(v, new TreeSet<>(l == 0 ? List.of(v) : List.of())));
    adj.forEach((u, out) -> {
      Double l = level.get(u);
      int d = degree.getOrDefault(u, 0);
      boolean expanded = l != null && l < hops && (min < 0 || (d >= min && d <= max));
      for (String v : expanded ? out.keySet() : Set.<String>of()) {
        if (level.get(v) == l + 1) {
          parents.get(v).add(u);
        }
      }
    });
    return parents;
  }

  /** OUT as the tests expect it with --parents: level (as the codec writes it) and the smallest valid parent. */
  static Map<String, Map<String, String>> withParents(Map<String, Double> level, Map<String, TreeSet<String>> valid) {
    Map<String, Map<String, String>> m = new TreeMap<>();
    level.forEach((v, l) -> {
      assertFalse(valid.get(v).isEmpty(), "the oracle finds a parent for every reached vertex: " + v);
      m.put(v, Map.of(Bfs.COLUMN, DecimalCodec.format(l), Bfs.PARENT, valid.get(v).first()));
    });
    return m;
  }

  /** A table's cells as text, row -> column -> value; a cell held twice (in two labelled parts) fails. */
  static Map<String, Map<String, String>> readText(Store store, String table) {
    Map<String, Map<String, String>> m = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      String before = m.computeIfAbsent(e.getKey().getRow().toString(), k -> new TreeMap<>())
          .put(e.getKey().getColumnQualifier().toString(), e.getValue().toString());
      assertEquals(null, before, "one cell per key in " + table + ": " + e.getKey());
    }
    return m;
  }

  /** Queue BFS from every source; vertices whose out-degree is outside [min, max] are not expanded. */
  static Map<String, Double> oracle(Map<String, Map<String, Double>> adj, KeySpec from, int hops, double min,
      double max) {
    return oracle(adj, outDegrees(adj), from, hops, min, max);
  }

  static Map<String, Integer> outDegrees(Map<String, Map<String, Double>> adj) {
    Map<String, Integer> d = new TreeMap<>();
    adj.forEach((u, out) -> d.put(u, out.size()));
    return d;
  }

  /** The same with the degrees the filter reads given (a vertex missing from {@code degree} has 0). */
  static Map<String, Double> oracle(Map<String, Map<String, Double>> adj, Map<String, Integer> degrees, KeySpec from,
      int hops, double min, double max) {
    Map<String, Double> level = new TreeMap<>();
    Deque<String> queue = new ArrayDeque<>();
    for (String v : adj.keySet()) {
      if (from.matches(v)) {
        level.put(v, 0.0);
        queue.add(v);
      }
    }
    while (!queue.isEmpty()) {
      String u = queue.poll();
      double l = level.get(u);
      int degree = degrees.getOrDefault(u, 0);
      if (l >= hops || (min >= 0 && (degree < min || degree > max))) {
        continue;
      }
      for (String v : adj.get(u).keySet()) {
        if (!level.containsKey(v)) {
          level.put(v, l + 1);
          queue.add(v);
        }
      }
    }
    return level;
  }

  /**
   * A symmetric unlabelled graph (each edge both ways, a self-loop) with its image kept, so held in memory
   * as known to be its own transpose: rounds with a large frontier are pulled (each vertex not reached
   * looks for a frontier vertex among its neighbours). Levels and the smallest valid parent against the
   * queue BFS, with hop limits and degree filters.
   */
  @Test
  void aSymmetricGraphWithItsImage() {
    try (Store store = DegreesTest.open(dir)) {
      List<TestGraphs.Edge> edges = new ArrayList<>();
      for (TestGraphs.Edge e : TestGraphs.random(new Random(31), 40, 120)) {
        edges.add(new TestGraphs.Edge(e.u(), e.v(), 1, ""));
        edges.add(new TestGraphs.Edge(e.v(), e.u(), 1, ""));
      }
      edges.add(new TestGraphs.Edge("alice0", "alice0", 1, ""));
      TestGraphs.write(store, "G", edges.stream().distinct().toList());
      store.flush("G"); // an image is of the table's files
      try (Session s = Session.open(store)) {
        assertTrue(Resident.keepImage(s, "G", false), "an image of G");
      }
      record Case(String from, int hops, double min, double max) {}
      List<Case> cases = List.of(new Case("alice0,", Integer.MAX_VALUE, -1, 1e9),
          new Case("bob1,dave0,", Integer.MAX_VALUE, -1, 1e9), new Case("alice0,", 2, -1, 1e9),
          new Case("carol*,", Integer.MAX_VALUE, 2, 6), new Case("a*,", 3, 4, 1e9));
      int n = 0;
      for (Case c : cases) {
        Map<String, Map<String, Double>> adj = TestGraphs.adjacency(edges, false);
        Map<String, Double> level = oracle(adj, KeySpec.parse(c.from()), c.hops(), c.min(), c.max());
        for (boolean parents : List.of(false, true)) {
          String out = "BFS" + (n++);
          try (Session s = Session.open(store)) {
            Bfs.Options o = Bfs.Options.defaults().from(c.from()).hops(c.hops()).parents(parents);
            if (c.min() >= 0) {
              o = o.minDegree(c.min()).maxDegree(c.max());
            }
            Bfs.run(s.matrix("G"), Target.table(out), o);
          }
          if (parents) {
            assertEquals(withParents(level, validParents(adj, level, c.hops(), c.min(), c.max())),
                readText(store, out), c.toString());
          } else {
            assertEquals(TestGraphs.vector(level, "level"), Matrices.read(store, out), c.toString());
          }
        }
      }
    }
  }

  /**
   * An unlabelled graph (a self-loop, a key only a target, unicode) held in memory (the labelled graphs
   * above are computed in tables): levels against the queue BFS for several sources, hop limits, degree
   * filters and --undirected, and with --parents the smallest valid parent; one write, no table round.
   */
  @Test
  void anUnlabelledGraphHeldInMemory() {
    try (Store store = DegreesTest.open(dir)) {
      List<TestGraphs.Edge> edges = new ArrayList<>();
      for (TestGraphs.Edge e : TestGraphs.random(new Random(26), 40, 80)) {
        edges.add(new TestGraphs.Edge(e.u(), e.v(), e.w(), ""));
      }
      edges.add(new TestGraphs.Edge("alice0", "alice0", 1, ""));
      edges.add(new TestGraphs.Edge("\u00e9t\u00e9", "zz-only-a-target", 1, ""));
      edges.add(new TestGraphs.Edge("bob1", "\u00e9t\u00e9", 1, ""));
      TestGraphs.write(store, "G", edges);
      record Case(String from, int hops, double min, double max, boolean undirected, boolean parents) {}
      List<Case> cases = List.of(new Case("alice0,", Integer.MAX_VALUE, -1, 1e9, false, false),
          new Case("bob1,dave0,zed,", Integer.MAX_VALUE, -1, 1e9, false, true),
          new Case("alice0,", 2, -1, 1e9, false, true), new Case("carol*,", Integer.MAX_VALUE, 2, 3, false, true),
          new Case("eve0,", Integer.MAX_VALUE, -1, 1e9, true, false), new Case("a*,", 2, 1, 4, true, true),
          new Case("zz-only-a-target,", Integer.MAX_VALUE, -1, 1e9, false, true),
          new Case("zz-only-a-target,", 0, -1, 1e9, true, false));
      int n = 0;
      for (Case c : cases) {
        Map<String, Map<String, Double>> adj = TestGraphs.adjacency(edges, c.undirected());
        Map<String, Double> level = oracle(adj, KeySpec.parse(c.from()), c.hops(), c.min(), c.max());
        String out = "BFS" + (n++);
        List<Long> changes = new ArrayList<>();
        List<Long> runs = new ArrayList<>();
        try (Session s = Session.open(store).onRunEnd(k -> runs.add(1L))) {
          Bfs.Options o = Bfs.Options.defaults().from(c.from()).hops(c.hops()).undirected(c.undirected())
              .parents(c.parents()).listener((i, change) -> changes.add(Math.round(change)));
          if (c.min() >= 0) {
            o = o.minDegree(c.min()).maxDegree(c.max());
          }
          Bfs.run(s.matrix("G"), Target.table(out), o);
        }
        if (c.parents()) {
          assertEquals(withParents(level, validParents(adj, level, c.hops(), c.min(), c.max())),
              readText(store, out), c.toString());
        } else {
          assertEquals(TestGraphs.vector(level, "level"), Matrices.read(store, out), c.toString());
        }
        assertEquals(level.size(), changes.stream().mapToLong(x -> x).sum() + level.values().stream()
            .filter(l -> l == 0).count(), "progress counts each reached vertex once");
        assertEquals(1, runs.size(), "over the arrays: one write");
      }
      try (Session s = Session.open(store)) {
        TabuloException e = assertThrows(TabuloException.class,
            () -> Bfs.run(s.matrix("G"), Target.table("EMPTY"), Bfs.Options.defaults().from("nobody,")));
        assertTrue(e.getMessage().contains("--from=nobody, selects no vertex of G"), e.getMessage());
        assertFalse(store.exists("EMPTY"));
      }
    }
  }

  @Test
  void parentsAreTheSmallestValidParent() {
    try (Store store = DegreesTest.open(dir)) {
      checkParents(store, "", new Random(23), true);
    }
  }

  @Test
  void matchesAQueueBfs() {
    try (Store store = DegreesTest.open(dir)) {
      checkAll(store, "", new Random(22));
    }
  }
}
