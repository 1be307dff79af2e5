package tabulo.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.math.BinaryOps;
import tabulo.ops.Operation;
import tabulo.ops.Session;
import tabulo.storage.Store;

/**
 * The GraphBLAS operations on tables of two Graph500 graphs (seeds 1 and 2), each beside the
 * single-thread in-memory baseline over the same data ({@link OpsBaseline}: CSR arrays, output written
 * to a file), measured in the same run. A table operation's time covers computing its result into a
 * new table, durable and published.
 */
public final class OpsBenchmark {
  /** One operation's figures: entries read, seconds on tables, and the baseline's seconds. */
  public record Row(String operation, long entriesIn, double seconds, double baselineSeconds) {
    double rate() {
      return entriesIn / seconds;
    }

    /** How many times the baseline's time the table operation takes. */
    double ratio() {
      return seconds / baselineSeconds;
    }
  }

  private OpsBenchmark() {}

  /** The table side of each operation the baseline times, by the baseline's name. */
  static Map<String, Function<Session, Operation>> operations(int scale) {
    Map<String, Function<Session, Operation>> ops = new LinkedHashMap<>();
    ops.put("ewise-add plus", s -> s.matrix("A").ewiseAdd(s.matrix("B"), BinaryOps.PLUS));
    return ops;
  }

  public static List<Row> run(Store store, int scale, int tablets, int workers, PrintStream log) {
    log.printf("baseline (one thread, in memory, output to a file), SCALE %d:%n", scale);
    Map<String, OpsBaseline.Result> baseline = new LinkedHashMap<>();
    for (OpsBaseline.Result r : OpsBaseline.run(scale, 3, log)) {
      baseline.put(r.operation(), r);
    }
    for (String t : new String[] {"A", "B"}) {
      if (store.exists(t)) {
        store.delete(t);
      }
    }
    Graph500Table.write(store, "A", Graph500.Options.ofScale(scale).withSeed(1), tablets);
    Graph500Table.write(store, "B", Graph500.Options.ofScale(scale).withSeed(2), tablets);
    store.flush("A");
    store.flush("B");
    List<Row> rows = new ArrayList<>();
    int n = 0;
    for (Map.Entry<String, Function<Session, Operation>> op : operations(scale).entrySet()) {
      OpsBaseline.Result base = baseline.get(op.getKey());
      String out = "OUT" + n++;
      try (Session s = Session.open(store).workers(workers)) {
        Operation operation = op.getValue().apply(s);
        long t0 = System.nanoTime();
        operation.into(out);
        double seconds = (System.nanoTime() - t0) / 1e9;
        rows.add(new Row(op.getKey(), base.entriesIn(), seconds, base.seconds()));
        log.printf("  %-22s %8.3f s%n", op.getKey(), seconds);
      }
      store.delete(out);
    }
    return rows;
  }

  public static void print(List<Row> rows, PrintStream out) {
    out.printf("%-22s %14s %10s %14s %10s %8s%n", "operation", "entries in", "tables s", "entries/s", "baseline s",
        "x base");
    for (Row r : rows) {
      out.printf("%-22s %,14d %10.3f %,14.0f %10.3f %8.2f%n", r.operation(), r.entriesIn(), r.seconds(), r.rate(),
          r.baselineSeconds(), r.ratio());
    }
  }
}
