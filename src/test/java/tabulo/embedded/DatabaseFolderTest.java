package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * Where a database may be opened for writing: its own folder, a new folder inside an existing one, or an
 * empty folder (or what an interrupted creation left). A mistyped path grows no tree of folders, and a
 * folder holding anything else, a database that lost its catalog too, is refused untouched.
 */
class DatabaseFolderTest {
  @TempDir
  Path dir;

  @Test
  void aNewDatabaseIsMadeOnlyInsideAnExistingFolder() {
    Path typo = dir.resolve("typo").resolve("db");
    TabuloException e = assertThrows(TabuloException.class, () -> EmbeddedStore.open(typo, EmbeddedStore.ROOT));
    assertEquals("cannot create database " + typo + ": folder " + dir.resolve("typo") + " does not exist (a new "
        + "database is made only inside an existing folder)", e.getMessage());
    assertFalse(Files.exists(dir.resolve("typo")));
  }

  @Test
  void aFolderHoldingOtherFilesIsRefusedUntouched() throws IOException {
    Path notes = Files.createDirectory(dir.resolve("notes"));
    Files.writeString(notes.resolve("todo.txt"), "keep me");
    TabuloException e = assertThrows(TabuloException.class, () -> EmbeddedStore.open(notes, EmbeddedStore.ROOT));
    assertEquals("cannot open database " + notes + ": it is not a Tabulo database (it has no CATALOG) and not "
        + "empty; give the folder of a database, or a new or empty one", e.getMessage());
    assertEquals(List.of("todo.txt"), names(notes));
  }

  @Test
  void aDatabaseThatLostItsCatalogIsRefusedWithItsTables() throws IOException {
    Path db = dir.resolve("db");
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults());
    }
    Files.delete(db.resolve(Catalog.FILE_NAME));
    List<String> tables = names(db.resolve("tables"));
    assertEquals(1, tables.size());
    assertThrows(TabuloException.class, () -> EmbeddedStore.open(db, EmbeddedStore.ROOT));
    assertEquals(tables, names(db.resolve("tables"))); // opening would have deleted them as uncatalogued
  }

  @Test
  void anEmptyFolderOrOneAnInterruptedCreationLeftBecomesADatabase() throws IOException {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    Path interrupted = Files.createDirectories(dir.resolve("interrupted").resolve("tables"));
    Files.writeString(interrupted.resolveSibling("LOCK"), "");
    for (Path db : List.of(empty, interrupted.getParent(), dir.resolve("new"))) {
      try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
        store.create("t", TableSettings.defaults());
      }
      try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) { // and opens again
        assertEquals(List.of("t"), List.copyOf(store.tables()));
      }
    }
  }

  private static List<String> names(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
