package tabulo.embedded;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import tabulo.util.PrivateFiles;

/**
 * One empty file under the database's {@code loads/} directory for each bulk load in progress, named after
 * its table. A load killed before its manifest commit leaves its sorted files in the table's directory,
 * named by no manifest; its marker tells the next open of the database which tables to clean, without
 * reading every table's manifest on every open.
 */
final class LoadMarkers {
  static final String DIRECTORY = "loads";
  private static final AtomicLong SEQUENCE = new AtomicLong();

  private LoadMarkers() {}

  /** Marks a load into the table in {@code tableDir} (the database's {@code tables/<id>}) as begun. */
  static Path begin(Path tableDir) throws IOException {
    Path loads = tableDir.getParent().getParent().resolve(DIRECTORY);
    PrivateFiles.createDirectories(loads);
    Path marker = loads.resolve(tableDir.getFileName() + "." + ProcessHandle.current().pid() + "."
        + SEQUENCE.incrementAndGet());
    Files.createFile(marker);
    return marker;
  }

  /** The load is committed or its files deleted: nothing is left to clean. */
  static void end(Path marker) {
    try {
      Files.deleteIfExists(marker);
    } catch (IOException e) {
      // a marker left behind only makes the next open look at the table's files once more
    }
  }

  /** The markers of loads that never ended (the database's only writer is opening it, so none runs). */
  static List<Path> left(Path dbDir) throws IOException {
    List<Path> markers = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dbDir.resolve(DIRECTORY))) {
      ds.forEach(markers::add);
    } catch (NoSuchFileException e) {
      return markers;
    }
    return markers;
  }

  /** The id of the table a marker names. */
  static String tableId(Path marker) {
    String n = marker.getFileName().toString();
    int dot = n.indexOf('.');
    return dot < 0 ? n : n.substring(0, dot);
  }
}
