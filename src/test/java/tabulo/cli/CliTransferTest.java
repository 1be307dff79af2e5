package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.assertError;
import static tabulo.cli.CliRunner.assertErrorStartsWith;
import static tabulo.cli.CliRunner.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map.Entry;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.user.VersioningIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.accumulo.MiniAccumulo;
import tabulo.cli.CliRunner.Result;
import tabulo.embedded.EmbeddedStore;
import tabulo.iterators.DecimalSumCombiner;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;

/**
 * export and import move a table embedded -> Accumulo -> embedded (and embedded -> embedded) with its
 * split points, iterator settings (scopes, priorities, options), visibilities and timestamps.
 */
class CliTransferTest {
  @TempDir
  Path tmp;

  Result acc(String... args) {
    String[] full = new String[args.length + 2];
    full[0] = "--accumulo";
    full[1] = MiniAccumulo.clientPropertiesFile().toString();
    System.arraycopy(args, 0, full, 2, args.length);
    return CliRunner.raw(full);
  }

  /** split and iterator lines of info. */
  static List<String> layout(String info) {
    return info.lines().filter(l -> l.startsWith("split\t") || l.startsWith("iterator\t")).collect(Collectors.toList());
  }

  static List<Entry<Key, Value>> raw(Store s, String table) {
    return s.scanAll(table, ScanSpec.all().auths(new Authorizations("A", "B", "C")));
  }

