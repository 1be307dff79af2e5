package tabulo.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Function;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortingLoader;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;

/**
 * The chunked, multi-threaded TSV export against the one-scan path it replaces (the oracle): the same
 * bytes for every way of cutting the table, over several files and tablets, with labels the user may
 * not read, several versions of a cell, and row ranges that start and end inside chunks.
 */
class TsvExportTest {
  private static final byte[][] LABELS = {new byte[0], bytes("A"), bytes("B"), bytes("A&B"), bytes("A|B")};

  @TempDir
  Path dir;

  @Test
  void everyCutGivesTheBytesOfOneScan() {
    try (EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("5", "b")));
      store.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("A"));
      Random random = new Random(11);
      TreeSet<String> rows = new TreeSet<>();
      for (int round = 0; round < 2; round++) { // the second round rewrites some cells: newer versions win
        try (SortingLoader loader = new SortingLoader(store, "t", 733)) { // many small files per tablet
          for (int i = 0; i < 4000; i++) {
            String row = Long.toHexString(random.nextInt(1500) * 0x9E3779B97L);
            rows.add(row);
            loader.put(bytes(row), bytes(random.nextBoolean() ? "" : "f:x"), bytes("q" + random.nextInt(5)),
                LABELS[random.nextInt(LABELS.length)], bytes(round + "\t" + i));
          }
        }
      }
      List<String> rowList = new ArrayList<>(rows);
      List<List<Range>> rangeSets = List.of(List.of(new Range()),
          List.of(new Range(rowList.get(100), rowList.get(900)), new Range(rowList.get(1000), null)),
          List.of(new Range(rowList.get(7)), new Range(rowList.get(8)), new Range("zz", null)));
      for (List<Range> ranges : rangeSets) {
        for (boolean vis : new boolean[] {false, true}) {
          String oracle = export(store, ranges, List.of(), 1, vis);
          assertFalse(oracle.isEmpty());
          assertEquals(oracle, export(store, ranges, store.sampleRows("t", 40), 2, vis), "cut at sampled rows");
          assertEquals(oracle, pipelined(store, ranges, vis), "one scan on two threads");
          for (int cuts : new int[] {1, 5, 60, 2000}) { // cut rows present in the data and absent from it
            List<byte[]> at = new ArrayList<>();
            TreeSet<String> chosen = new TreeSet<>();
            for (int i = 0; i < cuts; i++) {
              chosen.add(random.nextBoolean() ? rowList.get(random.nextInt(rowList.size()))
                  : Long.toHexString(random.nextLong() >>> 1));
            }
            chosen.forEach(r -> at.add(bytes(r)));
            for (int threads : new int[] {2, 3}) {
              assertEquals(oracle, export(store, ranges, at, threads, vis), cuts + " cuts, " + threads + " threads");
            }
          }
        }
      }
    }
  }

  @Test
  void sampledRowsAreSortedDistinctAndFromTheData() {
    try (EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      TreeSet<String> rows = new TreeSet<>();
      try (SortingLoader loader = new SortingLoader(store, "t", 500)) {
        for (int i = 0; i < 5000; i++) {
          String row = String.format("%c%05d", 'a' + i % 26, i);
          rows.add(row);
          loader.put(bytes(row), bytes("q"), bytes("v"));
        }
      }
      List<byte[]> sampled = store.sampleRows("t", 8);
      assertTrue(sampled.size() >= 2 && sampled.size() <= 8, "sampled " + sampled.size() + " rows");
      for (int i = 0; i < sampled.size(); i++) {
        assertTrue(rows.contains(new String(sampled.get(i), StandardCharsets.UTF_8)), "a row of the table");
        assertTrue(i == 0 || Arrays.compareUnsigned(sampled.get(i - 1), sampled.get(i)) < 0, "sorted, distinct");
      }
      assertEquals(List.of(), store.sampleRows("t", 0));
    }
  }

  /** Hand-worked: ranges [b, d] and [f, +inf) cut at rows c and e. */
  @Test
  void cutSplitsRangesAtRowStarts() {
    Range bd = new Range("b", "d");
    Range fOn = new Range("f", null);
    List<List<Range>> parts = TsvExport.cut(List.of(bd, fOn), List.of(bytes("c"), bytes("e")));
    Key c = new Key(new Text("c"));
    assertEquals(List.of(List.of(new Range(bd.getStartKey(), true, c, false)),
        List.of(new Range(c, true, bd.getEndKey(), bd.isEndKeyInclusive())), List.of(fOn)), parts);
  }

  private static String export(Store store, List<Range> ranges, List<byte[]> cuts, int threads, boolean vis) {
    Function<List<Range>, ScanSpec> specFor = part -> ScanSpec.all().ranges(part);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long lines = TsvExport.write(store, "t", ranges, cuts, specFor, new TsvExport.Options(threads, 0, vis), out);
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(text.isEmpty() ? 0 : text.split("\n", -1).length - 1, lines, "lines counted");
    return text;
  }

  /** One scan through {@link ScanPipeline}, in blocks small enough that the table takes many. */
  private static String pipelined(Store store, List<Range> ranges, boolean vis) {
    Function<List<Range>, ScanSpec> specFor = part -> ScanSpec.all().ranges(part);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long lines = TsvExport.write(store, "t", ranges, List.of(), specFor, new TsvExport.Options(1, 0, vis, true), out);
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(text.isEmpty() ? 0 : text.split("\n", -1).length - 1, lines, "lines counted");
    return text;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
