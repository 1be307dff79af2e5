package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.ok;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.accumulo.MiniAccumulo;

/**
 * D4M schema ingest on both hosts: the same generated proxy logs ingested with one and with three
 * workers into the embedded engine and into the shared MiniAccumuloCluster give identical Tedge, TedgeT,
 * TedgeDeg and TedgeTxt scans, and {@code query} and {@code degree} give identical answers on both
 * hosts, each equal to a brute-force answer computed here from the records written to the CSV files.
 */
class D4mTwoHostsTest {
  private static final String[] HEADER = {"time", "src_ip", "dst_host", "user_agent", "status", "bytes"};
  private static final String[] HOSTS = {"host0.example", "hôst1.example", "例え.jp", "zeta.example",
      "Host4.example", "host5.example"};
  private static final String[] AGENTS = {"Mozilla/5.0 (X11; Linux x86_64)", "curl/8.1, \"quoted\" build",
      "Bot \"crawler\", v2\nsecond line", "Ünïcödé agent 😀", "", "tab\there \\ backslash"};
  private static final String[] STATUSES = {"200", "200", "200", "304", "404", "500", ""};
  private static final int[] RECORDS_PER_FILE = {300, 350, 400, 450, 500};
  private static final String TABLES_SPLITS = "8,src_ip|,time|";

  @TempDir
  Path dir;

  /** One record as the test wrote it: its row key (as ingest generates it), fields and text in the file. */
  private record Rec(String row, String[] fields, String raw) {}

  /** A place to run commands: a host and the table prefix ingested there. */
  private record Target(String name, Host host, String prefix) {}

  private interface Host {
    CliRunner.Result run(String... args);
  }

