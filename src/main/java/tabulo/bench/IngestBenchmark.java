package tabulo.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import tabulo.d4m.IngestOptions;
import tabulo.d4m.Schema;
import tabulo.d4m.SchemaIngest;
import tabulo.d4m.TablePair;
import tabulo.embedded.EmbeddedStore;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.util.ProcessCpu;
import tabulo.util.Progress;

/**
 * D4M schema ingest rate (entries/s into Tedge + TedgeT + TedgeDeg) with 1 and 2 workers over
 * generated web proxy logs, then the latency of single-key row queries (Tedge) and column queries
 * (TedgeT) on the result: on the embedded engine, and, given an Accumulo store, on Accumulo too, over
 * the same files in the same run.
 */
public final class IngestBenchmark {
  private IngestBenchmark() {}

  /** Fields per record: id (the row key), time, src_ip, dst_host, status. */
  private static final int FIELDS = 5;
  private static final int FILES = 4;
  private static final int IPS = 65_536;

  /** One ingest; {@code cpuSeconds} is this process's CPU time over it (NaN when the work ran elsewhere). */
  public record Run(int workers, long records, long entries, double seconds, double cpuSeconds) {
    double rate() {
      return entries / seconds;
    }

    double ratePerCpuSecond() {
      return entries / cpuSeconds;
    }
  }

  public record Latency(String what, int queries, double p50Millis, double p99Millis, double meanEntries) {}

  /** What one host measured. */
  public record HostResult(String host, List<Run> runs, List<Latency> latencies,
      CorrelationBenchmark.Result correlation) {}

  public record Result(long records, long tableEntries, List<HostResult> hosts) {}

  /**
   * Generates the logs in {@code work}, measures the embedded engine (a database in {@code work}), then
   * {@code accumulo} if not null (tables named {@code PREFIX...}, deleted afterwards).
   */
  public static Result run(Path work, long edgeEntries, Store accumulo, PrintStream log) throws IOException {
    long records = Math.max(FILES, edgeEntries / FIELDS);
    List<Path> files = generate(work.resolve("logs"), records);
    // a twentieth of the records, ingested untimed first: the rates are then those of compiled code
    List<Path> warmUp = generate(work.resolve("warm-up"), Math.max(FILES, records / 20));
    List<HostResult> hosts = new ArrayList<>();
    try (Store store = EmbeddedStore.open(work.resolve("db"), "root")) {
      hosts.add(measureHost(new Host("embedded", store, "", true), files, warmUp, records, log));
    }
    if (accumulo != null) {
      String prefix = "bench" + Long.toString(System.currentTimeMillis(), 36) + "_";
      try {
        hosts.add(measureHost(new Host("accumulo", accumulo, prefix, false), files, warmUp, records, log));
      } finally {
        for (String t : accumulo.tables()) {
          if (t.startsWith(prefix)) {
            accumulo.delete(t);
          }
        }
      }
    }
    return new Result(records, records * FIELDS, hosts);
  }

  /**
   * A host under test: its tables are named PREFIX...; {@code local} when the ingest runs in this process, so
   * that its CPU time measures the work (on Accumulo the tablet servers do most of it).
   */
  private record Host(String name, Store store, String prefix, boolean local) {}

  /** Ingests the files into fresh tables (PREFIX w1..., PREFIX w2...), then times queries on the second. */
  private static HostResult measureHost(Host h, List<Path> files, List<Path> warmUp, long records, PrintStream log) {
    String host = h.name();
    Store store = h.store();
    String prefix = h.prefix();
    Schema warm = new Schema(prefix + "warmup");
    log.printf("%s: warming up (%d small files, untimed)...%n", host, warmUp.size());
    new SchemaIngest(store, new IngestOptions(warm, warmUp, IngestOptions.Format.CSV, "id", 1, List.of()))
        .run(Progress.onTerminal("warm-up", 0));
    for (String t : List.of(warm.edge(), warm.transpose(), warm.degree(), warm.text())) {
      store.delete(t);
    }
    List<Run> runs = new ArrayList<>();
    boolean local = h.local();
    for (int workers : new int[] {1, 2}) {
      Schema schema = new Schema(prefix + "w" + workers);
      log.printf("%s: ingesting %,d records with %d worker(s)...%n", host, records, workers);
      IngestOptions o = new IngestOptions(schema, files, IngestOptions.Format.CSV, "id", workers, List.of());
      double cpu0 = ProcessCpu.seconds();
      SchemaIngest.Result r = new SchemaIngest(store, o).run(Progress.onTerminal("ingest entries", 0));
      double cpu = local ? ProcessCpu.seconds() - cpu0 : Double.NaN;
      if (r.error() != null) {
        throw new IllegalStateException(r.error());
      }
      runs.add(new Run(workers, records, r.graphEntries(), r.seconds(), cpu));
    }
    Schema schema = new Schema(prefix + "w2");
    for (String t : List.of(schema.edge(), schema.transpose())) {
      store.flush(t);
    }
    log.printf("%s: timing queries...%n", host);
    TablePair pair = TablePair.of(store, schema.edge(), schema.transpose());
    Random random = new Random(42);
    List<Latency> latencies = List.of(
        measure("row (Tedge, 1 record)", () -> KeySpec.parse(id(random.nextLong(records)) + ","), true, pair),
        measure("column (TedgeT, 1 src_ip)", () -> KeySpec.parse("src_ip|" + ip(random.nextInt(IPS)) + ","), false,
            pair));
    log.printf("%s: the correlation of status and dst_host...%n", host);
    CorrelationBenchmark.Result corr = CorrelationBenchmark.run(store, schema, "status|*,", "dst_host|*,");
    return new HostResult(host, runs, latencies, corr);
  }

