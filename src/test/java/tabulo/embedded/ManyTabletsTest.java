package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * A table with ten thousand split points works in a small heap: tablets open when used and share the
 * table's memory, so nothing is allocated per tablet up front (before, every tablet opened its log with
 * a 1 MiB buffer and a put ran out of memory). The child checks each step against an oracle.
 */
class ManyTabletsTest {
  @TempDir
  Path dir;

  @Test
  void tenThousandSplitPointsWorkInA128MiBHeap() throws Exception {
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        ManyTabletsChild.class.getName(), dir.resolve("db").toString()).redirectErrorStream(true).start();
    byte[] out = child.getInputStream().readAllBytes();
    child.waitFor(5, TimeUnit.MINUTES);
    String text = new String(out, StandardCharsets.UTF_8);
    assertEquals(0, child.exitValue(), text);
    assertEquals("OK", text.strip(), text);
  }

  /**
   * The memtable budget is the table's, not split among its tablets: a little written to each of many
   * tablets fills it, and the largest memtables are written out without any flush being asked for
   * (before, each tablet waited for its own share, at least 16 KiB, and nothing was written out).
   */
  @Test
  void writesSpreadOverManyTabletsShareOneMemtableBudget() throws Exception {
    int tablets = 300;
    List<String> splits = new ArrayList<>();
    for (int i = 0; i < tablets - 1; i++) {
      splits.add(String.format("r%04d", i));
    }
    Map<String, String> oracle = new TreeMap<>();
    Path db = dir.resolve("db");
    EngineOptions options = EngineOptions.defaults().memtableBytes(64 << 10);
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, options)) {
      store.create("t", TableSettings.defaults().splits(splits));
      try (TableWriter w = store.writer("t")) {
        for (int i = 0; i < tablets - 1; i++) { // one cell of about 600 bytes in each tablet but the last
          String row = String.format("r%04d", i);
          String value = i + "x".repeat(600);
          Mutation m = new Mutation(row);
          m.put("", "c", value);
          w.addMutation(m);
          oracle.put(row, value);
        }
      }
    } // closing lets queued minor compactions finish; it flushes nothing itself
    long files;
    try (Stream<Path> s = Files.walk(db)) {
      files = s.filter(p -> p.toString().endsWith(".rf")).count();
    }
    assertTrue(files > 0, "about 180 KiB written into a 64 KiB budget: some memtables became files");
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, options)) {
      Map<String, String> seen = new TreeMap<>();
      for (Map.Entry<Key, Value> e : store.scanAll("t", ScanSpec.all())) {
        seen.put(e.getKey().getRow().toString(), e.getValue().toString());
      }
      assertEquals(oracle, seen);
    }
  }
}
