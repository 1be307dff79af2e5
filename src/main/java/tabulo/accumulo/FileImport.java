package tabulo.accumulo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;

import tabulo.storage.TabuloException;

/** Sorted RFiles bulk-imported into a table whole ({@link AccumuloStore#importFiles}). */
final class FileImport {
  private FileImport() {}

  /** Accumulo moves bulk-imported files into the table: import copies, so the source directory stays intact. */
  static void copyIn(AccumuloStore store, String table, Path dir, List<String> files) {
    Path staging = null;
    try {
      staging = Files.createTempDirectory(dir.toAbsolutePath(), "import-staging-");
      for (String f : files) {
        Files.copy(dir.resolve(f), staging.resolve(f));
      }
      store.client().tableOperations().importDirectory(staging.toString()).to(table).load();
    } catch (IOException e) {
      throw new TabuloException("cannot stage " + dir + " for bulk import: " + e.getMessage(), e);
    } catch (TableNotFoundException e) {
      throw new TabuloException("no such table: " + table, e);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      throw new TabuloException("bulk import of " + dir + " into table " + table + " failed: " + e.getMessage(), e);
    } finally {
      deleteTree(staging);
    }
  }

  private static void deleteTree(Path root) {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // best effort
    }
  }
}
