package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.ingest.TsvCodec;

/** D4M schema ingest of generated web proxy logs, checked against counts computed here from the records. */
class CliIngestTest {
  private static final String[] HEADER = {"time", "src_ip", "dst_host", "user_agent", "status"};
  private static final String[] AGENTS = {"Mozilla/5.0 (X11; Linux x86_64)", "curl/8.1, \"quoted\" build",
      "Bot \"crawler\", v2\nsecond line", "Ünïcödé agent 😀", ""};

  @TempDir
  Path dir;

  /** One generated log: its CSV text and its records' fields. */
  private record Log(String csv, List<String[]> records, List<String> raw) {}

  private static Log log(Random random, int records) {
    StringBuilder csv = new StringBuilder(String.join(",", HEADER)).append('\n');
    List<String[]> recs = new ArrayList<>();
    List<String> raw = new ArrayList<>();
    for (int i = 0; i < records; i++) {
      String[] f = {"2024-01-01T00:" + String.format("%02d:%02d", random.nextInt(60), random.nextInt(60)),
          "10.0.0." + random.nextInt(12), "host" + random.nextInt(5) + ".example", AGENTS[random.nextInt(AGENTS.length)],
          random.nextInt(4) == 0 ? "404" : "200"};
      String line = String.join(",", Arrays.stream(f).map(CliIngestTest::quoted).toList());
      csv.append(line).append(i % 3 == 0 ? "\r\n" : "\n");
      recs.add(f);
      raw.add(line);
    }
    return new Log(csv.toString(), recs, raw);
  }

  private static String quoted(String field) {
    return field.contains(",") || field.contains("\"") || field.contains("\n")
        ? "\"" + field.replace("\"", "\"\"") + "\"" : field;
  }