  @Test
  void exportImportAcrossHostsKeepsEverything() throws Exception {
    CliRunner cli = new CliRunner(tmp);
    Store accumulo = MiniAccumulo.store();
    Authorizations rootAuths = accumulo.authorizations("root");
    String accTable = "xfer_" + Integer.toString(new Random().nextInt(1 << 24), 36);
    try {
      try (EmbeddedStore e = EmbeddedStore.open(cli.db(), EmbeddedStore.ROOT)) {
        IteratorSetting sum = DecimalSumCombiner.allColumns(10, "sum");
        IteratorSetting extra = new IteratorSetting(30, "extra", VersioningIterator.class);
        VersioningIterator.setMaxVersions(extra, 3);
        e.create("src", TableSettings.defaults().splits(List.of("g", "p"))
            .iterator(sum, EnumSet.allOf(IteratorScope.class))
            .iterator(extra, EnumSet.of(IteratorScope.scan)));
      }
      cli.okRun("setauths", "root", "A,B,C");
      cli.put("src", "a\tq\t1\nh\tf:q\t2\tA\nz\tq\t3\tB&C\nh\tf:q\t5\tA\nunicod\u00e9\t\u00e9\t7\tA|B\n");
      cli.okRun("flush", "src");
      cli.put("src", "a\tq\t10\nq\tx\t4\n");
      String expected = "a\tq\t11\nh\tf:q\t7\tA\nq\tx\t4\nunicod\u00e9\t\u00e9\t7\tA|B\nz\tq\t3\tB&C\n";
      assertEquals(expected, cli.scan("src", "--vis"));
      String srcInfo = ok(cli.run("info", "src"));
      assertTrue(srcInfo.contains("iterator\tscan\t30\textra\t"), srcInfo);

      Path dir1 = tmp.resolve("export1");
      assertEquals("exported\tsrc\t5\t3\n", ok(cli.run("export", "src", dir1.toString())));
      assertTrue(Files.isRegularFile(dir1.resolve("tabulo-table.properties")));
      try (Stream<Path> s = Files.list(dir1)) {
        assertEquals(List.of("0.rf", "1.rf", "2.rf", "tabulo-table.properties"),
            s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()));
      }
      assertErrorStartsWith(cli.run("export", "src", dir1.toString()), 1, "export directory " + dir1 + " is not empty");

      // embedded -> Accumulo
      ok(acc("setauths", "root", "A,B,C"));
      assertEquals("imported\t" + accTable + "\t5\t3\n", ok(acc("import", accTable, dir1.toString())));
      assertEquals(expected, ok(acc("scan", accTable, "--vis")));
      assertEquals(layout(srcInfo), layout(ok(acc("info", accTable))));
      List<Entry<Key, Value>> embeddedEntries;
      try (EmbeddedStore e = EmbeddedStore.open(cli.db(), EmbeddedStore.ROOT)) {
        embeddedEntries = raw(e, "src");
      }
      assertEquals(embeddedEntries, raw(accumulo, accTable), "keys with timestamps and values");
      assertError(acc("import", accTable, dir1.toString()), 1, "table " + accTable + " already exists");
      // the export directory is left as it was
      try (Stream<Path> s = Files.list(dir1)) {
        assertEquals(4, s.count());
      }

      // Accumulo -> embedded
      Path dir2 = tmp.resolve("export2");
      ok(acc("export", accTable, dir2.toString()));
      ok(cli.run("import", "back", dir2.toString()));
      assertEquals(expected, cli.scan("back", "--vis"));
      assertEquals(layout(srcInfo), layout(ok(cli.run("info", "back"))));
      try (EmbeddedStore e = EmbeddedStore.open(cli.db(), EmbeddedStore.ROOT)) {
        assertEquals(embeddedEntries, raw(e, "back"));
      }
      // the combiner came along: new writes add up on both hosts
      cli.put("back", "a\tq\t100\n");
      assertTrue(cli.scan("back").startsWith("a\tq\t111\n"));
      Path more = cli.file("h\tf:q\t1\tA\n");
      ok(acc("put", accTable, more.toString()));
      assertTrue(ok(acc("scan", accTable, "--vis")).contains("h\tf:q\t8\tA\n"));

      // embedded -> embedded, into another database
      CliRunner other = new CliRunner(tmp.resolve("other"));
      other.okRun("setauths", "root", "A,B,C");
      assertEquals("imported\tcopy\t5\t3\n", ok(other.run("import", "copy", dir1.toString())));
      assertEquals(expected, other.scan("copy", "--vis"));
      assertEquals(layout(srcInfo), layout(ok(other.run("info", "copy"))));

      assertErrorStartsWith(cli.run("import", "x", tmp.toString()), 1, tmp + " is not a tabulo export directory");
      assertError(cli.run("export", "nope", tmp.resolve("e3").toString()), 1, "no such table: nope");
    } finally {
      if (accumulo.exists(accTable)) {
        accumulo.delete(accTable);
      }
      accumulo.setAuthorizations("root", rootAuths);
    }
  }

  /** An export holds labelled cells: its directory and files are as private as the database (700, 600). */
  @Test
  void exportsAreOwnerOnly() throws Exception {
    CliRunner cli = new CliRunner(tmp);
    ok(cli.run("setauths", "root", "S"));
    cli.create("t", "m");
    cli.put("t", "a\tq\t1\tS\nz\tq\t2\n");
    Path dir = tmp.resolve("exports").resolve("t");
    ok(cli.run("export", "t", dir.toString()));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.toList();
    }
    assertEquals(3, files.size(), files::toString); // two tablets and the properties
    for (Path f : files) {
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), f.toString());
    }
    Path empty = Files.createDirectories(tmp.resolve("given"));
    Files.setPosixFilePermissions(empty, PosixFilePermissions.fromString("rwxrwxrwx"));
    ok(cli.run("export", "t", empty.toString()));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(empty)));
  }

  @Test
  void emptyTableRoundTrip() {
    CliRunner cli = new CliRunner(tmp);
    cli.create("empty", "m");
    Path dir = tmp.resolve("e");
    assertEquals("exported\tempty\t0\t0\n", ok(cli.run("export", "empty", dir.toString())));
    assertEquals("imported\tempty2\t0\t0\n", ok(cli.run("import", "empty2", dir.toString())));
    assertEquals("", cli.scan("empty2"));
    assertTrue(ok(cli.run("info", "empty2")).contains("split\tm\n"));
  }
}
