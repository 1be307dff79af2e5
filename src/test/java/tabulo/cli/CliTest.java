package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.assertError;
import static tabulo.cli.CliRunner.infoValue;
import static tabulo.cli.CliRunner.lines;
import static tabulo.cli.CliRunner.ok;
import static tabulo.cli.CliRunner.text;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.cli.CliRunner.Result;

/** The command line's ordinary paths: table management, put and scan, durability, info/flush/compact. */
class CliTest {
  @TempDir
  Path tmp;

  CliRunner cli;

  @BeforeEach
  void setUp() {
    cli = new CliRunner(tmp);
  }

  @Test
  void tablesCreateRenameDelete() {
    assertEquals("", ok(cli.run("tables")));
    cli.create("beta");
    cli.create("alpha");
    cli.create("ns.gamma");
    cli.create("Under_score9");
    // sorted by name (String order: upper case before lower case)
    assertEquals("Under_score9\nalpha\nbeta\nns.gamma\n", ok(cli.run("tables")));

    cli.put("alpha", "r1\tq\tv1\nr2\tf:q\tv2\n");
    Result rename = cli.run("rename", "alpha", "omega");
    assertEquals(0, rename.code(), rename::toString);
    assertEquals("", rename.out());
    assertEquals("", rename.err());
    assertEquals("Under_score9\nbeta\nns.gamma\nomega\n", ok(cli.run("tables")));
    assertEquals("omega", lines(ok(cli.run("info", "omega"))).get(0).split("\t")[1]);
    assertEquals("r1\tq\tv1\nr2\tf:q\tv2\n", cli.scan("omega"));
    assertError(cli.run("scan", "alpha"), 1, "no such table: alpha");

    // the old name is free again and is a new, empty table
    cli.create("alpha");
    assertEquals("", cli.scan("alpha"));

    Result delete = cli.run("delete", "omega");
    assertEquals(0, delete.code(), delete::toString);
    assertEquals("", delete.out() + delete.err());
    assertEquals("Under_score9\nalpha\nbeta\nns.gamma\n", ok(cli.run("tables")));
    // a table created again under a deleted name does not see the old data
    cli.create("omega");
    assertEquals("", cli.scan("omega"));
    cli.put("omega", "x\ty\tz\n");
    assertEquals("x\ty\tz\n", cli.scan("omega"));
  }

  @Test
  void putThenScanPrintsSortedTsv() {
    cli.create("t");
    // unsorted input, a blank line, a CRLF line, an empty value, an empty column, family:qualifier,
    // a qualifier with an escaped colon, and unicode
    String input = "zeta\tq\t1\n"
        + "\n"
        + "alpha\tfam:qual\t2\r\n"
        + "alpha\t\t\n"
        + "alpha\tb\\:c\tcolon\n"
        + "\u00e9t\u00e9\tf:\u4e2d\tunicode \u00e9\n"
        + "alpha\tfam:a\t3\n"
        + "alpha\t:lead\tempty family written with a colon\n";
    Result put = cli.run("put", "t", cli.file(input).toString());
    assertEquals(0, put.code(), put::toString);
    assertEquals("", put.out());
    assertEquals("put: 7 cells into t\n", put.err());

    // sorted by row, then family, then qualifier (bytes); empty family first
    String expected = "alpha\t\t\n"
        + "alpha\tb\\:c\tcolon\n"
        + "alpha\tlead\tempty family written with a colon\n"
        + "alpha\tfam:a\t3\n"
        + "alpha\tfam:qual\t2\n"
        + "zeta\tq\t1\n"
        + "\u00e9t\u00e9\tf:\u4e2d\tunicode \u00e9\n";
    assertEquals(expected, cli.scan("t"));
  }

