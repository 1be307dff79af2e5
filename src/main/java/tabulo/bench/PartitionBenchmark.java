package tabulo.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tabulo.gen.SparseMatrices;
import tabulo.math.CsrMatrix;
import tabulo.partition.Assignment;
import tabulo.partition.BipartiteModel;
import tabulo.partition.ContiguousSplit;
import tabulo.partition.Partitioner;
import tabulo.partition.PlanStats;
import tabulo.partition.SpGemmPartitioner;

/**
 * gRRp's partitioning against the contiguous split on generated products, in memory (no table is read: the
 * figures are the model's): per product and K, the cut, the exact volume with {@code mult}'s default batch, the
 * largest imbalance of A, B and C, and the time to build the model (symbolic multiply included) and to
 * partition it.
 */
public final class PartitionBenchmark {
  private static final int BATCH = 200_000; // mult's default --batch

  /** One product to partition. */
  public record Product(String name, CsrMatrix a, CsrMatrix b) {}

  /** One line of the result. */
  public record Row(String product, int parts, long nnzA, long nnzB, long nnzC, PlanStats plan, PlanStats contiguous,
      boolean balanced, double modelSeconds, double partitionSeconds) {}

  private PartitionBenchmark() {}

  /** Graph500 A B (seeds 1 and 2) per SCALE, as generated and with vertices permuted, Poisson 2D A times its aggregation P, and A A of a 3D mesh. */
  public static List<Product> products(int[] scales, int grid, int mesh) {
    List<Product> out = new ArrayList<>();
    for (int s : scales) {
      out.add(new Product("graph500 A*B SCALE " + s, SparseMatrices.graph500(s, 1), SparseMatrices.graph500(s, 2)));
      out.add(new Product("graph500 permuted A*B SCALE " + s, SparseMatrices.graph500(s, 1, true),
          SparseMatrices.graph500(s, 2, true)));
    }
    out.add(new Product("poisson2d " + grid + "^2 A*P (3x3 aggregates)", SparseMatrices.poisson2d(grid),
        SparseMatrices.aggregation2d(grid, 3)));
    CsrMatrix m = SparseMatrices.poisson3d(mesh);
    out.add(new Product("mesh 7-point " + mesh + "^3 A*A", m, m));
    return out;
  }

  public static List<Row> run(List<Product> products, int[] parts, double eps, long seed, PrintStream progress) {
    List<Row> rows = new ArrayList<>();
    for (Product p : products) {
      long t0 = System.nanoTime();
      BipartiteModel m = BipartiteModel.of(p.a(), p.b());
      double modelSeconds = (System.nanoTime() - t0) / 1e9;
      long[] totals = m.totals();
      for (int k : parts) {
        long t1 = System.nanoTime();
        SpGemmPartitioner.Plan plan = SpGemmPartitioner.plan(m, new Partitioner.Options(k, eps, seed));
        double seconds = (System.nanoTime() - t1) / 1e9;
        Assignment flat = ContiguousSplit.of(m, k);
        Row r = new Row(p.name(), k, totals[0], totals[1], totals[2], PlanStats.of(m, plan.assignment(), BATCH),
            PlanStats.of(m, flat, BATCH), plan.balanced(), modelSeconds, seconds);
        progress.printf(Locale.ROOT, "%s K=%d: %.2f s%n", p.name(), k, seconds);
        rows.add(r);
      }
    }
    return rows;
  }

  public static void print(List<Row> rows, PrintStream out) {
    out.printf("%-40s %3s %13s %13s %7s %9s %9s %8s %8s%n", "product", "K", "volume plan", "contiguous", "ratio",
        "imb plan", "imb cont", "model s", "part s");
    for (Row r : rows) {
      out.printf(Locale.ROOT, "%-40s %3d %,13d %,13d %7.3f %9.4f %9.4f %8.2f %8.2f%s%n", r.product(), r.parts(),
          r.plan().volume(), r.contiguous().volume(),
          r.contiguous().volume() == 0 ? 1.0 : r.plan().volume() / (double) r.contiguous().volume(),
          max(r.plan().imbalance()), max(r.contiguous().imbalance()), r.modelSeconds(), r.partitionSeconds(),
          r.balanced() ? "" : "  (plan over eps)");
    }
    out.println("volume: B entries fetched from other parts (mult --batch " + BATCH + ", one tablet per part); "
        + "imb: largest of the A, B, C imbalances (max/avg - 1)");
  }

  private static double max(double[] xs) {
    double m = 0;
    for (double x : xs) {
      m = Math.max(m, x);
    }
    return m;
  }
}
