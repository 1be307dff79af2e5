package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.TableSettings;

/**
 * A bulk load (what {@code put} and ingest write through) killed with SIGKILL before its commit leaves
 * sorted files that no manifest names; the next open of the database removes them, before any command
 * touches that table, and the committed cells stay exactly.
 */
class KilledLoadTest {
  @TempDir
  Path dir;

  @Test
  void theNextOpenRemovesAKilledLoadsFiles() throws Exception {
    Path db = dir.resolve("db");
    List<String> committed = new ArrayList<>();
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      store.create("other", TableSettings.defaults());
      try (SortedLoader loader = store.bulkLoad("t")) {
        for (String row : List.of("a", "n")) {
          loader.append(new Key(row, "", "c"), new Value("old"));
          committed.add(row + "|c|old");
        }
      }
    }
    Path tableDir;
    try (Stream<Path> tables = Files.list(db.resolve("tables"))) {
      tableDir = tables.filter(p -> manifestFiles(p).size() == 2).findFirst().orElseThrow();
    }

    Process child = start(db);
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line = out.readLine();
      assertEquals("STAGED", line, "the child did not stage its files");
      child.destroyForcibly().waitFor(); // SIGKILL on Linux
    }
    assertFalse(unnamedFiles(tableDir).isEmpty(), "the killed load left no files behind to clean");

    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      assertEquals(Set.of(), unnamedFiles(tableDir), "files no manifest names are left after the open");
      store.scanAll("other", ScanSpec.all()); // another table's use is all it takes
      List<String> seen = new ArrayList<>();
      for (Entry<Key, Value> e : store.scanAll("t", ScanSpec.all())) {
        seen.add(e.getKey().getRow() + "|" + e.getKey().getColumnQualifier() + "|" + e.getValue());
      }
      assertEquals(committed, seen, "the committed cells, and none of the killed load's");
    }
    try (Stream<Path> markers = Files.list(db.resolve(LoadMarkers.DIRECTORY))) {
      assertEquals(0, markers.count(), "the cleaned load's marker remains");
    }
  }

  /** Sorted files and checksum files in the table's directory that its manifest does not name. */
  private static Set<String> unnamedFiles(Path tableDir) throws IOException {
    Set<String> named = manifestFiles(tableDir);
    try (Stream<Path> files = Files.list(tableDir)) {
      return files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(SortedFiles.EXTENSION) || n.endsWith(FileChecksums.SUFFIX))
          .filter(n -> !named.contains(n.replace(FileChecksums.SUFFIX, "")))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private static Set<String> manifestFiles(Path tableDir) {
    try {
      return Files.readAllLines(tableDir.resolve("MANIFEST"), StandardCharsets.UTF_8).stream()
          .filter(l -> l.startsWith("file ")).map(l -> l.split(" ")[2]).collect(Collectors.toSet());
    } catch (IOException e) {
      return Set.of();
    }
  }

  private static Process start(Path db) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), StagingChild.class.getName(), db.toString());
    pb.redirectError(ProcessBuilder.Redirect.INHERIT);
    return pb.start();
  }

  /** Stages files of a load into both tablets of {@code t}, says so, and waits to be killed. */
  public static final class StagingChild {
    public static void main(String[] args) throws Exception {
      EmbeddedStore store = EmbeddedStore.open(Path.of(args[0]), EmbeddedStore.ROOT);
      SortedLoader loader = store.bulkLoad("t");
      for (int run = 0; run < 3; run++) {
        for (String row : List.of("b", "c", "p", "q")) {
          loader.append(new Key(row, "", "c" + run), new Value("staged"));
        }
        loader.nextRun(); // finishes the run's files
      }
      System.out.println("STAGED");
      System.out.flush();
      Thread.sleep(600_000);
    }
  }
}
