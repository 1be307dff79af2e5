package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** import is all or nothing: a damaged export or a bad iterator leaves no table behind, and a retry works. */
class CliImportTest {
  @TempDir
  Path tmp;

  private CliRunner exported(Path dir) {
    CliRunner cli = new CliRunner(tmp);
    ok(cli.run("gen", "graph500", "g", "--scale", "9", "--splits", "3"));
    ok(cli.run("export", "g", dir.toString()));
    return cli;
  }

  private static Path largestFile(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".rf")).max(Comparator.comparingLong(p -> p.toFile().length()))
          .orElseThrow();
    }
  }

  private static void assertNoTable(CliRunner cli) {
    assertEquals("g\n", ok(cli.run("tables")), "nothing created, nothing left over");
  }

  @Test
  void aDamagedFileCreatesNothingAndARetryAfterTheFixWorks() throws Exception {
    Path dir = tmp.resolve("export");
    CliRunner cli = exported(dir);
    String expected = cli.scan("g");
    Path rf = largestFile(dir);
    byte[] good = Files.readAllBytes(rf);

    byte[] damaged = good.clone();
    for (int i = damaged.length / 3; i < damaged.length / 3 + 64; i++) {
      damaged[i] = (byte) ~damaged[i];
    }
    Files.write(rf, damaged);
    CliRunner.Result r = cli.run("import", "copy", dir.toString());
    assertEquals(1, r.code(), r::toString);
    assertTrue(r.err().contains(rf.getFileName().toString()) || r.err().contains("is damaged"), r::toString);
    assertNoTable(cli);

    Files.write(rf, java.util.Arrays.copyOf(good, good.length / 2)); // truncated
    r = cli.run("import", "copy", dir.toString());
    assertEquals(1, r.code(), r::toString);
    assertTrue(r.err().startsWith("tabulo: export directory " + dir + ": " + rf.getFileName()
        + " is not a readable RFile"), r::toString);
    assertNoTable(cli);

    Files.write(rf, good);
    ok(cli.run("import", "copy", dir.toString()));
    assertEquals(expected, cli.scan("copy"));
  }

  @Test
  void anEntryCountThatDisagreesIsDamage() throws Exception {
    Path dir = tmp.resolve("export");
    CliRunner cli = exported(dir);
    Path meta = dir.resolve("tabulo-table.properties");
    String text = Files.readString(meta);
    String entries = text.lines().filter(l -> l.startsWith("entries=")).findFirst().orElseThrow();
    long n = Long.parseLong(entries.substring("entries=".length()));
    Files.writeString(meta, text.replace(entries, "entries=" + (n + 1)));
    CliRunner.assertError(cli.run("import", "copy", dir.toString()), 1, "export directory " + dir
        + " is damaged: its files hold " + n + " entries, tabulo-table.properties says " + (n + 1));
    assertNoTable(cli);
  }

  @Test
  void anIteratorThatIsNotOneIsRefusedBeforeAnythingIsCreated() throws Exception {
    Path dir = tmp.resolve("export");
    CliRunner cli = exported(dir);
    ok(cli.run("create", "t"));
    Path meta = dir.resolve("tabulo-table.properties");
    String original = Files.readString(meta);
    String classLine = original.lines().filter(l -> l.matches("iterator\\.0\\.class=.*")).findFirst().orElseThrow();
    String name = original.lines().filter(l -> l.startsWith("iterator.0.name=")).findFirst().orElseThrow()
        .substring("iterator.0.name=".length());
    for (List<String> c : List.of(List.of("java.lang.String", " is not a SortedKeyValueIterator"),
        List.of("no.such.Iterator", " not found"))) {
      Files.writeString(meta, original.replace(classLine, "iterator.0.class=" + c.get(0)));
      CliRunner.assertError(cli.run("import", "copy", dir.toString()), 1,
          "iterator '" + name + "': class " + c.get(0) + c.get(1));
      assertEquals("g\nt\n", ok(cli.run("tables")));
    }
    // options the iterator itself rejects (it would fail at every scan)
    Files.writeString(meta, original.replace("iterator.0.opt.maxVersions=1", "iterator.0.opt.maxVersions=0"));
    CliRunner.assertErrorStartsWith(cli.run("import", "copy", dir.toString()), 1,
        "iterator 'vers': class org.apache.accumulo.core.iterators.user.VersioningIterator rejects its options");
    assertEquals("g\nt\n", ok(cli.run("tables")));
    Files.writeString(meta, original);
    ok(cli.run("import", "copy", dir.toString()));
    assertEquals(cli.scan("g"), cli.scan("copy"));
  }
}