  @Test
  void ingestQueriesAndDegreesAgreeAcrossHostsWorkerCountsAndBruteForce() throws Exception {
    Path logs = dir.resolve("logs").toAbsolutePath();
    List<List<Rec>> files = writeLogs(logs, new Random(23));
    List<Rec> all = files.stream().flatMap(List::stream).toList();

    CliRunner embedded = new CliRunner(dir.resolve("embedded"));
    Path props = MiniAccumulo.clientPropertiesFile();
    Host onEmbedded = embedded::run;
    Host onAccumulo = args -> CliRunner.raw(concat(new String[] {"--accumulo", props.toString()}, args));
    String unique = "d4m" + Integer.toString(new Random().nextInt(1 << 24), 36);
    List<Target> targets = List.of(new Target("embedded --np 1", onEmbedded, "one"),
        new Target("embedded --np 3", onEmbedded, "three"),
        new Target("accumulo --np 1", onAccumulo, unique + "_one_"),
        new Target("accumulo --np 3", onAccumulo, unique + "_three_"));

    String ingestReport = null;
    for (Target t : targets) {
      String np = t.prefix().contains("three") ? "3" : "1";
      String out = ok(t.host().run("ingest", t.prefix(), logs.toString(), "--np", np, "--splits", TABLES_SPLITS));
      // per-file lines (in the order files finish): the same on every host and worker count (the last line
      // has the timing)
      String perFile = CliRunner.text(CliRunner.lines(out.substring(0, out.indexOf("ingest: "))).stream().sorted().toList());
      assertEquals(ingestReport == null ? perFile : ingestReport, perFile, t.name());
      ingestReport = perFile;
    }
    assertEquals(RECORDS_PER_FILE.length, CliRunner.lines(ingestReport).size(), ingestReport);

    // the four tables: equal to what the records say, on both hosts and with 1 or 3 workers
    Map<String, String> expectedTables = Map.of("Tedge", edgeLines(all, c -> true, c -> true),
        "TedgeT", transposeLines(all), "TedgeDeg", degreeLines(all, c -> true, 1), "TedgeTxt", textLines(all));
    for (Target t : targets) {
      for (Map.Entry<String, String> table : expectedTables.entrySet()) {
        String scan = ok(t.host().run("scan", t.prefix() + table.getKey()));
        if (table.getKey().equals("TedgeDeg")) { // and the records of the files ingested, after the degrees
          List<String> records = CliRunner.lines(scan).stream().filter(l -> l.startsWith("|ingested\t")).toList();
          assertEquals(RECORDS_PER_FILE.length, records.size(), scan);
          assertTrue(records.stream().allMatch(l -> l.endsWith("\t1")), scan);
          scan = scan.substring(0, scan.length() - CliRunner.text(records).length());
        }
        assertEquals(table.getValue(), scan, t.name() + ": " + table.getKey());
      }
    }

    // queries: row list, column list (reads TedgeT), prefix and range specs, against brute force
    Rec a = files.get(0).get(7);
    Rec b = files.get(3).get(200);
    Rec c = files.get(4).get(499);
    String rowPrefix = files.get(2).get(150).row().substring(0, 17); // ten records of file 2 share it
    Rec lo = files.get(1).get(40);
    Rec hi = files.get(1).get(90);
    List<Query> queries = List.of(
        new Query(List.of("--rows", a.row() + "," + b.row() + "," + c.row() + ",no-such-record,"),
            in(a.row(), b.row(), c.row()), any()),
        new Query(List.of("--cols", "src_ip|10.0.0.3,user_agent|Ünïcödé agent 😀,dst_host|例え.jp,"), any(),
            in("src_ip|10.0.0.3", "user_agent|Ünïcödé agent 😀", "dst_host|例え.jp")),
        new Query(List.of("--cols", "user_agent|curl/8.1, \"quoted\" build;status|404;"), any(),
            in("user_agent|curl/8.1, \"quoted\" build", "status|404")),
        new Query(List.of("--cols", "dst_host|h*,"), any(), prefix("dst_host|h")),
        new Query(List.of("--cols", "time|2024-01-01T00:10,:,time|2024-01-01T00:19:59,"), any(),
            between("time|2024-01-01T00:10", "time|2024-01-01T00:19:59")),
        new Query(List.of("--rows", rowPrefix + "*,"), prefix(rowPrefix), any()),
        new Query(List.of("--rows", lo.row() + ",:," + hi.row() + ",", "--cols", "status|*,bytes|1000,"),
            between(lo.row(), hi.row()), prefix("status|").or(in("bytes|1000"))),
        new Query(List.of("--rows", ":," + lo.row() + ",", "--cols", "dst_host|例え.jp,:,"), between("", lo.row()),
            between("dst_host|例え.jp", "\uffff")));
    for (Query q : queries) {
      String expected = edgeLines(all, q.rows(), q.cols());
      assertTrue(CliRunner.lines(expected).size() > 5, () -> "too small a test: " + q.args());
      for (Target t : targets) {
        assertEquals(expected, ok(t.host().run(concat(new String[] {"query", t.prefix()}, q.args().toArray(new String[0])))),
            () -> t.name() + ": query " + q.args());
      }
    }

    // degrees: all, a prefix, a range
    List<Query> degreeQueries = List.of(new Query(List.of(), any(), any()),
        new Query(List.of("--cols", "src_ip|*,"), any(), prefix("src_ip|")),
        new Query(List.of("--cols", "dst_host|H,:,dst_host|i,"), any(), between("dst_host|H", "dst_host|i")));
    for (Query q : degreeQueries) {
      String expected = degreeLines(all, q.cols(), 1);
      for (Target t : targets) {
        assertEquals(expected, ok(t.host().run(concat(new String[] {"degree", t.prefix()}, q.args().toArray(new String[0])))),
            () -> t.name() + ": degree " + q.args());
      }
    }

    // ingesting one file again: skipped as already ingested, on both hosts; with --force its counts add
    // up through TedgeDeg's combiner, also after a compaction
    List<Rec> twice = new ArrayList<>(all);
    twice.addAll(files.get(0));
    for (Target t : List.of(targets.get(0), targets.get(2))) {
      String again = ok(t.host().run("ingest", t.prefix(), logs.resolve("proxy0.csv").toString()));
      assertTrue(again.startsWith("skipped " + logs.resolve("proxy0.csv") + ": already ingested"), again);
      assertEquals(degreeLines(all, any(), 1), ok(t.host().run("degree", t.prefix())), t.name());
      ok(t.host().run("ingest", t.prefix(), logs.resolve("proxy0.csv").toString(), "--force"));
      assertEquals(degreeLines(twice, any(), 1), ok(t.host().run("degree", t.prefix())), t.name());
      ok(t.host().run("compact", t.prefix() + "TedgeDeg"));
      assertEquals(degreeLines(twice, any(), 1), ok(t.host().run("degree", t.prefix())), t.name());
      assertEquals(expectedTables.get("Tedge"), ok(t.host().run("scan", t.prefix() + "Tedge")), t.name());
    }
  }

  // ---------------------------------------------------------------- generated logs

