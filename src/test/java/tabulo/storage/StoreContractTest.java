package tabulo.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.user.VersioningIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import tabulo.iterators.DecimalSumCombiner;

/**
 * The behaviour every {@link Store} host must share. A host's test subclasses this and supplies
 * {@link #store()}: a store opened for the user {@code "root"}, who may grant authorizations.
 *
 * <p>Every test makes its own tables with fresh names (deleted afterwards), so a store may be
 * shared between tests and test classes. Expectations come from oracles built in the test
 * (TreeMaps of keys, BigDecimal sums, Accumulo's VisibilityEvaluator), never from the store.
 *
 * <p>Tests that change root's authorizations set the ones they need first and clear them after.
 */
public abstract class StoreContractTest {

  /** The store under test, acting for {@code "root"}. Called once or more per test; may be shared. */
  protected abstract Store store();

  private static final AtomicInteger SEQ = new AtomicInteger();
  private static final String RUN = Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20), 36);
  private final List<String> tablesToDrop = new ArrayList<>();

  /** A table name no other test uses (letters, digits and '_', valid on every host). */
  protected String newTableName(String hint) {
    String name = "tc_" + RUN + "_" + SEQ.incrementAndGet() + "_" + hint;
    tablesToDrop.add(name);
    return name;
  }

  /** Creates a fresh table with these settings and returns its name. */
  protected String newTable(String hint, TableSettings settings) {
    String t = newTableName(hint);
    store().create(t, settings);
    return t;
  }

  @AfterEach
  void dropTables() {
    for (String t : tablesToDrop) {
      try {
        if (store().exists(t)) {
          store().delete(t);
        }
      } catch (RuntimeException e) {
        // best effort: a failed test may have left the store in any state
      }
    }
    tablesToDrop.clear();
  }

  // ---- helpers ----

  protected static Mutation put(String row, String cf, String cq, long ts, String value) {
    Mutation m = new Mutation(row);
    m.put(cf, cq, ts, value);
    return m;
  }

  protected void write(String table, Mutation... ms) {
    write(table, List.of(ms));
  }

  protected void write(String table, Iterable<Mutation> ms) {
    try (TableWriter w = store().writer(table)) {
      w.addMutations(ms);
    }
  }

  /** Entries rendered one per string, so failures show readable differences. */
  protected static List<String> show(List<Entry<Key, Value>> entries) {
    return entries.stream().map(e -> e.getKey() + " -> " + e.getValue()).collect(Collectors.toList());
  }

  protected static List<String> show(TreeMap<Key, Value> oracle, Predicate<Key> keep) {
    return oracle.entrySet().stream().filter(e -> keep.test(e.getKey()))
        .map(e -> e.getKey() + " -> " + e.getValue()).collect(Collectors.toList());
  }

  protected List<String> scan(String table, ScanSpec spec) {
    return show(store().scanAll(table, spec));
  }

  protected static void assertFails(String expectedMessage, Executable op) {
    TabuloException e = assertThrows(TabuloException.class, op);
    assertEquals(expectedMessage, e.getMessage());
  }

  protected static void assertFailsContaining(String expectedPart, Executable op) {
    TabuloException e = assertThrows(TabuloException.class, op);
    assertTrue(e.getMessage().contains(expectedPart),
        "message '" + e.getMessage() + "' lacks '" + expectedPart + "'");
  }

  // ---- identity ----

  @Test
  void storeActsForRoot() {
    assertEquals("root", store().user());
  }

  // ---- tables ----

  @Test
  void createListSplitsInfoDelete() {
    String t = newTableName("life");
    assertFalse(store().exists(t));
    assertFalse(store().tables().contains(t));
    store().create(t, TableSettings.defaults().splits(List.of("p", "g")));
    assertTrue(store().exists(t));
    SortedSet<String> tables = store().tables();
    assertTrue(tables.contains(t));
    assertTrue(tables.stream().noneMatch(n -> n.startsWith("accumulo.")), tables.toString());
    assertEquals(new TreeSet<>(tables), tables, "tables() is sorted");
    assertEquals(new TreeSet<>(List.of("g", "p")), store().splits(t));
    TableInfo info = store().info(t);
    assertEquals(t, info.table());
    assertEquals(3, info.tablets());
    assertEquals(0, info.entries());

    assertFails("table " + t + " already exists", () -> store().create(t, TableSettings.defaults()));

    store().delete(t);
    assertFalse(store().exists(t));
    assertFalse(store().tables().contains(t));
    assertFails("no such table: " + t, () -> store().delete(t));
  }

  @Test
  void unknownTableIsNamed() {
    String t = newTableName("missing");
    String msg = "no such table: " + t;
    IteratorSetting sum = DecimalSumCombiner.allColumns(10, "sum");
    assertFails(msg, () -> store().splits(t));
    assertFails(msg, () -> store().info(t));
    assertFails(msg, () -> store().scanAll(t, ScanSpec.all()));
    assertFails(msg, () -> store().scanAll(t, ScanSpec.all().unordered(2)));
    assertFails(msg, () -> store().writer(t).close());
    assertFails(msg, () -> store().flush(t));
    assertFails(msg, () -> store().compact(t));
    assertFails(msg, () -> store().iterators(t, IteratorScope.scan));
    assertFails(msg, () -> store().attachIterator(t, sum, EnumSet.allOf(IteratorScope.class)));
    assertFails(msg, () -> store().removeIterator(t, "sum", EnumSet.allOf(IteratorScope.class)));
    assertFails(msg, () -> store().rename(t, newTableName("nowhere")));
    assertFails(msg, () -> store().delete(t));
  }

  @Test
  void renameKeepsDataAndRefusesClashes() {
    String a = newTable("ren_a", TableSettings.defaults().splits(List.of("m")));
    String b = newTableName("ren_b");
    write(a, put("k", "f", "q", 5, "v1"), put("x", "f", "q", 5, "v2"));
    List<String> before = scan(a, ScanSpec.all());
    assertEquals(2, before.size());

    store().rename(a, b);
    assertFalse(store().exists(a));
    assertTrue(store().exists(b));
    assertEquals(before, scan(b, ScanSpec.all()));
    assertEquals(new TreeSet<>(List.of("m")), store().splits(b));

    String c = newTable("ren_c", TableSettings.defaults());
    assertFails("table " + c + " already exists", () -> store().rename(b, c));
    assertFails("no such table: " + a, () -> store().rename(a, newTableName("ren_d")));
  }

  // ---- versions and deletes ----

  @Test
  void newestVersionOnlyByDefault() {
    String t = newTable("vers", TableSettings.defaults());
    Mutation m = new Mutation("r");
    m.put("f", "q", 1, "old");
    m.put("f", "q", 3, "newest");
    m.put("f", "q", 2, "middle");
    write(t, m);
    write(t, put("r", "f", "q2", 7, "other"));
    List<String> expected = List.of(new Key("r", "f", "q", 3) + " -> newest",
        new Key("r", "f", "q2", 7) + " -> other");
    assertEquals(expected, scan(t, ScanSpec.all()));
    store().flush(t);
    assertEquals(expected, scan(t, ScanSpec.all()));

    List<IteratorSetting> its = store().iterators(t, IteratorScope.scan);
    assertEquals(1, its.size(), its.toString());
    assertEquals("vers", its.get(0).getName());
    assertEquals(20, its.get(0).getPriority());
    assertEquals(VersioningIterator.class.getName(), its.get(0).getIteratorClass());
  }

  @Test
  void keepAllVersionsReturnsEveryVersionNewestFirst() {
    String t = newTable("allvers", TableSettings.defaults().keepAllVersions());
    Mutation m = new Mutation("r");
    for (int ts = 1; ts <= 4; ts++) {
      m.put("f", "q", ts, "v" + ts);
    }
    write(t, m);
    List<String> expected = new ArrayList<>();
    for (int ts = 4; ts >= 1; ts--) {
      expected.add(new Key("r", "f", "q", ts) + " -> v" + ts);
    }
    assertEquals(expected, scan(t, ScanSpec.all()));
    for (IteratorScope scope : IteratorScope.values()) {
      assertEquals(List.of(), store().iterators(t, scope));
    }
    store().compact(t);
    assertEquals(expected, scan(t, ScanSpec.all()));
  }

  @Test
  void deletesHideOlderValues() {
    String t = newTable("del", TableSettings.defaults());
    Mutation a = new Mutation("a"); // put, then a newer delete: gone
    a.put("f", "q", 1, "a1");
    a.putDelete("f", "q", 3);
    Mutation b = new Mutation("b"); // put, delete, newer put: the newer put shows
    b.put("f", "q", 1, "b1");
    b.putDelete("f", "q", 2);
    b.put("f", "q", 3, "b3");
    Mutation c = new Mutation("c"); // delete older than the put: the put shows
    c.put("f", "q", 10, "c10");
    c.putDelete("f", "q", 5);
    Mutation d = new Mutation("d"); // deleting one column leaves the others
    d.put("f", "q1", 1, "d1");
    d.put("f", "q2", 1, "d2");
    d.putDelete("f", "q1", 1);
    write(t, a, b, c, d);
    // server-assigned timestamps: a delete written after a put hides it
    write(t, put("e", "f", "q", 1, "old"));
    Mutation e1 = new Mutation("e");
    e1.put("f", "q", "server-time");
    write(t, e1);
    Mutation e2 = new Mutation("e");
    e2.putDelete("f", "q");
    write(t, e2);

    List<String> expected = List.of(new Key("b", "f", "q", 3) + " -> b3",
        new Key("c", "f", "q", 10) + " -> c10", new Key("d", "f", "q2", 1) + " -> d2");
    assertEquals(expected, scan(t, ScanSpec.all()));
    store().flush(t);
    assertEquals(expected, scan(t, ScanSpec.all()));
    store().compact(t);
    assertEquals(expected, scan(t, ScanSpec.all()));
  }

  // ---- scans ----

  /** A random table of single-version cells and its oracle. */
  private TreeMap<Key, Value> fillRandom(String t, long seed, int rows) {
    Random rnd = new Random(seed);
    TreeMap<Key, Value> oracle = new TreeMap<>();
    List<Mutation> ms = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      String row = String.format("r%02d", r);
      Mutation m = new Mutation(row);
      for (int f = 0; f < 3; f++) {
        for (int q = 0; q < 4; q++) {
          if (rnd.nextInt(3) == 0) {
            continue;
          }
          String v = Integer.toString(rnd.nextInt(1000));
          m.put("f" + f, "q" + q, 1, v);
          oracle.put(new Key(row, "f" + f, "q" + q, 1), new Value(v));
        }
      }
      if (m.size() > 0) {
        ms.add(m);
      }
    }
    write(t, ms);
    return oracle;
  }

  @Test
  void scanRangesAndColumnsAgainstOracle() {
    String t = newTable("scan", TableSettings.defaults().splits(List.of("r20", "r40")));
    TreeMap<Key, Value> oracle = fillRandom(t, 42, 60);

    assertEquals(show(oracle, k -> true), scan(t, ScanSpec.all()));
    assertEquals(show(oracle, k -> true), scan(t, ScanSpec.all().range(new Range())));

    Range one = new Range("r05", "r17");
    assertEquals(show(oracle, one::contains), scan(t, ScanSpec.all().range(one)));

    // several ranges, unsorted and overlapping: one sorted pass without duplicates
    List<Range> several = List.of(new Range("r30", "r45"), new Range("r10", "r12"),
        new Range("r11", "r15"), Range.exact("r50"), Range.exact("r50", "f1"));
    Predicate<Key> inAny = k -> several.stream().anyMatch(r -> r.contains(k));
    assertEquals(show(oracle, inAny), scan(t, ScanSpec.all().ranges(several)));

    // key-level bounds inside a row
    Range inRow = new Range(new Key("r33", "f1", "q1"), true, new Key("r34", "f0", "q2"), false);
    assertEquals(show(oracle, inRow::contains), scan(t, ScanSpec.all().range(inRow)));

    // columns: a whole family plus one column of another
    Predicate<Key> cols = k -> k.getColumnFamily().toString().equals("f1")
        || (k.getColumnFamily().toString().equals("f2") && k.getColumnQualifier().toString().equals("q3"));
    assertEquals(show(oracle, cols), scan(t, ScanSpec.all().fetch("f1").fetch("f2", "q3")));
    assertEquals(show(oracle, cols.and(inAny)),
        scan(t, ScanSpec.all().ranges(several).fetch("f1").fetch("f2", "q3")));

    // ranges with nothing in them
    assertEquals(List.of(), scan(t, ScanSpec.all().range(new Range("s", "z"))));
    assertEquals(List.of(), scan(t, ScanSpec.all().range(Range.exact("r07", "nofam"))));
  }

  @Test
  void unorderedScanReturnsTheSameEntries() {
    String t = newTable("unord", TableSettings.defaults().splits(List.of("r10", "r20", "r30")));
    TreeMap<Key, Value> oracle = fillRandom(t, 7, 40);
    List<String> all = sortedScan(t, ScanSpec.all().unordered(4));
    assertEquals(new HashSet<>(all).size(), all.size(), "no duplicates");
    assertEquals(show(oracle, k -> true), all);

    List<Range> ranges = List.of(new Range("r05", "r25"), new Range("r22", "r33"), Range.exact("r39"));
    Predicate<Key> inAny = k -> ranges.stream().anyMatch(r -> r.contains(k));
    List<String> some = sortedScan(t, ScanSpec.all().ranges(ranges).fetch("f0").unordered(3));
    assertEquals(new HashSet<>(some).size(), some.size(), "no duplicates");
    assertEquals(show(oracle, inAny.and(k -> k.getColumnFamily().toString().equals("f0"))), some);
  }

  /** The entries of an unordered scan, put back into key order. */
  private List<String> sortedScan(String t, ScanSpec spec) {
    List<Entry<Key, Value>> entries = new ArrayList<>(store().scanAll(t, spec));
    entries.sort(Entry.comparingByKey());
    return show(entries);
  }

  @Test
  void writerFlushMakesDataVisibleBeforeClose() {
    String t = newTable("wflush", TableSettings.defaults());
    try (TableWriter w = store().writer(t)) {
      w.addMutation(put("a", "f", "q", 1, "1"));
      w.flush();
      assertEquals(List.of(new Key("a", "f", "q", 1) + " -> 1"), scan(t, ScanSpec.all()));
      w.addMutation(put("b", "f", "q", 1, "2"));
    }
    assertEquals(2, scan(t, ScanSpec.all()).size());
  }

  // ---- security ----

  /**
   * Bulk loads small and large (hosts may take different paths by size: Accumulo writes small ones
   * through a batch writer and imports large ones as files) keep keys, visibilities, timestamps and
   * values exactly, across tablets, beside entries already there.
   */
  @Test
  void bulkLoadsOfEverySizeKeepEveryKeyPart() {
    Store s = store();
    try {
      s.setAuthorizations("root", new Authorizations("a"));
      for (int n : new int[] {10, 120_000}) {
        String t = newTable("bulk" + n, TableSettings.defaults().splits(List.of("r03", "r07")));
        TreeMap<Key, Value> oracle = new TreeMap<>();
        Mutation before = new Mutation("r05");
        before.put("", "before", "x");
        write(t, before);
        oracle.put(new Key("r05", "", "before", "", 0), new Value("x")); // timestamp ignored below
        String[] labels = {"", "a"};
        try (SortedLoader loader = s.bulkLoad(t)) {
          for (int i = 0; i < n; i++) {
            Key k = new Key(String.format("r%02d", i * 10 / n), "f", String.format("q%07d", i), labels[i % 2], 1000 + i);
            Value v = new Value("v" + i);
            loader.append(k, v);
            oracle.put(k, v);
          }
        }
        List<String> got = new ArrayList<>();
        for (Entry<Key, Value> e : s.scanAll(t, ScanSpec.all())) {
          Key k = e.getKey();
          got.add((k.getColumnQualifier().toString().equals("before") ? new Key(k.getRow(), k.getColumnFamily(),
              k.getColumnQualifier(), k.getColumnVisibility(), 0) : k) + " -> " + e.getValue());
        }
        assertEquals(show(oracle, k -> true), got, n + " entries");
      }
    } finally {
      s.setAuthorizations("root", Authorizations.EMPTY);
    }
  }

  @Test
  void visibilitiesAndAuthorizations() throws VisibilityParseException {
    Store s = store();
    try {
      s.setAuthorizations("root", new Authorizations("a", "b"));
      assertEquals(new Authorizations("a", "b"), s.authorizations("root"));

      String t = newTable("vis", TableSettings.defaults());
      String[] labels = {"", "a", "b", "a&b", "c", "a|c", "(a|c)&b", "b&c"};
      TreeMap<Key, Value> oracle = new TreeMap<>();
      List<Mutation> ms = new ArrayList<>();
      for (int i = 0; i < labels.length; i++) {
        Mutation m = new Mutation("row" + i);
        m.put("f", "q", new ColumnVisibility(labels[i]), 1, "v" + i);
        ms.add(m);
        oracle.put(new Key("row" + i, "f", "q", labels[i], 1), new Value("v" + i));
      }
      write(t, ms);

      for (Authorizations auths : List.of(new Authorizations("a", "b"), new Authorizations("a"),
          new Authorizations("b"), Authorizations.EMPTY)) {
        VisibilityEvaluator ev = new VisibilityEvaluator(auths);
        Set<Key> visible = new HashSet<>();
        for (Key k : oracle.keySet()) {
          if (ev.evaluate(new ColumnVisibility(k.getColumnVisibility()))) {
            visible.add(k);
          }
        }
        assertEquals(show(oracle, visible::contains), scan(t, ScanSpec.all().auths(auths)),
            "auths " + auths);
      }
      // no auths given: all of the user's own
      VisibilityEvaluator own = new VisibilityEvaluator(new Authorizations("a", "b"));
      List<String> expectedOwn = new ArrayList<>();
      for (Entry<Key, Value> e : oracle.entrySet()) {
        if (own.evaluate(new ColumnVisibility(e.getKey().getColumnVisibility()))) {
          expectedOwn.add(e.getKey() + " -> " + e.getValue());
        }
      }
      assertEquals(expectedOwn, scan(t, ScanSpec.all()));
      assertEquals(expectedOwn.size(), scan(t, ScanSpec.all().unordered(2)).size());

      // asking for more than granted is refused, naming the authorization
      assertFailsContaining("user root is not granted authorization 'c'",
          () -> s.scanAll(t, ScanSpec.all().auths(new Authorizations("c"))));
      assertFailsContaining("user root is not granted authorization 'zz'",
          () -> s.scanAll(t, ScanSpec.all().auths(new Authorizations("a", "zz")).unordered(2)));

      // grants replace earlier grants
      s.setAuthorizations("root", new Authorizations("c"));
      assertEquals(new Authorizations("c"), s.authorizations("root"));
      assertFailsContaining("user root is not granted authorization 'a'",
          () -> s.scanAll(t, ScanSpec.all().auths(new Authorizations("a"))));
      VisibilityEvaluator onlyC = new VisibilityEvaluator(new Authorizations("c"));
      long visibleWithC = 0;
      for (Key k : oracle.keySet()) {
        if (onlyC.evaluate(new ColumnVisibility(k.getColumnVisibility()))) {
          visibleWithC++;
        }
      }
      assertEquals(visibleWithC, scan(t, ScanSpec.all()).size());
    } finally {
      s.setAuthorizations("root", Authorizations.EMPTY);
    }
  }

  // ---- iterators ----

  private static final EnumSet<IteratorScope> ALL_SCOPES = EnumSet.allOf(IteratorScope.class);

  /** Expected text of a sum of decimal strings, computed exactly (values here are exact in binary). */
  private static String exactSum(List<String> values) {
    BigDecimal s = BigDecimal.ZERO;
    for (String v : values) {
      s = s.add(new BigDecimal(v));
    }
    s = s.stripTrailingZeros();
    return s.scale() <= 0 ? s.toBigInteger().toString() : s.toPlainString();
  }

  /** Runs of cells for an atomic load: random keys over a few rows, each run in key order. */
  private static List<List<Entry<Key, Value>>> randomRuns(Random rnd, int runs, int cellsPerRun) {
    List<List<Entry<Key, Value>>> out = new ArrayList<>();
    for (int r = 0; r < runs; r++) {
      List<Entry<Key, Value>> run = new ArrayList<>();
      for (int i = 0; i < cellsPerRun; i++) {
        Key k = new Key(String.format("r%02d", rnd.nextInt(10)), "f", "q" + rnd.nextInt(20), "", 0);
        run.add(Map.entry(k, new Value(Integer.toString(rnd.nextInt(1000)))));
      }
      run.sort(Entry.comparingByKey()); // stable: equal keys keep their order
      out.add(run);
    }
    return out;
  }

  private static void load(SortedLoader loader, List<List<Entry<Key, Value>>> runs) {
    for (int r = 0; r < runs.size(); r++) {
      if (r > 0) {
        loader.nextRun();
      }
      for (Entry<Key, Value> e : runs.get(r)) {
        loader.append(e.getKey(), e.getValue());
      }
    }
  }

  /** "row/family:qualifier -> value", one per visible cell. */
  private List<String> cells(String table) {
    List<String> out = new ArrayList<>();
    for (Entry<Key, Value> e : store().scanAll(table, ScanSpec.all())) {
      Key k = e.getKey();
      out.add(k.getRow() + "/" + k.getColumnFamily() + ":" + k.getColumnQualifier() + " -> " + e.getValue());
    }
    return out;
  }

  @Test
  void atomicLoadLandsEveryRunAtOnceAndLaterRunsWin() {
    String t = newTable("atomic", TableSettings.defaults().splits(List.of("r03", "r07")));
    Random rnd = new Random(5);
    TreeMap<String, String> oracle = new TreeMap<>(); // "row/f:q" -> the value a reader must see
    for (int i = 0; i < 30; i++) {
      String row = String.format("r%02d", rnd.nextInt(10));
      String q = "q" + rnd.nextInt(20);
      String v = "w" + i;
      Mutation m = new Mutation(row);
      m.put("f", q, v); // stamped by the host, as the load's cells will be
      write(t, m);
      oracle.put(row + "/f:" + q, v);
    }
    List<String> before = cells(t);
    assertEquals(oracle.entrySet().stream().map(e -> e.getKey() + " -> " + e.getValue()).collect(Collectors.toList()),
        before);
    List<List<Entry<Key, Value>>> runs = randomRuns(rnd, 3, 200);
    for (List<Entry<Key, Value>> run : runs) {
      Set<String> seen = new HashSet<>(); // within a run the first of equal keys wins
      for (Entry<Key, Value> e : run) {
        Key k = e.getKey();
        String cell = k.getRow() + "/" + k.getColumnFamily() + ":" + k.getColumnQualifier();
        if (seen.add(cell)) {
          oracle.put(cell, e.getValue().toString());
        }
      }
    }
    SortedLoader loader = store().atomicLoad(t);
    load(loader, runs);
    assertEquals(before, cells(t), "nothing is visible before the load is closed");
    loader.close();
    assertEquals(oracle.entrySet().stream().map(e -> e.getKey() + " -> " + e.getValue()).collect(Collectors.toList()),
        cells(t));
    // a write after the load is newer than it
    Key last = runs.get(2).get(0).getKey();
    Mutation m = new Mutation(last.getRow());
    m.put(last.getColumnFamily(), last.getColumnQualifier(), new Value("after"));
    write(t, m);
    assertTrue(cells(t).contains(last.getRow() + "/f:" + last.getColumnQualifier() + " -> after"));
  }

  @Test
  void atomicLoadIntoASummingTableSumsEveryCell() {
    String t = newTable("atomicsum", TableSettings.defaults().splits(List.of("r05"))
        .iterator(DecimalSumCombiner.allColumns(10, "sum")));
    List<List<Entry<Key, Value>>> runs = randomRuns(new Random(6), 4, 300);
    TreeMap<String, Long> oracle = new TreeMap<>();
    for (List<Entry<Key, Value>> run : runs) {
      for (Entry<Key, Value> e : run) {
        Key k = e.getKey();
        oracle.merge(k.getRow() + "/f:" + k.getColumnQualifier(), Long.parseLong(e.getValue().toString()), Long::sum);
      }
    }
    try (SortedLoader loader = store().atomicLoad(t)) {
      load(loader, runs);
    }
    assertEquals(oracle.entrySet().stream().map(e -> e.getKey() + " -> " + e.getValue()).collect(Collectors.toList()),
        cells(t));
  }

  @Test
  void abortedOrFailedAtomicLoadLeavesTheTableAsItWas() {
    String t = newTable("atomicfail", TableSettings.defaults().splits(List.of("r05")));
    write(t, put("r01", "f", "q1", 5, "kept"), put("r08", "f", "q2", 5, "kept"));
    List<String> before = cells(t);
    TableInfo info = store().info(t);

    SortedLoader aborted = store().atomicLoad(t);
    load(aborted, randomRuns(new Random(7), 2, 60_000)); // more than fits a batch writer's share on Accumulo
    aborted.abort();
    assertEquals(before, cells(t));

    // keys out of order in the second run: refused at the append or at the close, and nothing lands
    SortedLoader failing = store().atomicLoad(t);
    assertThrows(RuntimeException.class, () -> {
      load(failing, randomRuns(new Random(8), 1, 1000));
      failing.nextRun();
      failing.append(new Key("r09", "f", "q", "", 0), new Value("x"));
      failing.append(new Key("r08", "f", "q", "", 0), new Value("y")); // the same tablet
      failing.close();
    });
    failing.abort();
    assertEquals(before, cells(t));
    assertEquals(info.entries(), store().info(t).entries());
    assertEquals(info.files(), store().info(t).files());

    // and the table takes the next load
    try (SortedLoader loader = store().atomicLoad(t)) {
      loader.append(new Key("r03", "f", "q", "", 0), new Value("new"));
    }
    assertTrue(cells(t).contains("r03/f:q -> new"), cells(t).toString());
  }

  @Test
  void combinerAtAllScopesSumsAcrossWritesFlushesAndCompactions() {
    IteratorSetting sum = DecimalSumCombiner.allColumns(10, "sum");
    String t = newTable("sum", TableSettings.defaults().splits(List.of("m")).iterator(sum));

    List<IteratorSetting> its = store().iterators(t, IteratorScope.majc);
    assertEquals(List.of("sum", "vers"),
        its.stream().map(IteratorSetting::getName).collect(Collectors.toList()));
    assertEquals(10, its.get(0).getPriority());
    assertEquals(DecimalSumCombiner.class.getName(), its.get(0).getIteratorClass());
    assertEquals("true", its.get(0).getOptions().get("all"));

    Random rnd = new Random(99);
    Map<String, List<String>> written = new TreeMap<>(); // "row/qual" -> values
    long ts = 1;
    for (int round = 0; round < 4; round++) {
      List<Mutation> ms = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        String row = "" + (char) ('a' + rnd.nextInt(26)) + rnd.nextInt(3);
        String qual = "q" + rnd.nextInt(3);
        // integers, and quarters (exact in binary) in some rounds
        String v = round % 2 == 0 ? Integer.toString(rnd.nextInt(201) - 100)
            : BigDecimal.valueOf(rnd.nextInt(401) - 200, 0).divide(BigDecimal.valueOf(4))
                .toPlainString();
        ms.add(put(row, "deg", qual, ts++, v));
        written.computeIfAbsent(row + "/" + qual, k -> new ArrayList<>()).add(v);
      }
      write(t, ms);
      checkSums(t, written);
      if (round == 1) {
        store().flush(t);
        checkSums(t, written);
      }
      if (round == 2) {
        store().compact(t);
        checkSums(t, written);
      }
    }
    store().compact(t);
    checkSums(t, written);
    TableInfo info = store().info(t);
    assertEquals(written.size(), info.entries(), "one entry per cell after a full compaction");
    assertEquals(2, info.tablets());
    assertTrue(info.files() <= 2, info.toString());
  }

  private void checkSums(String t, Map<String, List<String>> written) {
    Map<String, String> got = new TreeMap<>();
    for (Entry<Key, Value> e : store().scanAll(t, ScanSpec.all())) {
      String cell = e.getKey().getRow() + "/" + e.getKey().getColumnQualifier();
      assertFalse(got.containsKey(cell), "one entry per cell: " + cell);
      got.put(cell, e.getValue().toString());
    }
    Map<String, String> expected = new TreeMap<>();
    written.forEach((cell, vs) -> expected.put(cell, exactSum(vs)));
    assertEquals(expected, got);
  }

  @Test
  void attachAndRemoveIteratorOnExistingTable() {
    String t = newTable("attach", TableSettings.defaults().keepAllVersions());
    Mutation m = new Mutation("r");
    m.put("f", "q", 1, "1");
    m.put("f", "q", 2, "2.5");
    m.put("f", "q", 3, "4");
    write(t, m);
    assertEquals(3, scan(t, ScanSpec.all()).size());

    IteratorSetting sum = DecimalSumCombiner.allColumns(15, "sum");
    store().attachIterator(t, sum, ALL_SCOPES);
    for (IteratorScope scope : IteratorScope.values()) {
      List<IteratorSetting> its = store().iterators(t, scope);
      assertEquals(1, its.size(), scope + ": " + its);
      assertEquals("sum", its.get(0).getName());
      assertEquals(15, its.get(0).getPriority());
    }
    assertEquals(List.of(new Key("r", "f", "q", 3) + " -> 7.5"), scan(t, ScanSpec.all()));

    store().removeIterator(t, "sum", ALL_SCOPES);
    for (IteratorScope scope : IteratorScope.values()) {
      assertEquals(List.of(), store().iterators(t, scope));
    }
    assertEquals(3, scan(t, ScanSpec.all()).size());

    // attached at one scope only
    store().attachIterator(t, sum, EnumSet.of(IteratorScope.scan));
    assertEquals(List.of("sum"), store().iterators(t, IteratorScope.scan).stream()
        .map(IteratorSetting::getName).collect(Collectors.toList()));
    assertEquals(List.of(), store().iterators(t, IteratorScope.majc));
  }

  /** An iterator that would break every later scan is refused up front, and nothing is created or changed. */
  @Test
  void iteratorsThatCannotRunAreRefused() {
    String t = newTable("badit", TableSettings.defaults());
    Mutation m = new Mutation("r");
    m.put("", "q", "1");
    write(t, List.of(m));
    IteratorSetting notOne = new IteratorSetting(15, "bad", String.class.getName());
    assertFails("iterator 'bad': class java.lang.String is not a SortedKeyValueIterator",
        () -> store().attachIterator(t, notOne, ALL_SCOPES));
    IteratorSetting badOptions = new IteratorSetting(15, "bad", VersioningIterator.class.getName(),
        java.util.Map.of("maxVersions", "0"));
    assertFailsContaining("iterator 'bad': class " + VersioningIterator.class.getName() + " rejects its options",
        () -> store().attachIterator(t, badOptions, ALL_SCOPES));
    assertEquals(List.of(), store().iterators(t, IteratorScope.scan).stream()
        .filter(i -> i.getName().equals("bad")).toList());
    assertEquals(1, scan(t, ScanSpec.all()).size());
    String u = newTableName("badit_new");
    assertFails("iterator 'bad': class java.lang.String is not a SortedKeyValueIterator",
        () -> store().create(u, TableSettings.defaults().iterator(notOne, ALL_SCOPES)));
    assertFalse(store().exists(u));
  }

  @Test
  void scanTimeIteratorsApplyToOneScanOnly() {
    String t = newTable("scanit", TableSettings.defaults().keepAllVersions());
    Mutation m = new Mutation("r");
    m.put("f", "a", 1, "1");
    m.put("f", "a", 2, "2");
    m.put("f", "b", 1, "0.25");
    m.put("f", "b", 2, "0.5");
    write(t, m);
    ScanSpec withSum = ScanSpec.all().iterator(DecimalSumCombiner.allColumns(30, "scansum"));
    assertEquals(List.of(new Key("r", "f", "a", 2) + " -> 3", new Key("r", "f", "b", 2) + " -> 0.75"),
        scan(t, withSum));
    assertEquals(4, scan(t, ScanSpec.all()).size());
  }

  // ---- flush, compact, info ----

  @Test
  void flushCompactAndInfo() {
    String t = newTable("info", TableSettings.defaults().splits(List.of("m")));
    TreeMap<Key, Value> oracle = new TreeMap<>();
    List<Mutation> ms = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      String row = (i % 2 == 0 ? "a" : "x") + String.format("%03d", i);
      ms.add(put(row, "f", "q", 1, "v" + i));
      oracle.put(new Key(row, "f", "q", 1), new Value("v" + i));
    }
    write(t, ms);
    TableInfo before = store().info(t);
    assertEquals(100, before.entries());
    assertEquals(2, before.tablets());

    store().flush(t);
    TableInfo flushed = store().info(t);
    assertEquals(100, flushed.entries());
    assertTrue(flushed.files() >= 1, flushed.toString());
    assertTrue(flushed.bytes() > 0, flushed.toString());
    assertEquals(show(oracle, k -> true), scan(t, ScanSpec.all()));

    ms.clear();
    for (int i = 100; i < 150; i++) {
      String row = (i % 2 == 0 ? "b" : "y") + String.format("%03d", i);
      ms.add(put(row, "f", "q", 1, "v" + i));
      oracle.put(new Key(row, "f", "q", 1), new Value("v" + i));
    }
    write(t, ms);
    store().flush(t);
    TableInfo twice = store().info(t);
    assertEquals(150, twice.entries());
    assertTrue(twice.files() >= 1, twice.toString());

    store().compact(t);
    TableInfo compacted = store().info(t);
    assertEquals(150, compacted.entries());
    assertEquals(2, compacted.files(), "one file per tablet after compaction: " + compacted);
    assertEquals(show(oracle, k -> true), scan(t, ScanSpec.all()));
  }
}
