package tabulo.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.math.DecimalCodec;
import tabulo.ops.Target;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * EdgeBFS on hand-made D4M incidence tables (records x name|value, labelled cells) against a queue BFS
 * over the vertices that share a record the reader can read: Tedge alone (degrees counted from it) and
 * the whole schema (Tedge, TedgeT, TedgeDeg: degrees read from TedgeDeg, which counts every record),
 * hop limits, degree filters, --parents, every reader's view; and what is refused.
 */
public class EdgeBfsTest {
  @TempDir
  Path dir;

  /** One cell of the incidence table: record e holds vertex v. */
  record Cell(String record, String vertex, String label) {}

  /** Random records of 1 to 3 vertices name|value, labelled "", red or blue; zed and zoe share a record of their own. */
  static List<Cell> random(Random rnd) {
    String[] fields = {"name", "city", "ip"};
    String[] labels = {"", "", "red", "blue"};
    Map<String, Cell> cells = new TreeMap<>();
    for (int r = 0; r < 30; r++) {
      int size = 1 + rnd.nextInt(3);
      for (int i = 0; i < size; i++) {
        String v = fields[rnd.nextInt(fields.length)] + "|" + TestGraphs.key(rnd.nextInt(12));
        String rec = String.format("r%02d", r);
        cells.putIfAbsent(rec + "\0" + v, new Cell(rec, v, labels[rnd.nextInt(labels.length)]));
      }
    }
    cells.put("rz\0name|zed", new Cell("rz", "name|zed", ""));
    cells.put("rz\0name|zoe", new Cell("rz", "name|zoe", "red"));
    return new ArrayList<>(cells.values());
  }

  /** Tedge; with {@code schema} also TedgeT and TedgeDeg (all records, unlabelled, and ingest's bookkeeping row). */
  static void write(Store store, String tedge, List<Cell> cells, boolean schema) {
    store.create(tedge, TableSettings.defaults().splits(List.of("r10", "r20")));
    try (TableWriter w = store.writer(tedge)) {
      for (Cell c : cells) {
        Mutation m = new Mutation(c.record());
        m.put("", c.vertex(), new ColumnVisibility(c.label()), new Value("1"));
        w.addMutation(m);
      }
    }
    if (!schema) {
      return;
    }
    store.create(tedge + "T", TableSettings.defaults().splits(List.of("ip|", "name|")));
    store.create(tedge + "Deg", TableSettings.defaults());
    try (TableWriter t = store.writer(tedge + "T"); TableWriter d = store.writer(tedge + "Deg")) {
      for (Cell c : cells) {
        Mutation m = new Mutation(c.vertex());
        m.put("", c.record(), new ColumnVisibility(c.label()), new Value("1"));
        t.addMutation(m);
      }
      degrees(cells).forEach((v, n) -> {
        Mutation m = new Mutation(v);
        m.put("", "Degree", new Value(Integer.toString(n)));
        d.addMutation(m);
      });
      Mutation ingested = new Mutation("|ingested");
      ingested.put("/data/one.csv", "size=10;modified=1;sha256=00", new Value("1"));
      d.addMutation(ingested);
    }
  }

  /** The vertices' degrees: the records holding them among the cells given. */
  static Map<String, Integer> degrees(List<Cell> cells) {
    Map<String, Integer> d = new TreeMap<>();
    cells.forEach(c -> d.merge(c.vertex(), 1, Integer::sum));
    return d;
  }

  /** Vertex -> the vertices sharing a record with it (weights unused), over the cells given. */
  static Map<String, Map<String, Double>> coRecords(List<Cell> cells) {
    Map<String, List<String>> byRecord = new TreeMap<>();
    cells.forEach(c -> byRecord.computeIfAbsent(c.record(), r -> new ArrayList<>()).add(c.vertex()));
    Map<String, Map<String, Double>> adj = new TreeMap<>();
    for (List<String> vs : byRecord.values()) {
      for (String u : vs) {
        for (String v : vs) {
          adj.computeIfAbsent(u, x -> new TreeMap<>());
          if (!u.equals(v)) {
            adj.get(u).put(v, 1.0);
          }
        }
      }
    }
    return adj;
  }

  static List<Cell> visible(List<Cell> cells, Authorizations reader) {
    List<TestGraphs.Edge> asEdges = new ArrayList<>();
    cells.forEach(c -> asEdges.add(new TestGraphs.Edge(c.record(), c.vertex(), 1, c.label())));
    List<Cell> out = new ArrayList<>();
    TestGraphs.visible(asEdges, reader).forEach(e -> out.add(new Cell(e.u(), e.v(), e.label())));
    return out;
  }

