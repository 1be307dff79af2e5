package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.d4m.IngestOptions;
import tabulo.d4m.Schema;
import tabulo.d4m.SchemaIngest;
import tabulo.embedded.EmbeddedStore;
import tabulo.gen.Flights;
import tabulo.kernel.KernelCounters;
import tabulo.ops.LabelledCells;
import tabulo.ops.Mxm;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmSettings;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * The D4M correlation A^T B with A = B = PREFIXTedge, origins x destinations, read through the stored
 * transpose (PREFIXTedgeT, found from the ingest's record or named) gives the same C as the copy of A
 * transposed and as brute force over the cells each reader may read, with labelled cells and a user with
 * fewer authorizations; a transpose that is not consistent is never used silently; row filters are pushed
 * into the copy, and the stored path reads only the selected rows of the transpose.
 */
public class MxmStoredTransposeTest {
  private static final KeySpec ORIGINS = KeySpec.parse("origin|*,");
  private static final KeySpec DESTS = KeySpec.parse("dest|*,");
  private static final Authorizations BOTH = new Authorizations("red", "blue");
  private static final Authorizations RED = new Authorizations("red");

  @TempDir
  Path dir;

  /** A cell of PTedge as stored. */
  record Cell(String row, String col, String label, double value) {}

  @Test
  void storedTransposeGivesTheCopysAndBruteForcesProductForEveryReader() {
    Path db = dir.resolve("db");
    try (EmbeddedStore root = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, BOTH);
      root.setAuthorizations("ruby", RED);
      ingestWithLabels(root);
      MxmResult stored = Mxm.multiply(root, "PTedge", "PTedge", "OD", query());
      assertTrue(stored.left().startsWith("A^T read from PTedgeT (ingest recorded the pair in PTedgeDeg"),
          stored.left());
      assertTrue(stored.left().contains("B's selected columns read from PTedgeT"), stored.left());
      Mxm.multiply(root, "PTedge", "PTedge", "ODcopy", query(), MxmSettings.defaults().findTranspose(false));
      Mxm.multiply(root, "PTedge", "PTedge", "ODnamed", query(),
          MxmSettings.defaults().findTranspose(false).aTranspose("PTedgeT"));
      List<Cell> cells = cells(root, "PTedge");
      for (Authorizations reader : List.of(BOTH, RED, new Authorizations())) {
        Map<String, List<Double>> expected = bruteForce(cells, reader);
        assertTrue(expected.size() > 5, "a real product: " + expected);
        for (String c : List.of("OD", "ODcopy", "ODnamed")) {
          assertEquals(expected, LabelledCells.view(root, c, reader), c + " read with " + reader);
        }
      }
    }
    // a user with fewer authorizations computes what it may read, through the pair as through the copy
    try (EmbeddedStore ruby = EmbeddedStore.open(db, "ruby")) {
      MxmResult r = Mxm.multiply(ruby, "PTedge", "PTedge", "ODruby", query());
      assertTrue(r.left().startsWith("A^T read from PTedgeT"), r.left());
      Mxm.multiply(ruby, "PTedge", "PTedge", "ODrubyCopy", query(), MxmSettings.defaults().findTranspose(false));
    }
    try (EmbeddedStore root = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      Map<String, List<Double>> expected = bruteForce(cells(root, "PTedge"), RED);
      assertEquals(expected, LabelledCells.view(root, "ODruby", BOTH));
      assertEquals(expected, LabelledCells.view(root, "ODrubyCopy", BOTH));
    }
  }

  @Test
  void afterACompactionThePairIsStillUsed() {
    try (EmbeddedStore root = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, BOTH);
      checkAll(root, dir, "E");
    }
  }

  @Test
  void aTransposeThatIsNotConsistentIsNeverUsedSilently() {
    try (EmbeddedStore root = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, BOTH);
      ingestWithLabels(root);
      // a cell written to PTedge alone (as 'put PTedge' would): PTedgeT no longer is its transpose
      String record = cells(root, "PTedge").get(0).row();
      try (TableWriter w = root.writer("PTedge")) {
        Mutation m = new Mutation(record);
        m.put("", "origin|NEW", new Value("1"));
        w.addMutation(m);
      }
      MxmResult r = Mxm.multiply(root, "PTedge", "PTedge", "OD", query());
      assertTrue(r.left().startsWith("A copied transposed, only the cells the filters keep; no stored A^T used "
          + "(PTedge holds "), r.left());
      assertTrue(r.left().endsWith("written apart since the ingest)"), r.left());
      assertEquals(bruteForce(cells(root, "PTedge"), BOTH), LabelledCells.view(root, "OD", BOTH));
      TabuloException e = assertThrows(TabuloException.class,
          () -> Mxm.multiply(root, "PTedge", "PTedge", "OD2", query(),
              MxmSettings.defaults().aTranspose("PTedgeT")));
      assertTrue(e.getMessage().startsWith("--a-transpose PTedgeT: it holds "), e.getMessage());
      assertTrue(!root.exists("OD2"));
      // a pair by name only (no ingest record): not used
      try (Session s = Session.open(root)) {
        s.matrix("PTedge").transpose().into("QTedgeT");
        s.matrix("QTedgeT").transpose().into("QTedge");
      }
      MxmResult q = Mxm.multiply(root, "QTedge", "QTedge", "QD", query());
      assertTrue(q.left().startsWith("A copied transposed, only the cells the filters keep; no stored A^T used (no "
          + "ingest record in QTedgeDeg"), q.left());
    }
  }

  @Test
  void rowFiltersArePushedIntoTheCopyAndTheStoredPathReadsOnlySelectedRows() {
    try (EmbeddedStore root = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, BOTH);
      ingestWithLabels(root);
      List<Cell> cells = cells(root, "PTedge");
      long origins = cells.stream().filter(c -> ORIGINS.matches(c.col())).count();
      long dests = cells.stream().filter(c -> DESTS.matches(c.col())).count();
      List<KernelCounters> runs = new ArrayList<>();
      try (Session s = Session.open(root).onRunEnd(runs::add)) {
        s.matrix("PTedge").mxm(s.matrix("PTedge"), query()).into("ODcopy");
      }
      // the session hears the copy of A transposed (the product's counters are in its result)
      assertEquals(origins, runs.get(0).entriesRead.get(), "the copy reads only A's origin columns, not all "
          + cells.size() + " cells");
      MxmResult stored = Mxm.multiply(root, "PTedge", "PTedge", "OD", query());
      assertEquals(origins + dests, stored.entriesRead(), "A^T's origin rows and B^T's destination rows");
      assertEquals(LabelledCells.view(root, "ODcopy", BOTH), LabelledCells.view(root, "OD", BOTH));
    }
  }

  /**
   * The correlation through the ingested pair (after a compaction, so that the host counts the bulk-loaded
   * entries) equals the copy path and brute force for each reader: on the host {@code store} is (run in the
   * tablet servers by {@code ServerSideMxmTest}); {@code store}'s user reads red and blue.
   */
  public static void checkAll(Store store, Path dir, String prefix) {
    ingestWithLabels(store, dir, prefix);
    String edge = prefix + "Tedge";
    store.compact(edge);
    store.compact(prefix + "TedgeT");
    MxmResult r = Mxm.multiply(store, edge, edge, prefix + "OD", query());
    assertTrue(r.left().startsWith("A^T read from " + prefix + "TedgeT (ingest recorded the pair"), r.left());
    Mxm.multiply(store, edge, edge, prefix + "ODcopy", query(), MxmSettings.defaults().findTranspose(false));
    List<Cell> cells = cells(store, edge);
    for (Authorizations reader : List.of(BOTH, RED)) {
      Map<String, List<Double>> expected = bruteForce(cells, reader);
      assertEquals(expected, LabelledCells.view(store, prefix + "OD", reader), "read with " + reader);
      assertEquals(expected, LabelledCells.view(store, prefix + "ODcopy", reader), "read with " + reader);
    }
  }

  private static MxmOptions query() {
    return MxmOptions.defaults().transposeA(true).algorithm(MxmOptions.Algorithm.ROWWISE).rows(ORIGINS).cols(DESTS);
  }

  /**
   * Flights ingested into the D4M schema P, plus labelled cells in PTedge and PTedgeT alike (a second
   * origin and destination for some records, readable with red, blue or both).
   */
  private void ingestWithLabels(Store store) {
    ingestWithLabels(store, dir, "P");
  }

  private static void ingestWithLabels(Store store, Path dir, String prefix) {
    List<Path> files = Flights.write(dir.resolve(prefix + "flights"), 300, 2, 5);
    SchemaIngest.Result r = new SchemaIngest(store, new IngestOptions(new Schema(prefix), files,
        IngestOptions.Format.CSV, null, 1, List.of())).run(Progress.onTerminal("test", 0));
    assertEquals(null, r.error());
    List<String> records = new ArrayList<>();
    for (Entry<Key, Value> e : store.scanAll(prefix + "Tedge", ScanSpec.all())) {
      String row = e.getKey().getRow().toString();
      if (records.isEmpty() || !records.get(records.size() - 1).equals(row)) {
        records.add(row);
      }
    }
    Random rnd = new Random(3);
    String[] labels = {"red", "blue", "red&blue"};
    try (TableWriter edge = store.writer(prefix + "Tedge"); TableWriter transpose = store.writer(prefix + "TedgeT")) {
      for (int i = 0; i < 60; i++) {
        String record = records.get(rnd.nextInt(records.size()));
        String col = (i % 2 == 0 ? "origin|X" : "dest|Y") + rnd.nextInt(3);
        ColumnVisibility label = new ColumnVisibility(labels[rnd.nextInt(labels.length)]);
        Value v = new Value(Integer.toString(1 + rnd.nextInt(3)));
        Mutation m = new Mutation(record);
        m.put("", col, label, v);
        edge.addMutation(m);
        Mutation t = new Mutation(col);
        t.put("", record, label, v);
        transpose.addMutation(t);
      }
    }
  }

  /** PTedge's cells as stored (every label). */
  private static List<Cell> cells(Store store, String table) {
    List<Cell> out = new ArrayList<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all().auths(BOTH))) {
      Key k = e.getKey();
      out.add(new Cell(k.getRow().toString(), k.getColumnQualifier().toString(),
          k.getColumnVisibility().toString(), Double.parseDouble(e.getValue().toString())));
    }
    return out;
  }

  /** C(o, d) = sum over records k of A(k, o) * A(k, d), over the cells {@code reader} may read. */
  private static Map<String, List<Double>> bruteForce(List<Cell> cells, Authorizations reader) {
    List<LabelledCells.Cell> visible = new ArrayList<>();
    for (Cell c : cells) {
      visible.add(new LabelledCells.Cell(c.row(), c.col(), c.label(), c.value()));
    }
    Map<String, List<Double>> seen = LabelledCells.view(visible, reader); // "row col" -> values
    Map<String, Map<String, Double>> byRecord = new TreeMap<>();
    seen.forEach((key, values) -> {
      int space = key.indexOf(' ');
      byRecord.computeIfAbsent(key.substring(0, space), x -> new TreeMap<>())
          .put(key.substring(space + 1), values.stream().mapToDouble(Double::doubleValue).sum());
    });
    Map<String, Double> sums = new TreeMap<>();
    for (Map<String, Double> row : byRecord.values()) {
      row.forEach((o, x) -> {
        if (ORIGINS.matches(o)) {
          row.forEach((d, y) -> {
            if (DESTS.matches(d)) {
              sums.merge(o + " " + d, x * y, Double::sum);
            }
          });
        }
      });
    }
    Map<String, List<Double>> out = new TreeMap<>();
    sums.forEach((k, v) -> out.put(k, List.of(v)));
    return out;
  }
}
