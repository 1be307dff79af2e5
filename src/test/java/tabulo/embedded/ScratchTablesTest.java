package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map.Entry;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;

/**
 * A temporary (reserved name) is created and loaded without fsyncing its own files; renaming it to a user
 * name fsyncs every one of them first, and it then reads back whole after the store reopens.
 */
class ScratchTablesTest {
  @TempDir
  Path dir;

  @Test
  void temporariesSkipTheirFsyncsUntilPublished() throws Exception {
    Path db = dir.resolve("db");
    long userCost;
    long scratchCost;
    long publishCost;
    try (Store store = EmbeddedStore.open(db, "root")) {
      userCost = createAndLoad(store, "user");
      scratchCost = createAndLoad(store, "__scratch");
      long before = AtomicFile.FSYNCS.get();
      store.rename("__scratch", "published");
      publishCost = AtomicFile.FSYNCS.get() - before;
    }
    // a user table: its sorted file, checksum file, manifests and directories are synced
    assertTrue(scratchCost < userCost - 4, "scratch " + scratchCost + " fsyncs, user table " + userCost);
    // the sorted file, its checksum file and the manifest at least, then the catalog
    assertTrue(publishCost >= 4, "publishing fsynced " + publishCost);
    try (Store store = EmbeddedStore.open(db, "root")) {
      assertEquals(cells(store, "user"), cells(store, "published"));
      assertEquals(100, cells(store, "published").size());
    }
  }

  /**
   * A temporary that replaces a user's table (an accumulate) is made durable before the replace is recorded:
   * a power loss after the target's deletion must not roll forward a temporary whose files were never synced.
   */
  @Test
  void makeDurableSyncsAScratchTableOnceAndAUserTableNotAgain() throws Exception {
    try (Store store = EmbeddedStore.open(dir.resolve("db2"), "root")) {
      createAndLoad(store, "__scratch");
      long before = AtomicFile.FSYNCS.get();
      store.makeDurable("__scratch");
      long first = AtomicFile.FSYNCS.get() - before;
      before = AtomicFile.FSYNCS.get();
      store.makeDurable("__scratch");
      store.rename("__scratch", "published");
      long again = AtomicFile.FSYNCS.get() - before;
      assertTrue(first >= 3, "the sorted file, its checksum file and the manifest synced: " + first);
      assertTrue(again <= 2, "nothing left to sync but the catalog: " + again);
    }
  }

  /**
   * A temporary's catalog entry is this process's alone: creating, loading and deleting one syncs nothing,
   * and a process that ends without deleting it (as a killed one) leaves no trace at the next open, not
   * even its directory, while a user table created after it keeps its cells.
   */
  @Test
  void aTemporaryCostsNoFsyncAndIsGoneAfterTheProcessEnds() throws Exception {
    Path db = dir.resolve("db3");
    try (Store store = EmbeddedStore.open(db, "root")) {
      assertEquals(0, createAndLoad(store, "__gone"), "a temporary's files and entry are not synced");
      long before = AtomicFile.FSYNCS.get();
      store.delete("__gone");
      assertEquals(0, AtomicFile.FSYNCS.get() - before, "deleting it rewrites no catalog");
      createAndLoad(store, "__left");
      createAndLoad(store, "kept");
    }
    try (java.util.stream.Stream<Path> dirs = java.nio.file.Files.list(db.resolve("tables"))) {
      assertEquals(2, dirs.count(), "the left temporary's files are still there before the next open");
    }
    try (Store store = EmbeddedStore.open(db, "root")) {
      assertEquals(java.util.Set.of("kept"), store.tables());
      assertEquals(100, cells(store, "kept").size());
      createAndLoad(store, "__next"); // may take the left temporary's id: it must start empty
      assertEquals(100, cells(store, "__next").size());
      store.delete("__next");
    }
    try (java.util.stream.Stream<Path> dirs = java.nio.file.Files.list(db.resolve("tables"))) {
      assertEquals(1, dirs.count(), "only the user table's directory remains");
    }
  }

  /** Creates {@code table}, loads 100 cells as one sorted file; returns the fsyncs it took. */
  private static long createAndLoad(Store store, String table) {
    long before = AtomicFile.FSYNCS.get();
    store.create(table, TableSettings.defaults());
    try (SortedLoader loader = store.atomicLoad(table)) {
      for (int r = 100; r < 200; r++) {
        loader.append(new Key("r" + r, "", "c", 1), new Value("v" + r));
      }
    }
    return AtomicFile.FSYNCS.get() - before;
  }

  private static TreeMap<String, String> cells(Store store, String table) {
    TreeMap<String, String> m = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      m.put(e.getKey().getRow() + " " + e.getKey().getColumnQualifier(), e.getValue().toString());
    }
    return m;
  }
}
