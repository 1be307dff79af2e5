package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tabulo ingest} in a child JVM killed with SIGKILL at random moments (while it starts, checks,
 * writes or loads a file, or records it), then the same command run again: the four tables must be
 * exactly those of one uninterrupted ingest into another database (every cell of each table compared),
 * and every file a killed child reported as ingested must be found ingested (skipped) by the rerun.
 * Half the databases ingest with two workers; in some rounds the first rerun is killed too.
 */
class IngestKillTest {
  private static final int FILES = 5;
  private static final int RECORDS = 1500;
  private static final int KILLS = 20;
  private static final List<String> TABLES = List.of("pTedge", "pTedgeT", "pTedgeDeg", "pTedgeTxt");

  @TempDir
  Path dir;

  @Test
  void rerunAfterKillsEqualsOneCleanRun() throws Exception {
    Random rnd = new Random(7);
    List<Path> files = writeFiles(dir.resolve("logs"), rnd);
    // the clean run, in a child too: its timing says when each file is being worked on
    CliRunner clean = new CliRunner(dir.resolve("clean"));
    Child reference = Child.start(clean.db(), files, 1);
    assertEquals(0, reference.process.waitFor());
    reference.reader.join();
    assertEquals(FILES, reference.ingested.size(), () -> "clean run printed " + reference.ingested);
    long[] lineMillis = reference.lineMillis.stream().mapToLong(Long::longValue).toArray();
    List<String> expected = new ArrayList<>();
    for (String t : TABLES) {
      expected.add(clean.scan(t));
    }
    assertTrue(CliRunner.lines(expected.get(2)).size() > 100, "too small a test");

    int kills = 0;
    for (int round = 0; kills < KILLS; round++) {
      CliRunner cli = new CliRunner(dir.resolve("round" + round));
      int workers = 1 + round % 2;
      Set<String> reported = new TreeSet<>();
      int killsNow = round % 3 == 0 ? 1 : 2; // mostly the rerun is killed too
      for (int k = 0; k < killsNow; k++, kills++) {
        Child child = Child.start(cli.db(), files, workers);
        // wait for a random number of files, then into the next one's time in the clean run
        int done = rnd.nextInt(FILES);
        long from = done == 0 ? 0 : lineMillis[done - 1];
        long window = lineMillis[done] - from;
        long deadline = System.currentTimeMillis() + 60_000;
        while (child.ingested.size() < done && child.process.isAlive() && System.currentTimeMillis() < deadline) {
          Thread.sleep(1);
        }
        Thread.sleep((long) (rnd.nextDouble() * window));
        child.process.destroyForcibly(); // SIGKILL on Linux
        child.process.waitFor();
        child.reader.join();
        reported.addAll(child.ingested);
      }
      String where = "round " + round + " (" + workers + " workers), after the kills";
      String rerun = CliRunner.ok(cli.run(args(files, workers)));
      for (String f : reported) { // what a killed child reported as ingested was durable
        assertTrue(rerun.contains("skipped " + f + ": already ingested"), () -> where + ": " + f + " reported:\n" + rerun);
      }
      for (int t = 0; t < TABLES.size(); t++) {
        assertEquals(expected.get(t), cli.scan(TABLES.get(t)), where + ": " + TABLES.get(t));
      }
    }
  }

  /** A child JVM running {@code tabulo --db DB ingest p FILES --np N}, its ingested lines read as they come. */
  private static final class Child {
    final Process process;
    final Thread reader;
    final Set<String> ingested = ConcurrentHashMap.newKeySet();
    final List<Long> lineMillis = java.util.Collections.synchronizedList(new ArrayList<>());

    private Child(Process process) {
      this.process = process;
      long start = System.currentTimeMillis();
      BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      reader = new Thread(() -> {
        try {
          String line;
          while ((line = out.readLine()) != null) {
            if (line.startsWith("ingested ")) {
              ingested.add(line.substring("ingested ".length(), line.indexOf(": ")));
              lineMillis.add(System.currentTimeMillis() - start);
            }
          }
        } catch (Exception e) {
          // the child died
        }
      });
      reader.start();
    }

    static Child start(Path db, List<Path> files, int workers) throws Exception {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
          "-XX:-UsePerfData", "-Dlog4j2.loggerContextFactory=org.apache.logging.log4j.simple.SimpleLoggerContextFactory",
          "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--db", db.toString()));
      command.addAll(List.of(args(files, workers)));
      ProcessBuilder pb = new ProcessBuilder(command);
      pb.redirectError(ProcessBuilder.Redirect.DISCARD);
      return new Child(pb.start());
    }
  }

  private static String[] args(List<Path> files, int workers) {
    List<String> a = new ArrayList<>(List.of("ingest", "p"));
    files.forEach(f -> a.add(f.toString()));
    a.addAll(List.of("--np", Integer.toString(workers)));
    return a.toArray(new String[0]);
  }

  /** Web-log-like CSV files whose values repeat within and across files (so degrees add up across files). */
  private static List<Path> writeFiles(Path folder, Random rnd) throws Exception {
    Files.createDirectories(folder);
    List<Path> out = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      StringBuilder csv = new StringBuilder("time,src_ip,dst_host,status,bytes,agent\n");
      for (int i = 0; i < RECORDS; i++) {
        csv.append(String.format("2024-01-0%d %02d:%02d,10.0.%d.%d,host%d.example,%s,%d,\"agent %d, v%d\"%n", 1 + f,
            rnd.nextInt(24), rnd.nextInt(60), rnd.nextInt(4), rnd.nextInt(50), rnd.nextInt(40),
            rnd.nextInt(5) == 0 ? "404" : "200", 100 * rnd.nextInt(100), rnd.nextInt(30), rnd.nextInt(3)));
      }
      Path p = folder.resolve("log" + f + ".csv");
      Files.writeString(p, csv, StandardCharsets.UTF_8);
      out.add(p.toAbsolutePath());
    }
    return out;
  }
}
