package tabulo.cli;

import java.io.PrintWriter;
import java.util.Locale;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.partition.Assignment;
import tabulo.partition.BipartiteModel;
import tabulo.partition.ContiguousSplit;
import tabulo.partition.PlanStats;
import tabulo.partition.PlanTable;
import tabulo.partition.Partitioner;
import tabulo.partition.SpGemmPartitioner;
import tabulo.partition.StoredModel;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

@Command(name = "partition", description = {"Partition C = A B for row-by-row multiplication on K servers (gRRp).",
    "Builds Demirci and Aykanat's 3-constraint bipartite model: a vertex per " +
    "row of A weighted (nnz(A row), 0, nnz(C row)), per row of B (0, nnz(B row), " +
    "0), an edge per entry of A costing nnz(B row); partitions it into K parts, " +
    "each within W_avg (1 + eps) of A, B and C entries, with a small cut.",
    "PLAN (a new table) gets per row key: column A = part of A's (and C's) row, " +
    "column B = part of B's row (0 .. K-1). Prints the cut, the exact volume " +
    "(B entries fetched from other parts by 'mult --batch N', a part being one " +
    "tablet) and the entries per part, beside the contiguous split into K equal " +
    "key ranges; the last line is one JSON object."})
final class PartitionCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "A")
  String a;

  @Parameters(index = "1", paramLabel = "B")
  String b;

  @Parameters(index = "2", paramLabel = "PLAN")
  String plan;

  @Option(names = "--parts", paramLabel = "K", required = true, description = "Number of parts (servers).")
  int parts;

  @Option(names = "--imbalance", paramLabel = "EPS",
      description = "Largest imbalance per constraint, W_max / W_avg - 1 (default ${DEFAULT-VALUE}, the paper's).")
  double imbalance = Partitioner.Options.DEFAULT_IMBALANCE;

  @Option(names = "--seed", paramLabel = "N", description = "Seed of the partitioner (default ${DEFAULT-VALUE}).")
  long seed = 1;

  @Option(names = "--batch", paramLabel = "N",
      description = "mult's --batch for the volume: distinct B rows per batch (default ${DEFAULT-VALUE}, mult's).")
  int batch = 200_000;

  @Override
  public void run() {
    Partitioner.Options o;
    try {
      o = new Partitioner.Options(parts, imbalance, seed);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(e.getMessage());
    }
    if (batch < 1) {
      throw new TabuloException("--batch must be at least 1, got " + batch);
    }
    long t0 = System.nanoTime();
    try (Store store = main.openStore()) {
      if (store.exists(plan)) {
        throw new TabuloException("table " + plan + " exists: give a new table for the plan");
      }
      BipartiteModel m = StoredModel.read(store, a, b);
      // a part without a row of A does no multiplying; past that, K only costs time
      int most = Math.max(1, m.rowsOfA());
      if (parts > most) {
        main.err().printf("partition: --parts %d is more than the %,d rows of %s: partitioning into %,d parts%n",
            parts, m.rowsOfA(), a, most);
        parts = most;
        o = new Partitioner.Options(parts, imbalance, seed);
      }
      SpGemmPartitioner.Plan p = SpGemmPartitioner.plan(m, o);
      double seconds = (System.nanoTime() - t0) / 1e9;
      PlanTable.write(store, plan, m, p.assignment());
      Assignment contiguous = ContiguousSplit.of(m, parts);
      report(main.out(), m, p, PlanStats.of(m, p.assignment(), batch), PlanStats.of(m, contiguous, batch), seconds);
      if (!p.balanced()) {
        main.err().printf("partition: warning: the plan exceeds --imbalance %s on some matrix (see the report)%n",
            imbalance);
      }
    }
  }

  private void report(PrintWriter out, BipartiteModel m, SpGemmPartitioner.Plan p, PlanStats plan, PlanStats flat,
      double seconds) {
    long[] totals = m.totals();
    out.printf("partition %s x %s into %d parts: %,d rows of A, %,d rows of B, %,d edges; nnz A %,d, B %,d, C %,d%n",
        a, b, parts, m.rowsOfA(), m.rowsOfB(), m.edges(), totals[0], totals[1], totals[2]);
    out.printf("%-22s %16s %16s%n", "", "plan", "contiguous");
    out.printf("%-22s %,16d %,16d%n", "cut", plan.cut(), flat.cut());
    out.printf("%-22s %,16d %,16d%n", "volume (batch " + batch + ")", plan.volume(), flat.volume());
    String[] names = {"A", "B", "C"};
    for (int c = 0; c < 3; c++) {
      out.printf("%-22s %16.4f %16.4f%n", "imbalance " + names[c], plan.imbalance()[c], flat.imbalance()[c]);
    }
    out.printf("%-6s %14s %14s %14s   %14s %14s %14s%n", "part", "A", "B", "C", "A contig.", "B contig.",
        "C contig.");
    for (int k = 0; k < parts; k++) {
      long[] x = plan.loads()[k];
      long[] y = flat.loads()[k];
      out.printf("%-6d %,14d %,14d %,14d   %,14d %,14d %,14d%n", k, x[0], x[1], x[2], y[0], y[1], y[2]);
    }
    out.printf(Locale.ROOT, "{\"parts\": %d, \"cut\": %d, \"cut_contiguous\": %d, \"volume\": %d, "
        + "\"volume_contiguous\": %d, \"batch\": %d, \"imbalance\": [%.6f, %.6f, %.6f], "
        + "\"imbalance_contiguous\": [%.6f, %.6f, %.6f], \"balanced\": %s, \"epsilon\": %s, \"seed\": %d, "
        + "\"seconds\": %.3f}%n", parts, plan.cut(), flat.cut(), plan.volume(), flat.volume(), batch,
        plan.imbalance()[0], plan.imbalance()[1], plan.imbalance()[2], flat.imbalance()[0], flat.imbalance()[1],
        flat.imbalance()[2], p.balanced(), imbalance, seed, seconds);
  }
}