  @Test
  void putFromStandardInput() {
    cli.create("t");
    Result put = cli.withStdin("b\tq\t2\na\tq\t1\n".getBytes(StandardCharsets.UTF_8), "put", "t", "-");
    assertEquals(0, put.code(), put::toString);
    assertEquals("put: 2 cells into t\n", put.err());
    assertEquals("a\tq\t1\nb\tq\t2\n", cli.scan("t"));

    // a bad line on stdin is named as stdin:LINE, and nothing is written
    Result bad = cli.withStdin("c\tq\t3\nd\tq\n".getBytes(StandardCharsets.UTF_8), "put", "t", "-");
    assertError(bad, 1, "stdin:2: expected 3 or 4 tab-separated fields, found 2");
    assertEquals("a\tq\t1\nb\tq\t2\n", cli.scan("t"));
  }

  @Test
  void emptyInputWritesNothing() {
    cli.create("t");
    Result put = cli.run("put", "t", cli.file("\n\r\n\n").toString());
    assertEquals(0, put.code(), put::toString);
    assertEquals("put: 0 cells into t\n", put.err());
    assertEquals("", cli.scan("t"));
  }

  @Test
  void dataIsDurableWhenPutReturns() throws Exception {
    cli.create("t", "m");
    StringBuilder in = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      String line = String.format("r%04d\tc\t%d", i, i * 7);
      in.append(line).append('\n');
      expected.add(line);
    }
    cli.put("t", in.toString());
    // no flush: each command is a new open of the database, which must find the data
    assertEquals(text(expected), cli.scan("t"));
    assertEquals(500, infoValue(ok(cli.run("info", "t")), "entries"));
    assertEquals(text(expected), cli.scan("t"));

    // the database really is on disk in the named directory: a copy of it holds the data too
    Path copy = tmp.resolve("copy");
    try (var walk = Files.walk(cli.db())) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        if (p.getFileName().toString().equals("LOCK")) {
          continue;
        }
        Path target = copy.resolve(cli.db().relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    Result fromCopy = CliRunner.raw("--db", copy.toString(), "scan", "t");
    assertEquals(text(expected), ok(fromCopy));
  }

  @Test
  void laterWritesReplaceEarlierOnes() {
    cli.create("t");
    cli.put("t", "a\tq\told\nb\tq\told\n");
    cli.put("t", "a\tq\tnew\n");
    assertEquals("a\tq\tnew\nb\tq\told\n", cli.scan("t"));
    cli.okRun("compact", "t");
    assertEquals("a\tq\tnew\nb\tq\told\n", cli.scan("t"));
  }

  @Test
  void laterWritesWinAcrossFlushesAndCompactions() {
    cli.create("t", "k");
    String[] steps = {"put", "flush", "put", "compact", "put", "put", "compact", "flush", "put"};
    int version = 0;
    for (String step : steps) {
      if (step.equals("put")) {
        version++;
        cli.put("t", "a\tq\tv" + version + "\nz\tq\tv" + version + "\n");
      } else {
        cli.okRun(step, "t");
      }
      assertEquals("a\tq\tv" + version + "\nz\tq\tv" + version + "\n", cli.scan("t"), "after " + step);
    }
    cli.okRun("compact", "t");
    assertEquals(2, infoValue(ok(cli.run("info", "t")), "entries"));
    assertEquals("a\tq\tv5\nz\tq\tv5\n", cli.scan("t"));
  }

  @Test
  void laterLineOfOnePutWins() {
    cli.create("t");
    // the same cell twice in one input: consecutive lines (one mutation) and separated lines
    cli.put("t", "a\tq\tfirst\na\tq\tsecond\nb\tq\tfirst\nc\tq\tx\nb\tq\tsecond\n");
    assertEquals("a\tq\tsecond\nb\tq\tsecond\nc\tq\tx\n", cli.scan("t"));
  }

