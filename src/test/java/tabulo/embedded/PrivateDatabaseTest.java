package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.SortedLoader;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * A fresh database is private whatever the umask (the JVM's is typically 022, which made every file 644
 * and every directory 755): after writes, flushes, compactions (plain and gz), a bulk load, a rename and
 * a repair, every directory is 700 and every file 600: logs, manifests, sorted files, checksums, LOCK.
 */
class PrivateDatabaseTest {
  @TempDir
  Path dir;

  @Test
  void everyDirectoryIs700AndEveryFile600() throws IOException {
    Path db = dir.resolve("db");
    for (String codec : List.of("none", "gz")) {
      try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, EngineOptions.defaults().compression(codec))) {
        String t = "t_" + codec;
        store.create(t, TableSettings.defaults().splits(List.of("m")));
        try (TableWriter w = store.writer(t)) {
          for (int i = 0; i < 1000; i++) {
            Mutation m = new Mutation("row" + i);
            m.put("", "q", "v" + i);
            w.addMutation(m);
          }
        }
        store.flush(t);
        try (TableWriter w = store.writer(t)) {
          Mutation m = new Mutation("a");
          m.put("", "q", "in the log only");
          w.addMutation(m);
        }
        store.compact(t);
        try (SortedLoader l = store.bulkLoad(t)) {
          l.append("zz".getBytes(), new byte[0], "q".getBytes(), new byte[0], 1L, "bulk".getBytes());
        }
        store.rename(t, t + "2");
        store.repair(t + "2");
        try (TableWriter w = store.writer(t + "2")) {
          Mutation m = new Mutation("b");
          m.put("", "q", "left in a log at close");
          w.addMutation(m);
        }
      }
    }
    List<String> wrong = new ArrayList<>();
    int files = 0;
    try (Stream<Path> all = Files.walk(db)) {
      for (Path p : all.toList()) {
        String perms = PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
        boolean directory = Files.isDirectory(p);
        files += directory ? 0 : 1;
        if (!perms.equals(directory ? "rwx------" : "rw-------")) {
          wrong.add(dir.relativize(p) + " " + perms);
        }
      }
    }
    assertTrue(files >= 10, "logs, manifests, sorted files, checksums, LOCK, CATALOG: " + files);
    assertEquals(List.of(), wrong);
  }
}
