package tabulo.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.DecimalCodec;
import tabulo.math.Monoids;
import tabulo.ops.Session;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableWriter;

/**
 * A one-tablet table cut into pieces for two workers: the pieces partition the rows (every row in exactly
 * one), several meet a small row selection, and operations run over the pieces give brute force's result.
 */
public class PiecesTest {
  private static final int ROWS = 30_000;

  @TempDir
  Path dir;

  @Test
  void piecesPartitionTheRowsAndOperationsOverThemMatchBruteForce() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      Map<String, Map<String, Double>> g = write(store, "G");
      List<Range> tablets = Scans.tablets(store, "G");
      assertEquals(1, tablets.size());

      List<Range> all = Pieces.of(store, "G", KeySpec.all(), 2, tablets);
      assertTrue(all.size() >= 4, "a one-tablet table is cut for two workers: " + all.size());
      for (String row : g.keySet()) {
        Key k = new Key(new Text(row));
        assertEquals(1, all.stream().filter(r -> r.contains(k)).count(), row);
      }
      assertEquals(tablets, Pieces.of(store, "G", KeySpec.all(), 1, tablets), "one worker: the tablets");

      KeySpec few = KeySpec.parse("r01000,:,r10999,");
      List<Range> cut = Pieces.of(store, "G", few, 2, tablets);
      long meeting = cut.stream().filter(r -> !Scans.clip(few, r).isEmpty()).count();
      assertTrue(meeting >= 2, "pieces meeting 10,000 of 30,000 rows: " + meeting);

      try (Session s = Session.open(store).workers(2).unitEntries(5_000)) {
        s.matrix("G").extract(few, KeySpec.all()).into("E");
        s.matrix("G").transpose().into("T");
        s.matrix("G").reduceCols(Monoids.PLUS).into("R");
      }
      Map<String, Map<String, Double>> extract = new TreeMap<>();
      Map<String, Map<String, Double>> transpose = new TreeMap<>();
      Map<String, Map<String, Double>> colSums = new TreeMap<>();
      g.forEach((row, cells) -> cells.forEach((col, v) -> {
        if (row.compareTo("r01000") >= 0 && row.compareTo("r10999") <= 0) {
          extract.computeIfAbsent(row, x -> new TreeMap<>()).put(col, v);
        }
        transpose.computeIfAbsent(col, x -> new TreeMap<>()).put(row, v);
        colSums.computeIfAbsent(col, x -> new TreeMap<>()).merge("plus", v, Double::sum);
      }));
      assertEquals(extract, read(store, "E"));
      assertEquals(transpose, read(store, "T"));
      assertEquals(colSums, read(store, "R"));
    }
  }

  /**
   * A table of 601 tablets: read in at most 16 pieces per worker, which together hold every row exactly
   * once; results of operations on it match brute force and take at most 64 of its split points.
   */
  @Test
  void manyTabletsAreJoinedIntoFewPiecesAndResultsTakeFewSplits() {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      TreeSet<String> splits = new TreeSet<>();
      for (int i = 0; i < 600; i++) {
        splits.add(String.format("r%05d", i * 50 + 3));
      }
      Map<String, Map<String, Double>> g = load(store, "G", tabulo.storage.TableSettings.defaults().splits(splits));
      List<Range> tablets = Scans.tablets(store, "G");
      assertEquals(601, tablets.size());

      List<Range> pieces = Pieces.of(store, "G", KeySpec.all(), 2, tablets);
      assertTrue(pieces.size() <= 32, "pieces for two workers: " + pieces.size());
      for (String row : g.keySet()) {
        Key k = new Key(new Text(row));
        assertEquals(1, pieces.stream().filter(r -> r.contains(k)).count(), row);
      }
      for (String split : splits) { // tablet bounds stay bounds: the rows either side go to neighbouring pieces
        Key k = new Key(new Text(split));
        assertEquals(1, pieces.stream().filter(r -> r.contains(k)).count(), split);
      }

      try (Session s = Session.open(store).workers(2)) {
        s.matrix("G").transpose().into("T");
        s.matrix("G").reduceCols(Monoids.PLUS).into("R");
      }
      Map<String, Map<String, Double>> transpose = new TreeMap<>();
      Map<String, Map<String, Double>> colSums = new TreeMap<>();
      g.forEach((row, cells) -> cells.forEach((col, v) -> {
        transpose.computeIfAbsent(col, x -> new TreeMap<>()).put(row, v);
        colSums.computeIfAbsent(col, x -> new TreeMap<>()).merge("plus", v, Double::sum);
      }));
      assertEquals(transpose, read(store, "T"));
      assertEquals(colSums, read(store, "R"));
      for (String result : List.of("T", "R")) {
        SortedSet<String> taken = store.splits(result);
        assertTrue(taken.size() <= 64 && splits.containsAll(taken), result + " splits: " + taken.size());
      }
    }
  }

  /** Rows r00000.. in an order that is not key order, three cells each, flushed into files. */
  private static Map<String, Map<String, Double>> write(Store store, String table) {
    store.create(table, tabulo.storage.TableSettings.defaults());
    Map<String, Map<String, Double>> cells = cells();
    try (TableWriter w = store.writer(table)) {
      for (int i = 0; i < ROWS; i++) {
        String row = String.format("r%05d", (int) ((i * 7919L) % ROWS));
        Mutation m = new Mutation(row);
        cells.get(row).forEach((col, v) -> m.put("", col, new Value(DecimalCodec.INSTANCE.encode(v))));
        w.addMutation(m);
      }
    }
    store.flush(table);
    return cells;
  }

  /** The same cells, loaded in key order in one bulk load (a file per tablet, no log to sync per tablet). */
  private static Map<String, Map<String, Double>> load(Store store, String table,
      tabulo.storage.TableSettings settings) {
    store.create(table, settings);
    Map<String, Map<String, Double>> cells = cells();
    try (SortedLoader loader = store.bulkLoad(table)) {
      cells.forEach((row, cols) -> cols.forEach((col, v) ->
          loader.append(new Key(row, "", col), new Value(DecimalCodec.INSTANCE.encode(v)))));
    }
    return cells;
  }

  /** Row r: three cells, in columns c((r + 5 c) mod 11) with values r mod 13 + c. */
  private static Map<String, Map<String, Double>> cells() {
    Map<String, Map<String, Double>> cells = new TreeMap<>();
    for (int r = 0; r < ROWS; r++) {
      String row = String.format("r%05d", r);
      for (int c = 0; c < 3; c++) {
        cells.computeIfAbsent(row, x -> new TreeMap<>()).put("c" + ((r + c * 5) % 11), (double) (r % 13) + c);
      }
    }
    return cells;
  }

  private static Map<String, Map<String, Double>> read(Store store, String table) {
    Map<String, Map<String, Double>> out = new TreeMap<>();
    try (Scan scan = store.scan(table, ScanSpec.all())) {
      for (Entry<Key, Value> e : scan) {
        out.computeIfAbsent(e.getKey().getRow().toString(), x -> new TreeMap<>()).put(
            e.getKey().getColumnQualifier().toString(),
            DecimalCodec.INSTANCE.decode(e.getValue().get()));
      }
    }
    return out;
  }
}
