package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;

/**
 * Components against a flood fill over the undirected adjacency sets (smallest key of each part), on a
 * sparse graph with several parts, a self-loop-only vertex, every reader's view.
 */
public class ComponentsTest {
  @TempDir
  Path dir;

  public static void checkAll(Store store, String prefix, Random rnd) {
    checkAll(store, prefix, rnd, true);
  }

  /** The checks on any store; {@code full} false: one reader with fewer labels and fewer cases (a kernel run costs seconds on Accumulo). */
  public static void checkAll(Store store, String prefix, Random rnd, boolean full) {
    List<TestGraphs.Edge> edges = new java.util.ArrayList<>(TestGraphs.random(rnd, 40, 30));
    edges.add(new TestGraphs.Edge("loner", "loner", 1, ""));
    TestGraphs.write(store, prefix + "G", edges);
    int n = 0;
    for (Authorizations reader : full ? List.of(new Authorizations("red", "blue"), new Authorizations("red"))
        : List.of(new Authorizations("red"))) {
      Map<String, String> expected = oracle(TestGraphs.adjacency(TestGraphs.visible(edges, reader), true));
      String out = prefix + "CC" + (n++);
      try (Session s = Session.open(store).auths(reader)) {
        Components.run(s.matrix(prefix + "G"), Target.table(out), Components.Options.defaults());
      }
      Map<String, String> got = new TreeMap<>();
      for (Entry<Key, Value> e : store.scanAll(out, ScanSpec.all())) {
        assertEquals("component", e.getKey().getColumnQualifier().toString());
        got.put(e.getKey().getRow().toString(), e.getValue().toString());
      }
      assertEquals(expected, got, reader.toString());
    }
  }

  /** Flood fill from each vertex in key order: the first vertex of a part is its smallest key. */
  static Map<String, String> oracle(Map<String, Map<String, Double>> adj) {
    Map<String, String> component = new TreeMap<>();
    for (String start : adj.keySet()) {
      if (component.containsKey(start)) {
        continue;
      }
      Deque<String> stack = new ArrayDeque<>(List.of(start));
      component.put(start, start);
      while (!stack.isEmpty()) {
        for (String v : adj.get(stack.pop()).keySet()) {
          if (component.putIfAbsent(v, start) == null) {
            stack.push(v);
          }
        }
      }
    }
    return component;
  }

  /** An unlabelled graph (string keys, unicode among them) held in memory and computed in tables. */
  @ParameterizedTest(name = "in memory: {0}")
  @ValueSource(booleans = {true, false})
  void anUnlabelledGraphInMemoryOrInTables(boolean inMemory) {
    try (Store store = DegreesTest.open(dir)) {
      List<TestGraphs.Edge> edges = new java.util.ArrayList<>();
      for (TestGraphs.Edge e : TestGraphs.random(new Random(25), 60, 45)) {
        edges.add(new TestGraphs.Edge(e.u(), e.v(), e.w(), ""));
      }
      edges.add(new TestGraphs.Edge("loner", "loner", 1, ""));
      edges.add(new TestGraphs.Edge("\u00e9t\u00e9", "zz-only-a-target", 1, ""));
      edges.add(new TestGraphs.Edge("a-longer-key-than-seven-bytes", "\u00e9t\u00e9", 1, ""));
      TestGraphs.write(store, "G", edges);
      java.util.Set<String> before = new java.util.TreeSet<>(store.tables());
      int rounds;
      try (Session s = Session.open(store).inMemory(inMemory)) {
        rounds = Components.run(s.matrix("G"), Target.table("CC"), Components.Options.defaults());
      }
      if (inMemory) {
        assertEquals(1, rounds, "union-find over the arrays: one pass");
      }
      Map<String, String> got = new TreeMap<>();
      for (Entry<Key, Value> e : store.scanAll("CC", ScanSpec.all())) {
        got.put(e.getKey().getRow().toString(), e.getValue().toString());
      }
      assertEquals(oracle(TestGraphs.adjacency(edges, true)), got);
      java.util.Set<String> after = new java.util.TreeSet<>(store.tables());
      after.remove("CC");
      assertEquals(before, after, "no temporaries left");
    }
  }

  @Test
  void matchesAFloodFill() {
    try (Store store = DegreesTest.open(dir)) {
      checkAll(store, "", new Random(24));
    }
  }
}
