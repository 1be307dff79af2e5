package tabulo.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.UnaryOp;
import tabulo.math.UnaryOps;
import tabulo.ops.Operation;
import tabulo.ops.Select;
import tabulo.select.KeySpec;
import tabulo.ops.Session;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * The GraphBLAS operations on tables of two Graph500 graphs (seeds 1 and 2), each beside the
 * single-thread in-memory baseline over the same data ({@link OpsBaseline}: CSR arrays, output written
 * to a file), measured in the same run. A table operation's time covers computing its result into a
 * new table, durable and published.
 */
public final class OpsBenchmark {
  /**
   * One operation's figures: entries read, seconds on tables, the baseline's seconds, and the seconds a
   * plain scan of the operation's inputs takes (every entry's key and value touched, nothing decoded): the
   * least a program computing in memory pays to get the data out of the tables first.
   */
  public record Row(String operation, long entriesIn, double seconds, double baselineSeconds, double readSeconds) {
    double rate() {
      return entriesIn / seconds;
    }

    /** How many times the baseline's time the table operation takes. */
    double ratio() {
      return seconds / baselineSeconds;
    }

    /** How many times the baseline's time, with the scan of its inputs added, the table operation takes. */
    double ratioWithRead() {
      return seconds / (baselineSeconds + readSeconds);
    }
  }

  private OpsBenchmark() {}

  /** The table side of each operation the baseline times, by the baseline's name: its result into a table. */
  static Map<String, BiConsumer<Session, String>> operations(int scale) {
    Map<String, BiConsumer<Session, String>> ops = new LinkedHashMap<>();
    ops.put("ewise-add plus", into(s -> s.matrix("A").ewiseAdd(s.matrix("B"), BinaryOps.PLUS)));
    ops.put("ewise-mult times", into(s -> s.matrix("A").ewiseMult(s.matrix("B"), BinaryOps.TIMES)));
    ops.put("apply ainv", into(s -> s.matrix("A").apply(UnaryOps.named("ainv"))));
    UnaryOp twice = BinaryOps.bindSecond(BinaryOps.TIMES, 2);
    ops.put("apply " + twice.name(), into(s -> s.matrix("A").applyBindSecond(BinaryOps.TIMES, 2)));
    ops.put("select triu", into(s -> s.matrix("A").select(Select.TRIU)));
    ops.put("select value gt 1", into(s -> s.matrix("A").select(Select.gt(1))));
    ops.put("reduce rows plus", into(s -> s.matrix("A").reduceRows(Monoids.PLUS)));
    ops.put("reduce cols plus", into(s -> s.matrix("A").reduceCols(Monoids.PLUS)));
    ops.put("reduce scalar plus", (s, out) -> s.matrix("A").reduce(Monoids.PLUS));
    ops.put("transpose", into(s -> s.matrix("A").transpose()));
    ops.put("extract rows 1/8", into(s -> s.matrix("A").extract(KeySpec.parse(OpsBaseline.extractSpec(scale)),
        KeySpec.all())));
    return ops;
  }

  private static BiConsumer<Session, String> into(Function<Session, Operation> op) {
    return (s, out) -> op.apply(s).into(out);
  }

  /** What to run: the SCALE, the operations (null: all) and how many timed runs of each to take the best of. */
  public record Options(int scale, String only, int repeats, int tablets, int workers) {}

  /** The operations named in {@code only} (comma-separated prefixes of their names; null or blank: all). */
  static Map<String, BiConsumer<Session, String>> selected(int scale, String only) {
    Map<String, BiConsumer<Session, String>> all = operations(scale);
    if (only == null || only.isBlank()) {
      return all;
    }
    Map<String, BiConsumer<Session, String>> chosen = new LinkedHashMap<>();
    for (String name : only.split(",")) {
      String prefix = name.trim();
      int before = chosen.size();
      all.forEach((op, body) -> {
        if (op.startsWith(prefix)) {
          chosen.put(op, body);
        }
      });
      if (chosen.size() == before) {
        throw new TabuloException("--only: no operation named '" + prefix + "' (known: "
            + String.join(", ", all.keySet()) + ")");
      }
    }
    return chosen;
  }

  /** Fails on an unknown name in {@code only} before any work. */
  public static void checkNames(String only) {
    selected(10, only);
  }

