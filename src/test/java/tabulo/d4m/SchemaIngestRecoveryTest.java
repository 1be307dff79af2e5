package tabulo.d4m;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.util.Progress;

/**
 * The two moments of a file's ingest that matter, made to happen deterministically (IngestKillTest hits
 * them by chance): the run dies once the third file's Tedge, TedgeT and TedgeTxt cells are in but
 * before its degrees are, or just after its degrees and record are in. Rerun, the four tables equal a
 * clean ingest's (every cell but timestamps), and the rerun skips exactly the files that were in.
 */
class SchemaIngestRecoveryTest {
  private static final int FILES = 4;
  private static final List<String> TABLES = List.of("pTedge", "pTedgeT", "pTedgeDeg", "pTedgeTxt");

  @TempDir
  Path dir;

  @Test
  void diesBeforeTheThirdFilesDegreesAreLoaded() throws Exception {
    List<Path> files = writeFiles();
    // the run stops when it opens the third degree load: nothing of that load is in
    List<String> skipped = dieAndRerun(files, "before", (loader, n) -> {
      if (n == 3) {
        throw new IllegalStateException("killed before the load");
      }
      return loader;
    });
    assertEquals(List.of(files.get(0), files.get(1)).toString(), skipped.toString());
  }

  @Test
  void diesJustAfterTheThirdFilesDegreesAreLoaded() throws Exception {
    List<Path> files = writeFiles();
    List<String> skipped = dieAndRerun(files, "after", (loader, n) -> n != 3 ? loader : new SortedLoader() {
      @Override
      public void append(Key key, Value value) {
        loader.append(key, value);
      }

      @Override
      public void nextRun() {
        loader.nextRun();
      }

      @Override
      public void close() {
        loader.close();
        throw new IllegalStateException("killed after the load");
      }

      @Override
      public void abort() {
        loader.abort();
      }
    });
    assertEquals(List.of(files.get(0), files.get(1), files.get(2)).toString(), skipped.toString());
  }

  /** What becomes of the n-th atomic load (from 1). */
  private interface Fault {
    SortedLoader apply(SortedLoader loader, int n);
  }

  /** Ingests with the fault (it stops the run), reruns cleanly, compares with a clean ingest; returns the rerun's skipped files. */
  private List<String> dieAndRerun(List<Path> files, String name, Fault fault) throws Exception {
    List<String> expected;
    try (EmbeddedStore clean = EmbeddedStore.open(dir.resolve("clean-" + name), EmbeddedStore.ROOT)) {
      assertEquals(null, ingest(clean, files).error());
      expected = cells(clean);
    }
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve(name), EmbeddedStore.ROOT)) {
      AtomicInteger loads = new AtomicInteger();
      Store faulty = (Store) Proxy.newProxyInstance(Store.class.getClassLoader(), new Class<?>[] {Store.class},
          (proxy, method, args) -> {
            try {
              Object r = method.invoke(store, args);
              return method.getName().equals("atomicLoad") ? fault.apply((SortedLoader) r, loads.incrementAndGet()) : r;
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
          });
      SchemaIngest.Result died = ingest(faulty, files);
      assertNotNull(died.error());
      assertEquals(2, died.files().size(), died.toString());
      List<String> skipped = new ArrayList<>();
      SchemaIngest.Result rerun = new SchemaIngest(store, options(files)).run(Progress.silent(), new SchemaIngest.Reporter() {
        @Override
        public void ingested(SchemaIngest.FileResult file) {}

        @Override
        public void skipped(Path file, String why) {
          skipped.add(file.toString());
        }
      });
      assertEquals(null, rerun.error());
      assertSameCells(expected, cells(store));
      return skipped;
    }
  }

  /** Equal lists, or a short message: the first cells only one side has. */
  private static void assertSameCells(List<String> expected, List<String> actual) {
    if (!expected.equals(actual)) {
      List<String> missing = new ArrayList<>(expected);
      missing.removeAll(actual);
      List<String> extra = new ArrayList<>(actual);
      extra.removeAll(expected);
      fail("after the rerun, not as in a clean ingest: missing " + missing.subList(0, Math.min(5, missing.size()))
          + ", unexpected " + extra.subList(0, Math.min(5, extra.size())));
    }
  }

  private static IngestOptions options(List<Path> files) {
    return new IngestOptions(new Schema("p"), files, IngestOptions.Format.CSV, null, 1, List.of());
  }

  private static SchemaIngest.Result ingest(Store store, List<Path> files) {
    return new SchemaIngest(store, options(files)).run(Progress.silent());
  }

  /** Every cell of the four tables, timestamps left out (a rerun writes the same cells at a later time). */
  private static List<String> cells(Store store) {
    List<String> out = new ArrayList<>();
    for (String t : TABLES) {
      for (Entry<Key, Value> e : store.scanAll(t, ScanSpec.all())) {
        Key k = e.getKey();
        out.add(t + " " + k.getRow() + " " + k.getColumnFamily() + ":" + k.getColumnQualifier() + " ["
            + k.getColumnVisibility() + "] " + e.getValue());
      }
    }
    return out;
  }

  private List<Path> writeFiles() throws Exception {
    Random rnd = new Random(3);
    List<Path> out = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      StringBuilder csv = new StringBuilder("ip,status\n");
      for (int i = 0; i < 200; i++) {
        csv.append("10.0.0.").append(rnd.nextInt(20)).append(',').append(rnd.nextInt(4) == 0 ? 404 : 200).append('\n');
      }
      Path p = dir.resolve("f" + f + ".csv").toAbsolutePath();
      Files.writeString(p, csv, StandardCharsets.UTF_8);
      out.add(p);
    }
    return out;
  }
}
