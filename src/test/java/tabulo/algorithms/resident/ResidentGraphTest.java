package tabulo.algorithms.resident;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.kernel.Columns;
import tabulo.ops.Session;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * The arrays of a graph held in memory against the table read cell by cell: every row and column key a
 * vertex, in UTF-8 byte order, each row's columns its edges; and when a graph is not held.
 */
class ResidentGraphTest {
  @TempDir
  Path dir;

  private static final String[] NAMES = {"a", "b", "ab", "abc", "zz", "é", "ü-vertex", "a-key-longer-than-seven",
      "a-key-longer-than-seven-too", "0", "00", "Z", "~", "日本"};

  private static String vertex(Random rnd) {
    return NAMES[rnd.nextInt(NAMES.length)] + (rnd.nextInt(4) == 0 ? "" : Integer.toString(rnd.nextInt(30)));
  }

  @Test
  void holdsEveryVisibleCellAsAnEdgeWithVerticesInKeyOrder() {
    try (Store store = open(dir); Session s = Session.open(store)) {
      store.create("G", TableSettings.defaults().splits(List.of("b", "é")));
      Random rnd = new Random(7);
      for (int part = 0; part < 3; part++) { // three files and a memtable
        try (TableWriter w = store.writer("G")) {
          for (int i = 0; i < 400; i++) {
            Mutation m = new Mutation(vertex(rnd));
            String family = rnd.nextInt(10) == 0 ? "f" + rnd.nextInt(2) : "";
            if (rnd.nextInt(15) == 0) {
              m.putDelete(family, vertex(rnd));
            } else {
              m.put(family, vertex(rnd), Integer.toString(rnd.nextInt(5)));
            }
            w.addMutation(m);
          }
        }
        if (part < 2) {
          store.flush("G");
        }
      }
      ResidentGraph g = Resident.graphFor(s.matrix("G"), 1_000_000);
      assertNotNull(g);
      Map<String, TreeSet<String>> expected = bruteForce(store, "G", new Authorizations());
      assertGraph(expected, g);
    }
  }

  @Test
  void aReaderGetsWhatItCanReadAndALabelledCellIsNotHeld() {
    try (Store store = open(dir)) {
      store.create("G", TableSettings.defaults());
      try (TableWriter w = store.writer("G")) {
        for (String[] e : new String[][] {{"a", "b"}, {"b", "c"}, {"c", "a"}}) {
          Mutation m = new Mutation(e[0]);
          m.put("", e[1], "1");
          w.addMutation(m);
        }
        Mutation m = new Mutation("a");
        m.put("", "secret-target", new ColumnVisibility("secret"), "1");
        w.addMutation(m);
      }
      try (Session s = Session.open(store).auths(new Authorizations())) {
        ResidentGraph g = Resident.graphFor(s.matrix("G"), 1_000_000);
        assertGraph(bruteForce(store, "G", new Authorizations()), g);
        assertEquals(3, g.vertices());
      }
      try (Session s = Session.open(store).auths(new Authorizations("secret"))) {
        assertNull(Resident.graphFor(s.matrix("G"), 1_000_000), "a labelled cell: the tables carry labels");
      }
      try (Session s = Session.open(store).auths(new Authorizations())) {
        assertNull(Resident.graphFor(s.matrix("G"), 2), "more edges than allowed");
        assertNotNull(Resident.graphFor(s.matrix("G"), 3));
      }
      try (Session s = Session.open(store).auths(new Authorizations()).inMemory(false)) {
        assertNull(Resident.graphFor(s.matrix("G"), 1_000_000), "the session computes in tables");
      }
    }
  }

  /** Row -> its columns (family:qualifier), every column key also a vertex, as a reader scans them. */
  static Map<String, TreeSet<String>> bruteForce(Store store, String table, Authorizations auths) {
    Map<String, TreeSet<String>> adj = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all().auths(auths))) {
      String column = new String(Columns.key(e.getKey().getColumnFamilyData().toArray(),
          e.getKey().getColumnQualifierData().toArray()), StandardCharsets.UTF_8);
      adj.computeIfAbsent(e.getKey().getRow().toString(), k -> new TreeSet<>()).add(column);
      adj.computeIfAbsent(column, k -> new TreeSet<>());
    }
    return adj;
  }

  static void assertGraph(Map<String, TreeSet<String>> expected, ResidentGraph g) {
    List<byte[]> keys = new ArrayList<>();
    expected.keySet().forEach(k -> keys.add(k.getBytes(StandardCharsets.UTF_8)));
    keys.sort(java.util.Arrays::compareUnsigned);
    assertEquals(keys.size(), g.vertices());
    int edges = 0;
    for (int v = 0; v < g.vertices(); v++) {
      assertArrayEquals(keys.get(v), g.key(v), "vertex " + v);
      TreeSet<String> targets = new TreeSet<>();
      for (int k = g.offsets()[v]; k < g.offsets()[v + 1]; k++) {
        targets.add(new String(g.key(g.targets()[k]), StandardCharsets.UTF_8));
      }
      String key = new String(keys.get(v), StandardCharsets.UTF_8);
      assertEquals(expected.get(key), targets, key);
      assertEquals(expected.get(key).size(), g.offsets()[v + 1] - g.offsets()[v], key);
      edges += targets.size();
    }
    assertEquals(edges, g.edges());
  }

  static Store open(Path dir) {
    EmbeddedStore s = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT);
    s.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("secret"));
    return s;
  }
}