  /**
   * Each operation {@code repeats} times into a new table, the best time kept, as the baseline keeps the
   * best of as many runs after its warm-up.
   */
  public static List<Row> run(Store store, Options o, PrintStream log) {
    int scale = o.scale();
    log.printf("baseline (one thread, in memory, output to a file), SCALE %d:%n", scale);
    Map<String, OpsBaseline.Result> baseline = new LinkedHashMap<>();
    for (OpsBaseline.Result r : OpsBaseline.run(scale, o.repeats(), log)) {
      baseline.put(r.operation(), r);
    }
    for (String t : new String[] {"A", "B"}) {
      if (store.exists(t)) {
        store.delete(t);
      }
    }
    Graph500Table.write(store, "A", Graph500.Options.ofScale(scale).withSeed(1), o.tablets());
    Graph500Table.write(store, "B", Graph500.Options.ofScale(scale).withSeed(2), o.tablets());
    store.flush("A");
    store.flush("B");
    String extractRows = OpsBaseline.extractSpec(scale);
    Map<String, Double> scans = new LinkedHashMap<>(); // best plain-scan seconds by input
    scans.put("A", scanSeconds(store, "A", KeySpec.all(), o.repeats()));
    scans.put("B", scanSeconds(store, "B", KeySpec.all(), o.repeats()));
    scans.put("A rows", scanSeconds(store, "A", KeySpec.parse(extractRows), o.repeats()));
    log.printf("  plain scans: A %.3f s, B %.3f s, A's rows %s %.3f s%n", scans.get("A"), scans.get("B"), extractRows,
        scans.get("A rows"));
    List<Row> rows = new ArrayList<>();
    int n = 0;
    for (Map.Entry<String, BiConsumer<Session, String>> op : selected(scale, o.only()).entrySet()) {
      OpsBaseline.Result base = baseline.get(op.getKey());
      double best = Double.POSITIVE_INFINITY;
      for (int r = 0; r < o.repeats(); r++) {
        String out = "OUT" + n++;
        try (Session s = Session.open(store).workers(o.workers())) {
          long t0 = System.nanoTime();
          op.getValue().accept(s, out);
          double seconds = (System.nanoTime() - t0) / 1e9;
          best = Math.min(best, seconds);
          log.printf("  %-22s %8.3f s%n", op.getKey(), seconds);
        }
        if (store.exists(out)) {
          store.delete(out);
        }
      }
      String name = op.getKey();
      double read = name.startsWith("ewise") ? scans.get("A") + scans.get("B")
          : name.startsWith("extract") ? scans.get("A rows") : scans.get("A");
      rows.add(new Row(name, base.entriesIn(), best, base.seconds(), read));
    }
    return rows;
  }

  /** The best of {@code repeats} plain scans of {@code rows} of {@code table}, every key and value touched. */
  static double scanSeconds(Store store, String table, KeySpec rows, int repeats) {
    double best = Double.POSITIVE_INFINITY;
    for (int r = 0; r < repeats; r++) {
      long t0 = System.nanoTime();
      long bytes = 0;
      try (Scan scan = store.scan(table, ScanSpec.all().ranges(rows.rowRanges()))) {
        for (Map.Entry<Key, Value> e : scan) {
          Key k = e.getKey();
          bytes += k.getRowData().length() + k.getColumnQualifierData().length() + e.getValue().getSize();
        }
      }
      if (bytes < 0) {
        throw new IllegalStateException(); // keeps the loop's reads from being optimised away
      }
      best = Math.min(best, (System.nanoTime() - t0) / 1e9);
    }
    return best;
  }

  public static void print(List<Row> rows, PrintStream out) {
    out.printf("%-22s %14s %10s %14s %10s %8s %8s %10s%n", "operation", "entries in", "tables s", "entries/s",
        "baseline s", "x base", "scan s", "x base+scan");
    for (Row r : rows) {
      out.printf("%-22s %,14d %10.3f %,14.0f %10.3f %8.2f %8.3f %10.2f%n", r.operation(), r.entriesIn(), r.seconds(),
          r.rate(), r.baselineSeconds(), r.ratio(), r.readSeconds(), r.ratioWithRead());
    }
    out.println("(x base: the table operation's time over the in-memory baseline's, whose input is already in CSR"
        + " arrays; scan s: a plain scan of the operation's input tables; x base+scan: over the baseline's time"
        + " with that scan added, the least an in-memory program pays to get the data out of the tables)");
  }
}