  @Test
  void infoFlushAndCompact() {
    // splits given unsorted: the table sorts them; tablet i holds rows in (split[i-1], split[i]]
    cli.create("t", "m", "f", "t");
    String info = ok(cli.run("info", "t"));
    assertEquals("t", lines(info).get(0).split("\t")[1]);
    assertEquals(4, infoValue(info, "tablets"));
    assertEquals(0, infoValue(info, "entries"));
    assertEquals(0, infoValue(info, "files"));
    assertEquals(0, infoValue(info, "bytes"));
    List<String> splitLines = lines(info).stream().filter(l -> l.startsWith("split\t")).toList();
    assertEquals(List.of("split\tf", "split\tm", "split\tt"), splitLines);
    assertTrue(info.contains("iterator\tscan\t20\tvers\torg.apache.accumulo.core.iterators.user.VersioningIterator"),
        info);

    // 60 cells in tablets 0 (rows <= f), 1 (f < rows <= m) and 3 (rows > t); none in tablet 2
    List<String> rows = List.of("a", "b", "f", "g", "m", "u", "z");
    TreeMap<String, String> cells = new TreeMap<>();
    StringBuilder first = new StringBuilder();
    StringBuilder second = new StringBuilder();
    int n = 0;
    for (String row : rows) {
      for (int q = 0; n < 60 && q < 9; q++, n++) {
        first.append(row).append("\tq").append(q).append("\tv1\n");
        second.append(row).append("\tq").append(q).append("\tv2\n");
        cells.put(row + "\tq" + q, "v2");
      }
    }
    assertEquals(60, n);
    cli.put("t", first.toString());
    cli.okRun("flush", "t");
    info = ok(cli.run("info", "t"));
    assertEquals(60, infoValue(info, "entries"));
    assertEquals(3, infoValue(info, "files"), info);
    long bytes1 = infoValue(info, "bytes");
    assertTrue(bytes1 > 0, info);
    assertEquals(4, infoValue(info, "tablets"));

    // the same cells again with new values: stored entries count both versions until compaction
    cli.put("t", second.toString());
    cli.okRun("flush", "t");
    info = ok(cli.run("info", "t"));
    assertEquals(120, infoValue(info, "entries"), info);
    assertEquals(6, infoValue(info, "files"), info);
    assertTrue(infoValue(info, "bytes") > bytes1, info);

    cli.okRun("compact", "t");
    info = ok(cli.run("info", "t"));
    assertEquals(60, infoValue(info, "entries"), info);
    long files = infoValue(info, "files");
    assertTrue(files <= infoValue(info, "tablets"), info);
    assertEquals(3, files, info); // one per tablet that holds data
    assertTrue(infoValue(info, "bytes") > 0, info);

    List<String> expected = new ArrayList<>();
    cells.forEach((k, v) -> expected.add(k + "\t" + v));
    assertEquals(text(expected), cli.scan("t"));

    // split points are printed escaped, one per line
    cli.create("odd", "a\tb", "\u00e9");
    assertEquals(List.of("split\ta\\tb", "split\t\u00e9"),
        lines(ok(cli.run("info", "odd"))).stream().filter(l -> l.startsWith("split\t")).toList());

    // flush and compact of an empty table succeed and change nothing
    cli.create("empty", "k");
    cli.okRun("flush", "empty");
    cli.okRun("compact", "empty");
    info = ok(cli.run("info", "empty"));
    assertEquals(2, infoValue(info, "tablets"));
    assertEquals(0, infoValue(info, "files"));
    assertEquals(0, infoValue(info, "entries"));
  }

  @Test
  void rowsOnSplitPointsGoToTheRightTablets() {
    cli.create("t", "b", "d");
    cli.put("t", "a\tq\t1\nb\tq\t2\nba\tq\t3\nd\tq\t4\ne\tq\t5\n");
    assertEquals("a\tq\t1\nb\tq\t2\nba\tq\t3\nd\tq\t4\ne\tq\t5\n", cli.scan("t"));
    assertEquals("b\tq\t2\nba\tq\t3\nd\tq\t4\n", cli.scan("t", "--rows", "b,:,d,"));
    cli.okRun("compact", "t");
    // (.., b], (b, d], (d, ..): every tablet has data, so one file each
    assertEquals(3, infoValue(ok(cli.run("info", "t")), "files"));
    assertEquals("a\tq\t1\nb\tq\t2\nba\tq\t3\nd\tq\t4\ne\tq\t5\n", cli.scan("t"));
  }

