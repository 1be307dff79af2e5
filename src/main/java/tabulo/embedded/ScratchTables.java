package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The directories of tables this process created under reserved names (an operation's temporaries): their
 * sorted files, checksum files and manifests are written without fsync, since nothing promises them
 * durable (a run that dies loses them anyway, and the next run deletes them, which reads none of their
 * files). Most of a small operation's time went to those fsyncs. Renaming such a table to a user name
 * first makes all of it durable ({@link #makeDurable}); from then on it is synced as any table. Write-ahead
 * logs are always synced; the catalog names such a table only once it is made durable ({@link Catalog#unsaved}).
 */
final class ScratchTables {
  private static final Set<Path> DIRS = ConcurrentHashMap.newKeySet();

  private ScratchTables() {}

  static void add(Path tableDir) {
    DIRS.add(tableDir.toAbsolutePath().normalize());
  }

  static void remove(Path tableDir) {
    DIRS.remove(tableDir.toAbsolutePath().normalize());
  }

  /** Whether {@code path} lies in a scratch table's directory (so writing it needs no fsync). */
  static boolean holds(Path path) {
    if (DIRS.isEmpty()) {
      return false;
    }
    for (Path p = path.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
      if (DIRS.contains(p)) {
        return true;
      }
    }
    return false;
  }

  /** Syncs every file and directory of a scratch table, then treats it as any table. */
  static void makeDurable(Path tableDir) throws IOException {
    if (!holds(tableDir)) {
      return;
    }
    remove(tableDir); // files written from now on are synced as they are written
    List<Path> dirs = new ArrayList<>();
    try (Stream<Path> all = Files.walk(tableDir)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        if (Files.isDirectory(p)) {
          dirs.add(p);
        } else if (Files.isRegularFile(p)) {
          AtomicFile.syncFile(p);
        }
      }
    }
    for (int i = dirs.size() - 1; i >= 0; i--) { // children before parents
      AtomicFile.syncDirectory(dirs.get(i));
    }
    AtomicFile.syncDirectory(tableDir.getParent());
  }
}