  /** Writes the CSV files; returns each file's records with the row keys ingest will give them. */
  private static List<List<Rec>> writeLogs(Path folder, Random random) throws Exception {
    Files.createDirectories(folder);
    List<List<Rec>> out = new ArrayList<>();
    for (int f = 0; f < RECORDS_PER_FILE.length; f++) {
      Path file = folder.resolve("proxy" + f + ".csv");
      String key = fileKey(file);
      StringBuilder csv = new StringBuilder(String.join(",", HEADER)).append('\n');
      long line = 2; // the header is line 1
      List<Rec> recs = new ArrayList<>();
      for (int i = 0; i < RECORDS_PER_FILE[f]; i++) {
        String[] fields = {String.format("2024-01-01T00:%02d:%02d", random.nextInt(30), random.nextInt(60)),
            "10.0.0." + random.nextInt(12), HOSTS[random.nextInt(HOSTS.length)], AGENTS[random.nextInt(AGENTS.length)],
            STATUSES[random.nextInt(STATUSES.length)], Integer.toString(100 * random.nextInt(40))};
        String raw = String.join(",", Arrays.stream(fields).map(D4mTwoHostsTest::quoted).toList());
        recs.add(new Rec(key + String.format("%010d", line), fields, raw));
        csv.append(raw).append(i % 3 == 0 ? "\r\n" : "\n");
        line += 1 + raw.chars().filter(ch -> ch == '\n').count();
        if (i % 97 == 5) {
          csv.append('\n'); // an empty line: skipped, but it counts for the line numbers
          line++;
        }
      }
      Files.writeString(file, csv, StandardCharsets.UTF_8);
      out.add(recs);
    }
    return out;
  }

  private static String quoted(String field) {
    return field.contains(",") || field.contains("\"") || field.contains("\n")
        ? "\"" + field.replace("\"", "\"\"") + "\"" : field;
  }

  /** Generated row keys start with 8 hex digits of SHA-256 of the file's absolute path and a dash. */
  private static String fileKey(Path file) throws Exception {
    byte[] h = MessageDigest.getInstance("SHA-256")
        .digest(file.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
    return String.format("%02x%02x%02x%02x-", h[0], h[1], h[2], h[3]);
  }

  // ---------------------------------------------------------------- brute-force answers

  private record Query(List<String> args, Predicate<String> rows, Predicate<String> cols) {}

  /** Tedge cells (record, name|value) of the records, selected by row and column, as scan prints them. */
  private static String edgeLines(List<Rec> recs, Predicate<String> rows, Predicate<String> cols) {
    TreeMap<byte[], String> sorted = new TreeMap<>(Arrays::compareUnsigned);
    for (Rec r : recs) {
      for (int k = 0; k < HEADER.length; k++) {
        String col = HEADER[k] + "|" + r.fields()[k];
        if (!r.fields()[k].isEmpty() && rows.test(r.row()) && cols.test(col)) {
          sorted.put(utf8(r.row() + "\0" + col), field(r.row()) + "\t" + qualifier(col) + "\t1\n");
        }
      }
    }
    return String.join("", sorted.values());
  }

  private static String transposeLines(List<Rec> recs) {
    TreeMap<byte[], String> sorted = new TreeMap<>(Arrays::compareUnsigned);
    for (Rec r : recs) {
      for (int k = 0; k < HEADER.length; k++) {
        String col = HEADER[k] + "|" + r.fields()[k];
        if (!r.fields()[k].isEmpty()) {
          sorted.put(utf8(col + "\0" + r.row()), field(col) + "\t" + qualifier(r.row()) + "\t1\n");
        }
      }
    }
    return String.join("", sorted.values());
  }

  /** name|value -> records holding it ({@code times} each), as degree and scan print TedgeDeg. */
  private static String degreeLines(List<Rec> recs, Predicate<String> cols, int times) {
    TreeMap<byte[], Long> counts = new TreeMap<>(Arrays::compareUnsigned);
    for (Rec r : recs) {
      for (int k = 0; k < HEADER.length; k++) {
        String col = HEADER[k] + "|" + r.fields()[k];
        if (!r.fields()[k].isEmpty() && cols.test(col)) {
          counts.merge(utf8(col), (long) times, Long::sum);
        }
      }
    }
    StringBuilder sb = new StringBuilder();
    counts.forEach((col, n) -> sb.append(field(new String(col, StandardCharsets.UTF_8))).append("\tDegree\t")
        .append(n).append('\n'));
    return sb.toString();
  }

  private static String textLines(List<Rec> recs) {
    return recs.stream().sorted(Comparator.comparing(Rec::row))
        .map(r -> field(r.row()) + "\ttxt\t" + field(r.raw()) + "\n").reduce("", String::concat);
  }

  private static Predicate<String> any() {
    return s -> true;
  }

  private static Predicate<String> in(String... keys) {
    return s -> Arrays.asList(keys).contains(s);
  }

  private static Predicate<String> prefix(String p) {
    return s -> s.startsWith(p);
  }

  /** lo <= key <= hi in UTF-8 byte order, as Accumulo compares keys. */
  private static Predicate<String> between(String lo, String hi) {
    return s -> Arrays.compareUnsigned(utf8(lo), utf8(s)) <= 0 && Arrays.compareUnsigned(utf8(s), utf8(hi)) <= 0;
  }

  /** A row or value as scan prints it. */
  private static String field(String s) {
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
  }

  /** A qualifier of the empty family as scan prints it: colons escaped too. */
  private static String qualifier(String s) {
    return field(s).replace(":", "\\:");
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