  @Test
  void helpAndVersion() {
    Result help = CliRunner.raw("--help");
    assertEquals(0, help.code());
    for (String command : List.of("tables", "create", "delete", "rename", "info", "put", "scan", "setauths", "flush",
        "compact")) {
      assertTrue(help.out().contains("  " + command + " "), () -> command + " missing from\n" + help.out());
    }
    Result scanHelp = CliRunner.raw("help", "scan");
    assertEquals(0, scanHelp.code());
    assertTrue(scanHelp.out().contains("--rows=SPEC"), scanHelp.out());
    assertTrue(scanHelp.out().contains("--auths=a,b"), scanHelp.out());
    assertError(CliRunner.raw("help", "nope"), 2, "unknown command 'nope' (see 'tabulo --help')");
    Result version = CliRunner.raw("--version");
    assertEquals(0, version.code());
    assertEquals("tabulo 0.1\n", version.out());
  }

  @Test
  void onlyTheNamedCommandIsBuiltUnlessNoneIsNamed() {
    // a global option's value is not the command's name
    assertEquals(Set.of("scan"), Main.commandLine(new String[] {"--db", "put", "scan", "T"}).getSubcommands().keySet());
    assertEquals(Set.of("bench"), Main.commandLine(new String[] {"--db=x", "bench", "store"}).getSubcommands().keySet());
    Set<String> all = Main.commandLine(new String[] {"--help"}).getSubcommands().keySet();
    assertTrue(all.containsAll(Set.of("tables", "put", "scan", "mult", "bench", "jaccard", "help")), all::toString);
    for (String[] args : List.of(new String[] {}, new String[] {"pt", "T"}, new String[] {"help", "put"},
        new String[] {"--user", "u"})) {
      assertEquals(all, Main.commandLine(args).getSubcommands().keySet(), () -> String.join(" ", args));
    }
    // a typo still gets picocli's suggestion, which needs every name
    Result typo = CliRunner.raw("scna", "T");
    assertEquals(2, typo.code());
    assertTrue(typo.err().contains("scna"), typo.err());
  }

  @Test
  void databaseOptionMayFollowTheCommand() {
    Path other = tmp.resolve("other");
    assertEquals(0, CliRunner.raw("create", "t", "--db", other.toString()).code());
    assertEquals(0, CliRunner.raw("put", "t", cli.file("r\tc\tv\n").toString(), "--db", other.toString()).code());
    assertEquals("r\tc\tv\n", ok(CliRunner.raw("scan", "--db", other.toString(), "t")));
    // and it really is another database
    assertEquals("", ok(cli.run("tables")));
  }

  @Test
  void userOptionMayFollowTheCommand() {
    cli.create("t");
    cli.put("t", "r1\tq\tpublic\nr2\tq\tsecret\tS\n");
    cli.okRun("setauths", "alice", "S");
    assertEquals("r1\tq\tpublic\nr2\tq\tsecret\n", ok(cli.run("scan", "t", "--user", "alice")));
    assertEquals("r1\tq\tpublic\n", ok(cli.run("scan", "t")));
    assertError(cli.run("setauths", "bob", "S", "--user", "alice"), 1,
        "only root may set authorizations (you are alice)");
  }

  @Test
  void longLinesAndLargeValues() {
    cli.create("t");
    // a 3 MiB value (longer than put's initial 1 MiB read buffer) and a 100 KB row with escapes
    String bigValue = "v\\\\".repeat(1 << 20); // 3 MiB of text decoding to 2 MiB of bytes
    String bigRow = "r".repeat(100_000) + "\\t";
    String input = "a\tq\t" + bigValue + "\n" + bigRow + "\tq\tsmall\n" + "z\tq\t1\n";
    cli.put("t", input);
    String expected = "a\tq\t" + bigValue + "\n" + bigRow + "\tq\tsmall\n" + "z\tq\t1\n";
    assertEquals(expected, cli.scan("t"));
    cli.okRun("compact", "t");
    assertEquals(expected, cli.scan("t"));
  }
}
