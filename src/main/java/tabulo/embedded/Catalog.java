package tabulo.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The database's directory of tables (name to id) and users' authorizations, replaced atomically on
 * every change. Mutated only under the store's lock. Tables named in {@link #unsaved} (this process's
 * temporaries) are known to this process only: the file never names them, so creating or deleting one
 * writes nothing, and after a crash their directories are uncatalogued and removed at the next open.
 */
final class Catalog {
  static final String FILE_NAME = "CATALOG";
  private static final String HEADER = "tabulo-catalog 1";

  final SortedMap<String, String> tables = new TreeMap<>();
  final SortedMap<String, SortedSet<String>> users = new TreeMap<>();
  final Set<String> unsaved = new HashSet<>();
  long nextTableId = 1;

  static Catalog loadOrCreate(Path dir) throws IOException {
    if (!Files.exists(dir.resolve(FILE_NAME))) {
      Catalog c = new Catalog();
      c.save(dir);
      return c;
    }
    return load(dir);
  }

  /** The catalog of an existing database; NoSuchFileException when {@code dir} holds none. */
  static Catalog load(Path dir) throws IOException {
    Catalog c = new Catalog();
    Path file = dir.resolve(FILE_NAME);
    for (String[] r : TextRecords.read(file, HEADER)) {
      switch (r[0]) {
        case "next-table-id" -> c.nextTableId = Long.parseLong(r[1]);
        case "table" -> c.tables.put(TextRecords.decode(r[1]), r[2]);
        case "user" -> {
          SortedSet<String> auths = new TreeSet<>();
          for (int i = 2; i < r.length; i++) {
            auths.add(TextRecords.decode(r[i]));
          }
          c.users.put(TextRecords.decode(r[1]), auths);
        }
        default -> throw new IOException("damaged catalog in " + dir + ": unknown record " + r[0]);
      }
    }
    return c;
  }

  void save(Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("next-table-id " + nextTableId);
    tables.forEach((name, id) -> {
      if (!unsaved.contains(name)) {
        lines.add("table " + TextRecords.encode(name) + " " + id);
      }
    });
    users.forEach((user, auths) -> {
      StringBuilder sb = new StringBuilder("user ").append(TextRecords.encode(user));
      auths.forEach(a -> sb.append(' ').append(TextRecords.encode(a)));
      lines.add(sb.toString());
    });
    TextRecords.write(dir.resolve(FILE_NAME), HEADER, lines);
  }

  SortedSet<String> authorizations(String user) {
    return Collections.unmodifiableSortedSet(users.getOrDefault(user, new TreeSet<>()));
  }
}
