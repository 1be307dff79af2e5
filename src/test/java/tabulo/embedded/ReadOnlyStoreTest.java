package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.user.VersioningIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * A read-only store (as {@code scan}, {@code info}, {@code export}, {@code verify} open the database):
 * it sees committed data, logs included, changes no byte of the database, refuses every change, and
 * keeps its snapshot while a writer beside it compacts the files away.
 */
class ReadOnlyStoreTest {
  @TempDir
  Path dir;

  private static void put(EmbeddedStore store, Map<String, String> oracle, String row, String value) {
    try (TableWriter w = store.writer("t")) {
      Mutation m = new Mutation(row);
      m.put("", "c", value);
      w.addMutation(m);
    }
    oracle.put(row, value);
  }

  private static Map<String, String> scan(EmbeddedStore store) {
    Map<String, String> seen = new TreeMap<>();
    for (Map.Entry<Key, Value> e : store.scanAll("t", ScanSpec.all())) {
      seen.put(e.getKey().getRow().toString(), e.getValue().toString());
    }
    return seen;
  }

  /** Every file of the database but readers' registrations, with its bytes. */
  private static Map<String, byte[]> contents(Path db) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> s = Files.walk(db)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        String rel = db.relativize(p).toString();
        if (!rel.startsWith(ReaderRegistration.DIRECTORY + "/")) {
          out.put(rel, Files.readAllBytes(p));
        }
      }
    }
    return out;
  }

  @Test
  void aReaderSeesLoggedWritesAndChangesNothing() throws Exception {
    Path db = dir.resolve("db");
    Map<String, String> oracle = new TreeMap<>();
    try (EmbeddedStore w = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      w.create("t", TableSettings.defaults().splits(List.of("m")));
      put(w, oracle, "a", "1");
      w.flush("t");
      put(w, oracle, "b", "2"); // only in the log: a writer's open would replay it into a file
      put(w, oracle, "x", "3");
    }
    Files.createDirectories(db.resolve("tables").resolve("zz")); // an uncatalogued table: a writer removes it
    Files.writeString(db.resolve("tables").resolve("1").resolve("99.rf.tmp"), "left by a crash");
    Map<String, byte[]> before = contents(db);
    try (EmbeddedStore r = EmbeddedStore.openReadOnly(db, EmbeddedStore.ROOT)) {
      assertTrue(r.readOnly());
      assertEquals(oracle, scan(r));
      assertEquals(3, r.info("t").entries());
      assertTrue(r.verify(null).ok());
    }
    Map<String, byte[]> after = contents(db);
    assertEquals(before.keySet(), after.keySet(), "no file added or removed");
    before.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), name + " unchanged"));
    assertTrue(Files.isDirectory(db.resolve("tables").resolve("zz")));
    try (Stream<Path> s = Files.list(db.resolve(ReaderRegistration.DIRECTORY))) {
      assertEquals(0, s.count(), "the reader's registration and links are gone");
    }
  }

  @Test
  void aReaderRefusesEveryChangeAndNeedsAnExistingDatabase() {
    Path db = dir.resolve("db");
    try (EmbeddedStore w = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      w.create("t", TableSettings.defaults());
    }
    IteratorSetting vers = new IteratorSetting(30, "v2", VersioningIterator.class);
    try (EmbeddedStore r = EmbeddedStore.openReadOnly(db, EmbeddedStore.ROOT)) {
      List<Consumer<EmbeddedStore>> changes = List.of(s -> s.writer("t"), s -> s.bulkLoad("t"),
          s -> s.create("u", TableSettings.defaults()), s -> s.delete("t"), s -> s.rename("t", "u"),
          s -> s.flush("t"), s -> s.compact("t"), s -> s.repair("t"),
          s -> s.attachIterator("t", vers, EnumSet.allOf(IteratorScope.class)),
          s -> s.removeIterator("t", "vers", EnumSet.allOf(IteratorScope.class)),
          s -> s.setAuthorizations("bob", new Authorizations("A")));
      for (Consumer<EmbeddedStore> change : changes) {
        TabuloException e = assertThrows(TabuloException.class, () -> change.accept(r));
        assertTrue(e.getMessage().contains("is open read-only"), e.getMessage());
      }
      assertEquals(List.of("t"), List.copyOf(r.tables()));
    }
    TabuloException none = assertThrows(TabuloException.class,
        () -> EmbeddedStore.openReadOnly(dir.resolve("nothing"), EmbeddedStore.ROOT));
    assertTrue(none.getMessage().contains("no database at"), none.getMessage());
    assertTrue(Files.notExists(dir.resolve("nothing")), "a reader creates no database");
  }

  @Test
  void aReaderKeepsItsSnapshotWhileTheWriterCompactsItsFilesAway() throws Exception {
    Path db = dir.resolve("db");
    Map<String, String> oracle = new TreeMap<>();
    try (EmbeddedStore w = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      w.create("t", TableSettings.defaults().splits(List.of("m")));
      for (int i = 0; i < 3; i++) {
        put(w, oracle, "r" + i, "v" + i);
        w.flush("t");
      }
      put(w, oracle, "z", "logged");
      Map<String, String> committed = new TreeMap<>(oracle);
      try (EmbeddedStore r = EmbeddedStore.openReadOnly(db, EmbeddedStore.ROOT)) {
        assertEquals(committed, scan(r)); // the reader's snapshot is taken here
        put(w, oracle, "r0", "changed");
        w.compact("t"); // deletes every file the reader's snapshot names
        assertEquals(committed, scan(r), "the snapshot outlives the files' deletion");
        try (EmbeddedStore later = EmbeddedStore.openReadOnly(db, EmbeddedStore.ROOT)) {
          assertEquals(oracle, scan(later), "a later reader sees the later commit");
        }
      }
    }
  }
}