  private static Latency measure(String what, java.util.function.Supplier<KeySpec> key, boolean row, TablePair pair) {
    int warmup = 300;
    int n = 2000;
    double[] millis = new double[n];
    long entries = 0;
    for (int q = -warmup; q < n; q++) {
      KeySpec k = key.get();
      long t0 = System.nanoTime();
      int nnz = (row ? pair.get(k, KeySpec.all()) : pair.get(KeySpec.all(), k)).nnz();
      long t1 = System.nanoTime();
      if (q >= 0) {
        millis[q] = (t1 - t0) / 1e6;
        entries += nnz;
      }
    }
    Arrays.sort(millis);
    return new Latency(what, n, millis[n / 2], millis[(int) (n * 0.99)], (double) entries / n);
  }

  static String id(long i) {
    return String.format("r%012d", i);
  }

  static String ip(int i) {
    return "10." + (i >> 8) + "." + (i & 255) + ".1";
  }

  private static List<Path> generate(Path dir, long records) throws IOException {
    Files.createDirectories(dir);
    Random random = new Random(1);
    String[] statuses = {"200", "200", "200", "304", "404", "500"};
    List<Path> files = new ArrayList<>();
    long perFile = (records + FILES - 1) / FILES;
    long next = 0;
    for (int f = 0; f < FILES; f++) {
      Path p = dir.resolve("proxy" + f + ".csv");
      try (BufferedWriter w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
        w.write("id,time,src_ip,dst_host,status\n");
        for (long i = 0; i < perFile && next < records; i++, next++) {
          w.write(id(next));
          w.write(",2024-01-01T");
          long s = next % 86_400;
          w.write(String.format("%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60));
          w.write(',');
          w.write(ip(random.nextInt(IPS)));
          w.write(",host");
          w.write(Integer.toString(random.nextInt(1000)));
          w.write(".example,");
          w.write(statuses[random.nextInt(statuses.length)]);
          w.write('\n');
        }
      }
      files.add(p);
    }
    return files;
  }

  public static void print(Result r, PrintStream out) {
    out.printf("D4M schema ingest, %,d records of %d fields in %d CSV files; entries = Tedge + TedgeT + TedgeDeg%n",
        r.records(), FIELDS, FILES);
    out.printf("%-9s %-8s %12s %10s %14s %18s %8s %16s%n", "host", "workers", "entries", "seconds", "entries/s",
        "entries/s/worker", "CPU s", "entries/CPU-s");
    for (HostResult h : r.hosts()) {
      for (Run run : h.runs()) {
        boolean cpu = !Double.isNaN(run.cpuSeconds());
        out.printf("%-9s %-8d %,12d %10.2f %,14.0f %,18.0f %8s %16s%n", h.host(), run.workers(), run.entries(),
            run.seconds(), run.rate(), run.rate() / run.workers(), cpu ? String.format("%.2f", run.cpuSeconds()) : "-",
            cpu ? String.format("%,.0f", run.ratePerCpuSecond()) : "-");
      }
    }
    out.println("(CPU s: this process's CPU time over the ingest, every thread; entries/CPU-s is the rate per core)");
    if (r.hosts().size() > 1) {
      HostResult base = r.hosts().get(0);
      for (HostResult h : r.hosts().subList(1, r.hosts().size())) {
        for (int i = 0; i < h.runs().size(); i++) {
          out.printf("%s / %s, %d worker(s): %.2fx%n", h.host(), base.host(), h.runs().get(i).workers(),
              h.runs().get(i).rate() / base.runs().get(i).rate());
        }
      }
    }
    out.printf("%nsingle-key queries on w2Tedge (%,d entries) / w2TedgeT, %d queries each after warm-up%n",
        r.tableEntries(), r.hosts().get(0).latencies().get(0).queries());
    out.printf("%-9s %-28s %8s %8s %14s%n", "host", "query", "p50 ms", "p99 ms", "entries/query");
    for (HostResult h : r.hosts()) {
      for (Latency l : h.latencies()) {
        out.printf("%-9s %-28s %8.3f %8.3f %14.1f%n", h.host(), l.what(), l.p50Millis(), l.p99Millis(),
            l.meanEntries());
      }
    }
    out.printf("%nD4M correlation (requests per status and destination host): %s%n",
        r.hosts().get(0).correlation().query());
    out.printf("%-9s %16s %10s %12s %16s %8s%n", "host", "partial products", "entries", "planned s", "old (copy) s",
        "old/new");
    for (HostResult h : r.hosts()) {
      CorrelationBenchmark.Result c = h.correlation();
      out.printf("%-9s %,16d %,10d %12.2f %16.2f %7.1fx%n", h.host(), c.partialProducts(), c.entries(), c.seconds(),
          c.oldSeconds(), c.oldSeconds() / c.seconds());
    }
    for (HostResult h : r.hosts()) {
      out.printf("%s: %s%n", h.host(), h.correlation().left());
    }
    out.println("(planned: A^T and B's selected columns read from TedgeT; old: all of Tedge copied transposed, then"
        + " each needed B row fetched)");
  }
}
