package tabulo.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import tabulo.graphalytics.Algorithm;
import tabulo.graphalytics.GraphalyticsDriver;
import tabulo.graphalytics.RunReport;
import tabulo.graphalytics.Validator;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * LDBC Graphalytics on a Graph500 graph in LDBC's graph500 shape: the dataset written as LDBC files, loaded
 * once by the driver and each algorithm run by it (as {@code graphalytics run} does), beside
 * {@link GraphBlasBaseline} on the same graph in the same run; Tabulo's outputs are validated against the
 * baseline's by LDBC's rules. A row's makespan is the load plus the driver's run: text in, result out.
 */
public final class GraphalyticsBenchmark {
  public static final int DEFAULT_SCALE = 16;

  /** What to run: SCALE, the algorithms, the Python (null: the checkout's .venv, else python3), the baseline's threads. */
  public record Options(int scale, List<Algorithm> algorithms, boolean baseline, String python, int threads) {}

  /** One algorithm's figures; the baseline's are NaN when skipped; {@code valid}: null when not validated. */
  public record Row(String algorithm, double loadSeconds, double processingSeconds, double makespanSeconds,
      double baselineLoadSeconds, double baselineProcessingSeconds, String difference, Boolean valid) {
    public double ratio() {
      return processingSeconds / baselineProcessingSeconds;
    }
  }

  /** The run: the graph's size, the rows, why the baseline was skipped (or null), where the outputs are. */
  public record Result(int scale, long vertices, long edges, List<Row> rows, String baselineSkipped, Path dataset,
      Path tabuloOutputs, Path baselineOutputs) {}

  private GraphalyticsBenchmark() {}

  /** Algorithms by name, comma-separated ({@code null}: all six); an unknown name is an error listing them. */
  public static List<Algorithm> algorithms(String names) {
    if (names == null || names.isBlank()) {
      return List.of(Algorithm.values());
    }
    List<Algorithm> list = new ArrayList<>();
    for (String n : names.split(",")) {
      Algorithm a = Algorithm.named(n.trim());
      if (!list.contains(a)) {
        list.add(a);
      }
    }
    return list;
  }

  public static Result run(Store store, Path work, Options o, BooleanSupplier cancelled, PrintStream log)
      throws IOException, InterruptedException {
    Progress generating = Progress.onTerminal("generating graph500-" + o.scale(), 0);
    Path base;
    LdbcGraph500 g;
    try {
      g = LdbcGraph500.generate(o.scale(), generating);
      base = LdbcDatasetWriter.write(g, work, "graph500-" + o.scale(), generating);
    } finally {
      generating.done();
    }
    log.printf("graph500-%d: %,d vertices, %,d edges (undirected, each once), in %s%n", o.scale(),
        g.vertices().length, g.edgeCount(), work);
    GraphalyticsDriver.Loaded loaded = GraphalyticsDriver.load(store, base.toString(), null, true, cancelled);
    log.printf("  tabulo load %.3f s%n", loaded.seconds());
    Path tabuloOut = Files.createDirectories(work.resolve("tabulo"));
    List<RunReport> reports = new ArrayList<>();
    for (Algorithm a : o.algorithms()) {
      RunReport r = GraphalyticsDriver.run(store, new GraphalyticsDriver.RunOptions(base.toString(), a,
          tabuloOut.resolve(a.label()), null, false, null, cancelled));
      if (r.loadedNow()) {
        throw new TabuloException("the dataset was loaded again for " + a.label() + ": the timing would mix");
      }
      log.printf("  tabulo %-4s processing %.3f s%n", a.label(), r.processingSeconds());
      reports.add(r);
    }
    Path baselineOut = work.resolve("graphblas");
    GraphBlasBaseline.Result b = o.baseline()
        ? GraphBlasBaseline.run(GraphBlasBaseline.python(o.python()), base, o.algorithms().stream()
            .map(Algorithm::label).toList(), baselineOut, o.threads())
        : GraphBlasBaseline.Result.skipped("not asked for");
    if (b.skipped() == null) {
      log.printf("  graphblas load %.3f s%n", b.loadSeconds());
    }
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < reports.size(); i++) {
      Algorithm a = o.algorithms().get(i);
      RunReport r = reports.get(i);
      String difference = null;
      Boolean valid = null;
      if (b.skipped() == null) {
        difference = Validator.firstDifference(a, baselineOut.resolve(a.label()), tabuloOut.resolve(a.label()));
        valid = difference == null;
      }
      rows.add(new Row(a.label(), loaded.seconds(), r.processingSeconds(), loaded.seconds() + r.makespanSeconds(),
          b.loadSeconds(), b.skipped() == null ? b.processingSeconds().get(a.label()) : Double.NaN, difference,
          valid));
    }
    return new Result(o.scale(), g.vertices().length, g.edgeCount(), rows, b.skipped(), base, tabuloOut,
        baselineOut);
  }

  public static void print(Result r, PrintStream out) {
    out.printf("graph500-%d: %,d vertices, %,d edges; tabulo (embedded, in memory) beside python-graphblas%n",
        r.scale(), r.vertices(), r.edges());
    if (r.baselineSkipped() != null) {
      out.println("baseline skipped: " + r.baselineSkipped());
    }
    out.printf("%-5s %10s %13s %11s %10s %13s %7s  %s%n", "alg", "load s", "processing s", "makespan s",
        "GrB load s", "GrB process s", "ratio", "valid");
    for (Row row : r.rows()) {
      out.printf("%-5s %10.3f %13.3f %11.3f %10s %13s %7s  %s%n", row.algorithm(), row.loadSeconds(),
          row.processingSeconds(), row.makespanSeconds(), seconds(row.baselineLoadSeconds()),
          seconds(row.baselineProcessingSeconds()),
          Double.isNaN(row.ratio()) ? "-" : String.format("%.2f", row.ratio()),
          row.valid() == null ? "-" : row.valid() ? "yes" : "NO: " + row.difference());
    }
    out.println("ratio = processing(tabulo) / processing(graphblas); makespan = tabulo's load + its run "
        + "(text in, result out); valid: tabulo's output against graphblas's by LDBC's rules");
  }

  private static String seconds(double s) {
    return Double.isNaN(s) ? "-" : String.format("%.3f", s);
  }
}