  private List<Path> writeLogs(Path folder, List<Log> logs) throws Exception {
    Files.createDirectories(folder);
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < logs.size(); i++) {
      Path p = folder.resolve("proxy" + i + ".csv");
      Files.writeString(p, logs.get(i).csv(), StandardCharsets.UTF_8);
      files.add(p);
    }
    return files;
  }

  private static String[] args(String first, String prefix, List<Path> files, String... more) {
    List<String> a = new ArrayList<>(List.of(first, prefix));
    files.forEach(f -> a.add(f.toString()));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }

  /** name|value -> count, sorted by UTF-8 bytes, printed as the degree command prints it. */
  private static String expectedDegrees(List<Log> logs, int times) {
    Map<String, Integer> counts = new HashMap<>();
    for (Log l : logs) {
      for (String[] f : l.records()) {
        for (int k = 0; k < f.length; k++) {
          if (!f[k].isEmpty()) {
            counts.merge(HEADER[k] + "|" + f[k], times, Integer::sum);
          }
        }
      }
    }
    TreeMap<byte[], String> sorted = new TreeMap<>(Arrays::compareUnsigned);
    counts.forEach((k, v) -> sorted.put(k.getBytes(StandardCharsets.UTF_8),
        field(k) + "\tDegree\t" + v + "\n"));
    return String.join("", sorted.values());
  }

  /** A row or value as scan prints it. */
  private static String field(String s) {
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
  }

  /** A qualifier of the empty family as scan prints it: colons escaped too. */
  private static String escape(String s) {
    return field(s).replace(":", "\\:");
  }

  @Test
  void ingestBuildsTheFourTablesAndWorkerCountsAgree() throws Exception {
    Random random = new Random(11);
    List<Log> logs = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      logs.add(log(random, 150 + 40 * i));
    }
    List<Path> files = writeLogs(dir.resolve("logs"), logs);
    CliRunner one = new CliRunner(dir.resolve("one"));
    CliRunner three = new CliRunner(dir.resolve("three"));
    String out1 = CliRunner.ok(one.run(args("ingest", "px", files, "--np", "1", "--splits", "8")));
    CliRunner.ok(three.run(args("ingest", "px", List.of(dir.resolve("logs")), "--np", "3")));
    for (Path f : files) {
      assertTrue(out1.contains("ingested " + f + ": "), out1);
    }
    // the degree table holds the counts computed from the records
    assertEquals(expectedDegrees(logs, 1) + expectedRecords(files, 1), one.scan("pxTedgeDeg"));
    assertEquals(expectedDegrees(logs, 1), CliRunner.ok(one.run("degree", "px")));
    // one worker or three: the same tables
    for (String t : List.of("pxTedge", "pxTedgeT", "pxTedgeDeg", "pxTedgeTxt")) {
      assertEquals(one.scan(t), three.scan(t), t);
    }
    // Tedge: one row per record, its exploded non-empty fields; TedgeTxt the record as written
    Map<String, TreeSet<String>> byRow = new HashMap<>();
    for (String line : CliRunner.lines(one.scan("pxTedge"))) {
      String[] f = line.split("\t");
      assertEquals("1", f[2]);
      byRow.computeIfAbsent(f[0], r -> new TreeSet<>()).add(f[1]);
    }
    Map<String, TreeSet<String>> expectedByText = new HashMap<>();
    int records = 0;
    for (Log l : logs) {
      for (int i = 0; i < l.records().size(); i++) {
        TreeSet<String> cols = new TreeSet<>();
        String[] f = l.records().get(i);
        for (int k = 0; k < f.length; k++) {
          if (!f[k].isEmpty()) {
            cols.add(escape(HEADER[k] + "|" + f[k]));
          }
        }
        expectedByText.put(field(l.raw().get(i)), cols);
        records++;
      }
    }
    List<String> txt = CliRunner.lines(one.scan("pxTedgeTxt"));
    assertEquals(records, txt.size());
    assertEquals(records, byRow.size());
    for (String line : txt) {
      String[] f = line.split("\t");
      assertEquals("txt", f[1]);
      assertEquals(expectedByText.get(f[2]), byRow.get(f[0]), line);
    }
    // TedgeT is Tedge transposed
    TreeSet<String> transposed = new TreeSet<>();
    for (String line : CliRunner.lines(one.scan("pxTedge"))) {
      String[] f = line.split("\t");
      transposed.add(f[1].replace("\\:", ":") + "\t" + f[0]);
    }
    TreeSet<String> stored = new TreeSet<>();
    for (String line : CliRunner.lines(one.scan("pxTedgeT"))) {
      String[] f = line.split("\t");
      stored.add(f[0] + "\t" + f[1].replace("\\:", ":"));
    }
    assertEquals(transposed, stored);
    // a column query (read from TedgeT) prints what filtering Tedge gives, oriented as Tedge
    String col = "src_ip|10.0.0.3";
    List<String> want = CliRunner.lines(one.scan("pxTedge")).stream().filter(l -> l.split("\t")[1].equals(col)).toList();
    assertTrue(want.size() > 10);
    assertEquals(CliRunner.text(want), CliRunner.ok(one.run("query", "px", "--cols", col + ",")));
    String someRow = byRow.keySet().iterator().next();
    assertEquals(one.scan("pxTedge", "--rows", someRow + ","), CliRunner.ok(one.run("query", "px", "--rows", someRow + ",")));
    assertEquals(one.scan("pxTedge", "--rows", someRow + ",", "--cols", "status|*,"),
        CliRunner.ok(one.run("query", "px", "--rows", someRow + ",", "--cols", "status|*,")));
    // ingesting again: every file is skipped, as recorded with the same identity; nothing changes
    String again = CliRunner.ok(one.run(args("ingest", "px", files)));
    for (Path f : files) {
      assertTrue(again.contains("skipped " + f + ": already ingested"), again);
    }
    assertTrue(again.contains("ingest: 0 of 5 files (5 skipped), 0 entries"), again);
    assertEquals(expectedDegrees(logs, 1), CliRunner.ok(one.run("degree", "px")));
    // with --force: records overwrite themselves, degrees add up through the combiner
    CliRunner.ok(one.run(args("ingest", "px", files, "--force")));
    assertEquals(expectedDegrees(logs, 2), CliRunner.ok(one.run("degree", "px")));
    assertEquals(records, CliRunner.lines(one.scan("pxTedgeTxt")).size());
  }

  @Test
  void rowColumnNamesTheRowKey() throws Exception {
    CliRunner cli = new CliRunner(dir);
    Path f = cli.file("id,name\nr2,bob\nr1,\"ann, jr\"\n");
    CliRunner.ok(cli.run("ingest", "p", f.toString(), "--row-column", "id"));
    assertEquals("r1\tid|r1\t1\nr1\tname|ann, jr\t1\nr2\tid|r2\t1\nr2\tname|bob\t1\n", cli.scan("pTedge"));
    assertEquals("r1\ttxt\tr1,\"ann, jr\"\nr2\ttxt\tr2,bob\n", cli.scan("pTedgeTxt"));
    Path tsv = cli.file("id\tname\nr3\tcy\n");
    CliRunner.ok(cli.run("ingest", "p", tsv.toString(), "--row-column", "id", "--format", "tsv"));
    assertEquals("r3\tname|cy\t1\n", CliRunner.ok(cli.run("query", "p", "--cols", "name|cy,")));
  }

  /** Spreadsheet programs start CSV files with a UTF-8 byte order mark; it is not part of the first column. */
  @Test
  void aByteOrderMarkIsNotPartOfTheFirstColumn() throws Exception {
    CliRunner cli = new CliRunner(dir);
    Path csv = cli.file("\uFEFFa,b\n1,2\n");
    Path tsv = cli.file("\uFEFFa\tb\n3\t4\n");
    CliRunner.ok(cli.run("ingest", "p", csv.toString()));
    CliRunner.ok(cli.run("ingest", "p", tsv.toString(), "--format", "tsv"));
    assertEquals("a|1\tDegree\t1\na|3\tDegree\t1\nb|2\tDegree\t1\nb|4\tDegree\t1\n" + expectedRecords(List.of(csv, tsv), 1),
        cli.scan("pTedgeDeg"));
    CliRunner.ok(cli.run("create", "t"));
    CliRunner.ok(cli.run("put", "t", cli.file("\uFEFFr\tc\t1\n").toString()));
    assertEquals("r\tc\t1\n", cli.scan("t"));
  }

  /**
   * A file is the same file while its path, size, modification time and bytes are: then a rerun skips it;
   * any change makes it a new file (ingested, its degrees added); --force ingests it again; a file listed
   * twice in one run is ingested once.
   */
  @Test
  void aFileIsRecognisedByPathSizeModificationTimeAndContent() throws Exception {
    CliRunner cli = new CliRunner(dir);
    Path f = cli.file("a,b\n1,2\n");
    FileTime time = Files.getLastModifiedTime(f);
    String first = CliRunner.ok(cli.run("ingest", "p", f.toString(), f.toString()));
    assertTrue(first.startsWith("ingested " + f + ": 1 records, 7 entries\nskipped " + f + ": listed more than once\n"
        + "ingest: 1 of 2 files (1 skipped), 7 entries"), first);
    assertEquals("a|1\tDegree\t1\nb|2\tDegree\t1\n" + expectedRecords(List.of(f), 1), cli.scan("pTedgeDeg"));
    assertEquals("a|1\tDegree\t1\nb|2\tDegree\t1\n", CliRunner.ok(cli.run("degree", "p")));

    String again = CliRunner.ok(cli.run("ingest", "p", f.toString(), "--np", "2"));
    assertTrue(again.startsWith("skipped " + f + ": already ingested (same path, size, modification time and SHA-256;"
        + " --force ingests it again)\ningest: 0 of 1 files (1 skipped), 0 entries"), again);
    assertEquals("a|1\tDegree\t1\nb|2\tDegree\t1\n", CliRunner.ok(cli.run("degree", "p")));

    // other bytes, same size and modification time: a new file
    Files.writeString(f, "a,b\n1,3\n");
    Files.setLastModifiedTime(f, time);
    assertTrue(CliRunner.ok(cli.run("ingest", "p", f.toString())).startsWith("ingested " + f), cli.scan("pTedgeDeg"));
    assertEquals("a|1\tDegree\t2\nb|2\tDegree\t1\nb|3\tDegree\t1\n", CliRunner.ok(cli.run("degree", "p")));
    // the same bytes, another modification time: a new file
    Files.setLastModifiedTime(f, FileTime.fromMillis(time.toMillis() - 60_000));
    assertTrue(CliRunner.ok(cli.run("ingest", "p", f.toString())).startsWith("ingested " + f));
    assertEquals("a|1\tDegree\t3\nb|2\tDegree\t1\nb|3\tDegree\t2\n", CliRunner.ok(cli.run("degree", "p")));
    // --force: again, and its record counts the times
    assertTrue(CliRunner.ok(cli.run("ingest", "p", f.toString(), "--force")).startsWith("ingested " + f));
    assertEquals("a|1\tDegree\t4\nb|2\tDegree\t1\nb|3\tDegree\t3\n", CliRunner.ok(cli.run("degree", "p")));
    assertTrue(cli.scan("pTedgeDeg").contains(expectedRecords(List.of(f), 2)), cli.scan("pTedgeDeg"));
    assertEquals(3, CliRunner.lines(cli.scan("pTedgeDeg", "--rows", "|ingested,")).size()); // 3 identities, one twice
  }

  @Test
  void badInputStopsWithItsLineAndEarlierFilesStayComplete() throws Exception {
    String good = "a,b\n1,2\n3,4\n";
    String[][] cases = {
        {"a,b\n1,2\n3,4,5\n", ":3: ragged row: 3 fields, the header has 2"},
        {"a,b\n1,2\n3,x\"y\n", ":3: bad quoting: a quote inside an unquoted field (quote the whole field and double the quote)"},
        {"a,b\n\"1\"2,3\n", ":2: bad quoting: '2' after a closing quote (expected a separator or the line end)"},
        {"a,b\n1,\"2\n", ":2: bad quoting: the quoted field opened on this line never closes"},
        {"", ":1: empty header: the file has no header row naming the columns"},
        {"a,,c\n1,2,3\n", ":1: empty header: column 2 has no name"},
    };
    int n = 0;
    for (String[] c : cases) {
      CliRunner cli = new CliRunner(dir.resolve("case" + n++));
      Path ok = cli.file(good);
      Path bad = cli.file(c[0]);
      CliRunner.Result r = cli.run("ingest", "p", ok.toString(), bad.toString());
      assertBadFile(r, cli, ok, bad.toString() + c[1]);
    }
    CliRunner cli = new CliRunner(dir.resolve("utf8"));
    Path ok = cli.file(good);
    Path bad = cli.file("a,b\n1,2\n3,\u00ff\n".getBytes(StandardCharsets.ISO_8859_1));
    assertBadFile(cli.run("ingest", "p", ok.toString(), bad.toString()), cli, ok, bad + ":3: invalid UTF-8 (byte 0xFF)");
    // a missing file is found before anything is written
    CliRunner none = new CliRunner(dir.resolve("missing"));
    Path there = none.file(good);
    CliRunner.assertError(none.run("ingest", "p", there.toString(), dir.resolve("nope.csv").toString()), 1,
        "cannot read " + dir.resolve("nope.csv") + ": no such file");
    assertEquals("", CliRunner.ok(none.run("tables")));
  }

  private static void assertBadFile(CliRunner.Result r, CliRunner cli, Path ok, String message) throws Exception {
    assertEquals(1, r.code(), r::toString);
    assertEquals("tabulo: " + message + "\n", r.err(), r::toString);
    assertTrue(r.out().startsWith("ingested " + ok + ": 2 records, "), r::toString);
    assertTrue(r.out().contains("ingest: 1 of 2 files"), r::toString);
    assertEquals(2, CliRunner.lines(cli.scan("pTedgeTxt")).size());
    assertEquals(4, CliRunner.lines(cli.scan("pTedge")).size());
    assertEquals("a|1\tDegree\t1\na|3\tDegree\t1\nb|2\tDegree\t1\nb|4\tDegree\t1\n" + expectedRecords(List.of(ok), 1),
        cli.scan("pTedgeDeg"));
  }

  /**
   * TedgeDeg's records of ingested files, as scan prints them, computed here: row |ingested, family the
   * absolute path, qualifier size, modification time and SHA-256 of the file's bytes, value the times.
   */
  static String expectedRecords(List<Path> files, int times) throws Exception {
    TreeMap<byte[], String> sorted = new TreeMap<>(Arrays::compareUnsigned);
    for (Path f : files) {
      Path abs = f.toAbsolutePath().normalize();
      String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f)));
      String qualifier = "size=" + Files.size(f) + ";modified=" + Files.getLastModifiedTime(f) + ";sha256=" + sha;
      sorted.put(abs.toString().getBytes(StandardCharsets.UTF_8), "|ingested\t" + TsvCodec.formatColumn(
          abs.toString().getBytes(StandardCharsets.UTF_8), qualifier.getBytes(StandardCharsets.UTF_8)) + "\t" + times + "\n");
    }
    return String.join("", sorted.values());
  }
}
