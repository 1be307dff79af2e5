package tabulo.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The text paths as a user runs them: {@code tabulo put T file.tsv} and {@code tabulo scan T > out.tsv},
 * each a child JVM started the way the {@code tabulo} script starts it (this JVM's java, options and
 * class path: JVM start included), beside {@code sqlite3} importing the same file into a table keyed by
 * (row, column) and selecting it in key order to a file, in the same run. Both outputs must be the same
 * bytes: the same cells in the same order (SQLite's default collation compares UTF-8 bytes, as Tabulo).
 */
public final class TextBenchmark {
  private static final String SQLITE = "/usr/bin/sqlite3";
  private static final String[] VISIBILITIES = {"A", "A&B", "(A|B)&C"};

  /** Seconds of each step (NaN when sqlite3 is missing) and the load average before and after. */
  public record Result(long lines, long bytes, double put, double scan, double scanTwoThreads, double sqliteImport,
      double sqliteSelect,
      boolean sameOutput, String loadBefore, String loadAfter) {}

  private TextBenchmark() {}

  public static Result run(Path dir, long n) throws IOException, InterruptedException {
    Path tsv = dir.resolve("cells.tsv");
    generate(tsv, n);
    String load = loadAverage();
    Path db = dir.resolve("tabulo-db");
    tabulo(db, null, "create", "T");
    tabulo(db, null, "setauths", "root", "A,B,C");
    double put = tabulo(db, null, "put", "T", tsv.toString());
    Path out = dir.resolve("scan.tsv");
    double scan = tabulo(db, out, "scan", "T");
    long lines = countLines(out);
    if (lines != n) {
      throw new IllegalStateException("tabulo scan printed " + lines + " lines, put " + n);
    }
    Path outTwo = dir.resolve("scan-two-threads.tsv");
    double scanTwoThreads = tabulo(db, outTwo, "scan", "--threads", "2", "T"); // chunks on two threads
    if (Files.mismatch(out, outTwo) >= 0) {
      throw new IllegalStateException("tabulo scan --threads 2 printed other bytes than tabulo scan");
    }
    Files.delete(outTwo);
    double sqliteImport = Double.NaN;
    double sqliteSelect = Double.NaN;
    boolean same = false;
    if (Files.isExecutable(Path.of(SQLITE))) {
      Path sdb = dir.resolve("sqlite.db");
      sqliteImport = sqlite(sdb, "CREATE TABLE t(row TEXT, col TEXT, val TEXT, vis TEXT, PRIMARY KEY(row, col))"
          + " WITHOUT ROWID;\n.mode tabs\n.import " + tsv + " t\n");
      Path sout = dir.resolve("sqlite.tsv");
      sqliteSelect = sqlite(sdb, ".mode tabs\n.output " + sout + "\nSELECT row, col, val FROM t ORDER BY row, col;\n");
      same = Files.mismatch(out, sout) < 0;
    }
    return new Result(n, Files.size(tsv), put, scan, scanTwoThreads, sqliteImport, sqliteSelect, same, load,
        loadAverage());
  }

  /**
   * Writes n lines {@code ключ-HEX<TAB>f:éQ<TAB>VALUE<TAB>VISIBILITY}: 16 hex digits in random order (never
   * repeating), a hundred columns, values with an escaped tab in one of 16, a visibility in one of four
   * (the others an empty, public, fourth field, so every line has the four fields SQLite's table has).
   */
  static void generate(Path file, long n) throws IOException {
    byte[] rowPrefix = "ключ-".getBytes(StandardCharsets.UTF_8);
    byte[] colPrefix = "f:é".getBytes(StandardCharsets.UTF_8);
    byte[][] vis = new byte[VISIBILITIES.length][];
    for (int i = 0; i < vis.length; i++) {
      vis[i] = VISIBILITIES[i].getBytes(StandardCharsets.US_ASCII);
    }
    byte[] escapedTab = "a\\tb".getBytes(StandardCharsets.US_ASCII);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
      for (long i = 0; i < n; i++) {
        out.write(rowPrefix);
        out.write(StoreBenchmark.key(i));
        out.write('\t');
        out.write(colPrefix);
        out.write(Long.toString(i % 100).getBytes(StandardCharsets.US_ASCII));
        out.write('\t');
        out.write(i % 16 == 5 ? escapedTab : StoreBenchmark.value(i));
        out.write('\t');
        if (i % 4 == 0) {
          out.write(vis[(int) (i / 4 % vis.length)]);
        }
        out.write('\n');
      }
    }
  }

  /** Runs {@code tabulo --db DB ARGS} in a child JVM like this one; seconds it took (JVM start included). */
  private static double tabulo(Path db, Path stdout, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(javaCommand());
    command.add("--db");
    command.add(db.toString());
    command.addAll(List.of(args));
    return time(new ProcessBuilder(command), stdout, "tabulo " + String.join(" ", args));
  }

  /** This JVM's java, options (but profilers, agents and archiving) and class path, and Tabulo's main class. */
  static List<String> javaCommand() {
    List<String> c = new ArrayList<>();
    c.add(ProcessHandle.current().info().command().orElse("java"));
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!a.startsWith("-XX:StartFlightRecording") && !a.startsWith("-agent") && !a.startsWith("-javaagent")
          && !a.startsWith("-XX:ArchiveClassesAtExit")) { // the tabulo script's first run writes its archive alone
        c.add(a);
      }
    }
    c.add("-cp");
    c.add(System.getProperty("java.class.path"));
    c.add("tabulo.cli.Main");
    return c;
  }

  private static double sqlite(Path db, String script) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(SQLITE, db.toString());
    pb.redirectInput(ProcessBuilder.Redirect.PIPE);
    long start = System.nanoTime();
    Process p = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(script.getBytes(StandardCharsets.UTF_8));
    }
    int code = p.waitFor();
    double seconds = (System.nanoTime() - start) / 1e9;
    if (code != 0) {
      throw new IllegalStateException("sqlite3 exited with " + code + " on: " + script.trim());
    }
    return seconds;
  }

  private static double time(ProcessBuilder pb, Path stdout, String what) throws IOException, InterruptedException {
    pb.redirectOutput(stdout == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stdout.toFile()));
    pb.redirectError(ProcessBuilder.Redirect.PIPE);
    long start = System.nanoTime();
    Process p = pb.start();
    byte[] err;
    try (InputStream e = p.getErrorStream()) {
      err = e.readAllBytes();
    }
    int code = p.waitFor();
    double seconds = (System.nanoTime() - start) / 1e9;
    if (code != 0) {
      throw new IllegalStateException(what + " exited with " + code + ": " + new String(err, StandardCharsets.UTF_8).trim());
    }
    return seconds;
  }

  private static long countLines(Path file) throws IOException {
    long lines = 0;
    byte[] buf = new byte[1 << 20];
    try (InputStream in = Files.newInputStream(file)) {
      for (int r = in.read(buf); r > 0; r = in.read(buf)) {
        for (int i = 0; i < r; i++) {
          if (buf[i] == '\n') {
            lines++;
          }
        }
      }
    }
    return lines;
  }

  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  public static void print(Result r, PrintStream out) {
    out.printf("text: %,d lines, %,d bytes of TSV (unicode rows, one in 4 with a visibility); each step a new"
        + " process (JVM start included)%n", r.lines(), r.bytes());
    out.printf("%-40s %9s %13s%n", "step", "seconds", "lines/s");
    step(out, r, "tabulo put T file.tsv", r.put());
    step(out, r, "tabulo scan T > out.tsv", r.scan());
    step(out, r, "tabulo scan --threads 2 T > out.tsv", r.scanTwoThreads());
    if (Double.isNaN(r.sqliteImport())) {
      out.println("sqlite3 not found at " + SQLITE + ": no baseline");
    } else {
      step(out, r, "sqlite3 .import (PRIMARY KEY(row, col))", r.sqliteImport());
      step(out, r, "sqlite3 SELECT ... ORDER BY > out.tsv", r.sqliteSelect());
      out.printf("tabulo vs sqlite3: put %.2fx, scan %.2fx, both %.2fx faster (goal >= 3x); same output: %s%n",
          r.sqliteImport() / r.put(), r.sqliteSelect() / r.scan(),
          (r.sqliteImport() + r.sqliteSelect()) / (r.put() + r.scan()), r.sameOutput() ? "yes" : "NO");
    }
    out.printf("(goal: put >= 3M lines/s, scan >= 5M lines/s; load average %s before, %s after)%n",
        r.loadBefore(), r.loadAfter());
  }

  private static void step(PrintStream out, Result r, String what, double seconds) {
    out.printf("%-40s %9.2f %,13.0f%n", what, seconds, r.lines() / seconds);
  }
}
