package tabulo.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;

/** Cells put in random order, in several chunks, scan back as a sorted map of the same cells would. */
class SortingLoaderTest {
  @TempDir
  Path dir;

  @Test
  void randomCellsComeBackInKeyOrder() {
    try (EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      TreeMap<String, String> expected;
      try (SortingLoader loader = new SortingLoader(store, "t", 997)) {
        expected = putRandomCells(loader, 5000);
      }
      assertEquals(lines(expected), scan(store, "t"));
    }
  }

  /** Chunks published at close: none is visible before, all are after (in key order), none after an abort. */
  @Test
  void publishedAtCloseShowsEveryChunkOnlyAtClose() {
    try (EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      store.create("dropped", TableSettings.defaults().splits(List.of("m")));
      SortingLoader loader = SortingLoader.publishedAtClose(store, "t", 997);
      TreeMap<String, String> expected = putRandomCells(loader, 5000); // several chunks, each a sorted run
      assertEquals(0, scan(store, "t").size(), "cells published before close");
      loader.close();
      assertEquals(lines(expected), scan(store, "t"));

      SortingLoader aborted = SortingLoader.publishedAtClose(store, "dropped", 997);
      putRandomCells(aborted, 3000);
      aborted.abort();
      aborted.close(); // closing after an abort publishes nothing
      assertEquals(0, scan(store, "dropped").size(), "cells published after an abort");
    }
  }

  /**
   * One loader for several publications (ingest's one per file): publish shows what was put since the last
   * one; an abort then drops only what came after it, and rows are counted chunk by chunk.
   */
  @Test
  void publishShowsWhatCameSinceAndAbortDropsOnlyTheRest() {
    try (EmbeddedStore store = EmbeddedStore.open(dir, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      long[] counted = new long[1];
      SortingLoader loader = SortingLoader.publishedAtClose(store, "t", 997, (row, cells) -> counted[0] += cells);
      TreeMap<String, String> first = putRandomCells(loader, 4000);
      loader.publish();
      assertEquals(lines(first), scan(store, "t"));
      assertEquals(first.size(), counted[0]);
      for (int i = 0; i < 2500; i++) {
        loader.put(("later" + i).getBytes(StandardCharsets.UTF_8), "q".getBytes(StandardCharsets.UTF_8),
            "1".getBytes(StandardCharsets.UTF_8));
      }
      loader.abort();
      assertEquals(lines(first), scan(store, "t"), "an abort after a publication keeps it, and only it");
    }
  }

  /** Puts up to {@code n} random cells, one version each; returns them as "row TAB family TAB qualifier" to value. */
  private static TreeMap<String, String> putRandomCells(SortingLoader loader, int n) {
    Random random = new Random(7);
    TreeMap<String, String> expected = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      // rows sharing long prefixes (as D4M's exploded columns do), short rows, and random ones
      String row = switch (random.nextInt(3)) {
        case 0 -> "dst_host|site" + random.nextInt(300);
        case 1 -> Integer.toString(random.nextInt(50));
        default -> Long.toHexString(random.nextLong());
      };
      String family = random.nextBoolean() ? "" : "f" + random.nextInt(3);
      String qualifier = "q" + random.nextInt(40);
      String cell = row + "\t" + family + "\t" + qualifier;
      if (expected.containsKey(cell)) {
        continue; // one version per cell: the order, not versioning, is under test
      }
      String value = Integer.toString(i);
      expected.put(cell, value);
      loader.put(bytes(row), bytes(family), bytes(qualifier), new byte[0], bytes(value));
    }
    return expected;
  }

  private static List<String> lines(TreeMap<String, String> cells) {
    List<String> want = new ArrayList<>();
    cells.forEach((cell, value) -> want.add(cell + "=" + value));
    return want;
  }

  private static List<String> scan(Store store, String table) {
    List<String> scanned = new ArrayList<>();
    try (Scan s = store.scan(table, ScanSpec.all())) {
      for (Entry<Key, Value> e : s) {
        Key k = e.getKey();
        scanned.add(k.getRow() + "\t" + k.getColumnFamily() + "\t" + k.getColumnQualifier() + "=" + e.getValue());
      }
    }
    return scanned;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