  public static void checkAll(Store store, String prefix, Random rnd, boolean full) {
    List<Cell> cells = random(rnd);
    write(store, prefix + "Tedge", cells, false);
    write(store, prefix + "sTedge", cells, true);
    record Case(String table, String from, int hops, double min, double max, boolean parents) {}
    List<Case> cases = List.of(new Case("Tedge", "name|alice0,city|bob1,name|zed,", Integer.MAX_VALUE, -1, 1e9, true),
        new Case("sTedge", "name|alice0,city|bob1,name|zed,", Integer.MAX_VALUE, -1, 1e9, true),
        new Case("sTedge", "city|*,", 2, -1, 1e9, false), new Case("Tedge", "ip|*,", Integer.MAX_VALUE, 2, 3, true),
        new Case("sTedge", "ip|*,", Integer.MAX_VALUE, 2, 3, true));
    int n = 0;
    for (Authorizations reader : full ? List.of(new Authorizations("red", "blue"), new Authorizations("red"),
        new Authorizations()) : List.of(new Authorizations("red"))) {
      List<Cell> seen = visible(cells, reader);
      // on Accumulo one short case with all of it: TedgeT, TedgeDeg, a hop limit, a degree filter, parents
      for (Case c : full ? cases : List.of(new Case("sTedge", "ip|*,", 2, 2, 3, true))) {
        Map<String, Integer> degree = degrees(c.table().equals("sTedge") ? cells : seen);
        Map<String, Map<String, Double>> adj = coRecords(seen);
        Map<String, Double> level = BfsTest.oracle(adj, degree, KeySpec.parse(c.from()), c.hops(), c.min(), c.max());
        String out = prefix + "EBFS" + (n++);
        Bfs.Options plain = Bfs.Options.defaults().from(c.from()).hops(c.hops()).parents(c.parents());
        Bfs.Options o = c.min() >= 0 ? plain.minDegree(c.min()).maxDegree(c.max()) : plain;
        try (tabulo.ops.Session s = tabulo.ops.Session.open(store).auths(reader)) {
          if (level.isEmpty()) {
            assertThrows(TabuloException.class, () -> EdgeBfs.run(s.matrix(prefix + c.table()), Target.table(out), o));
            assertFalse(store.exists(out));
            continue;
          }
          EdgeBfs.run(s.matrix(prefix + c.table()), Target.table(out), o);
        }
        Map<String, Map<String, String>> expected = c.parents()
            ? BfsTest.withParents(level, BfsTest.validParents(adj, degree, level, c.hops(), c.min(), c.max()))
            : levelsOnly(level);
        assertEquals(expected, BfsTest.readText(store, out), c + ", " + reader);
      }
    }
    assertTrue(n >= (full ? 10 : 1), "cases run: " + n);
  }

  static Map<String, Map<String, String>> levelsOnly(Map<String, Double> level) {
    Map<String, Map<String, String>> m = new TreeMap<>();
    level.forEach((v, l) -> m.put(v, Map.of(Bfs.COLUMN, DecimalCodec.format(l))));
    return m;
  }

  /** What --incidence refuses, writing nothing: --undirected, D4M's other tables, an adjacency table, no source. */
  public static void checkRefusals(Store store, String prefix) {
    List<Cell> cells = List.of(new Cell("r1", "name|a", ""), new Cell("r1", "name|b", ""));
    write(store, prefix + "Tedge", cells, true);
    TestGraphs.write(store, prefix + "G", List.of(new TestGraphs.Edge("a", "b", 1, "")));
    Target out = Target.table(prefix + "O");
    Bfs.Options o = Bfs.Options.defaults();
    try (tabulo.ops.Session s = tabulo.ops.Session.open(store)) {
      assertRefused(() -> EdgeBfs.run(s.matrix(prefix + "Tedge"), out, o.from("name|a,").undirected(true)),
          "--undirected does not apply to --incidence");
      assertRefused(() -> EdgeBfs.run(s.matrix(prefix + "TedgeT"), out, o.from("name|a,")),
          "--incidence reads a D4M Tedge table, not its TedgeT: pass " + prefix + "Tedge");
      assertRefused(() -> EdgeBfs.run(s.matrix(prefix + "G"), out, o.from("a,")),
          "--incidence: " + prefix + "G is not a D4M incidence table: its column 'b' is not name|value");
      assertRefused(() -> EdgeBfs.run(s.matrix(prefix + "Tedge"), out, o.from("a,")),
          "--from=a, selects no vertex of " + prefix + "Tedge");
    }
    assertFalse(store.exists(prefix + "O"));
  }

  private static void assertRefused(org.junit.jupiter.api.function.Executable run, String message) {
    TabuloException e = assertThrows(TabuloException.class, run);
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void matchesAQueueBfsOverSharedRecords() {
    try (Store store = DegreesTest.open(dir)) {
      checkAll(store, "", new Random(25), true);
    }
  }

  @Test
  void refusesWhatIsNoIncidenceSearch() {
    try (Store store = DegreesTest.open(dir)) {
      checkRefusals(store, "");
    }
  }
}
