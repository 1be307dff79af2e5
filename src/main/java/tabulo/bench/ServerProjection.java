package tabulo.bench;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tabulo.gen.SparseMatrices;
import tabulo.partition.Assignment;
import tabulo.partition.BipartiteModel;
import tabulo.partition.PartCosts;
import tabulo.partition.Partitioner;
import tabulo.partition.SpGemmPartitioner;

/**
 * Projects row-by-row multiply times to K servers from the measured runs, with one simple cost model. Per part p
 * (one server, one batch), from the model exactly: W_p = A entries read + B entries read locally + partial
 * products + C entries written, and R_p = B entries read from other servers. On the measuring machine every
 * mini-cluster tablet server shares the same cores, so a measured run costs the sum over its parts:
 * T = c0 + cw sum_p W_p + cr sum_p R_p, with c0, cw, cr >= 0 fitted by least squares to the RRp and gRRp (placed
 * copies) runs. On K servers, each a machine like this one, a run takes as long as its slowest part:
 * T(K) = c0 + cw max_p W_p + cr max_p R_p. Printed beside paper 001's Table 2 (multiplication phase, geometric
 * means of the times over BL's), whose gRRp / RRp ratio is what the projected ratio compares with.
 */
public final class ServerProjection {
  /** Fitted coefficients, seconds: fixed, per entry of work, per remote entry; and the fit's rms error. */
  public record Model(double c0, double cw, double cr, double rms) {
    double seconds(long work, long remote) {
      return c0 + cw * work + cr * remote;
    }
  }

  /** Paper 001 Table 2, "norm avgs wrto BL": K, RRp and gRRp for C = AB, then for C = AA. */
  private static final double[][] PAPER = {{2, 0.40, 0.35, 0.57, 0.50}, {4, 0.27, 0.24, 0.39, 0.31},
      {6, 0.26, 0.22, 0.35, 0.27}, {8, 0.23, 0.21, 0.30, 0.22}, {10, 0.23, 0.20, 0.29, 0.20}};

  private ServerProjection() {}

  /** Non-negative least squares over the row-by-row runs (outer product excluded), by trying each active set. */
  public static Model fit(List<PartitionServersBenchmark.Run> runs) {
    List<double[]> rows = new ArrayList<>();
    for (PartitionServersBenchmark.Run r : runs) {
      if (r.modelRemote() >= 0 && !r.name().contains("--plan")) { // --plan adds copies the model does not cost
        rows.add(new double[] {1, r.work(), r.modelRemote(), r.seconds()});
      }
    }
    Model best = null;
    for (int mask = 1; mask < 8; mask++) {
      double[] c = solve(rows, mask);
      if (c == null || c[0] < 0 || c[1] < 0 || c[2] < 0) {
        continue;
      }
      double sse = 0;
      for (double[] x : rows) {
        double e = c[0] + c[1] * x[1] + c[2] * x[2] - x[3];
        sse += e * e;
      }
      Model m = new Model(c[0], c[1], c[2], Math.sqrt(sse / rows.size()));
      if (best == null || m.rms() < best.rms()) {
        best = m;
      }
    }
    return best;
  }

  /** Least squares with only the coefficients in {@code mask} (bit i: coefficient i); null when singular. */
  private static double[] solve(List<double[]> rows, int mask) {
    int[] idx = java.util.stream.IntStream.range(0, 3).filter(i -> (mask >> i & 1) == 1).toArray();
    int k = idx.length;
    double[][] ata = new double[k][k + 1];
    for (double[] x : rows) {
      for (int i = 0; i < k; i++) {
        for (int j = 0; j < k; j++) {
          ata[i][j] += x[idx[i]] * x[idx[j]];
        }
        ata[i][k] += x[idx[i]] * x[3];
      }
    }
    for (int col = 0; col < k; col++) { // Gauss-Jordan with partial pivoting
      int piv = col;
      for (int r = col + 1; r < k; r++) {
        if (Math.abs(ata[r][col]) > Math.abs(ata[piv][col])) {
          piv = r;
        }
      }
      double[] t = ata[col];
      ata[col] = ata[piv];
      ata[piv] = t;
      if (Math.abs(ata[col][col]) < 1e-12 * Math.max(1, Math.abs(ata[col][k]))) {
        return null;
      }
      for (int r = 0; r < k; r++) {
        if (r != col) {
          double f = ata[r][col] / ata[col][col];
          for (int j = col; j <= k; j++) {
            ata[r][j] -= f * ata[col][j];
          }
        }
      }
    }
    double[] c = new double[3];
    for (int i = 0; i < k; i++) {
      c[idx[i]] = ata[i][k] / ata[i][i];
    }
    return c;
  }

  /** The projected curve for K in {@code parts}, on the in-memory model of the same product. */
  public static void print(Model model, int scale, int[] parts, double eps, long seed, PrintStream out) {
    out.printf(Locale.ROOT, "cost model: T(K) = %.3f s + %.3g s x max_p W_p + %.3g s x max_p R_p (fitted on the sums "
        + "over parts of the measured runs, rms error %.2f s)%n", model.c0(), model.cw(), model.cr(), model.rms());
    BipartiteModel m = BipartiteModel.of(SparseMatrices.graph500(scale, 1, true), SparseMatrices.graph500(scale, 2, true));
    out.printf("projected: graph500 permuted A*B SCALE %d (in memory, the same generator)%n", scale);
    out.printf("%4s %12s %12s %10s %10s %9s %9s %7s %7s | %s%n", "K", "W max RRp", "W max gRRp", "R max RRp",
        "R max gRRp", "T RRp s", "T gRRp s", "gRRp/RRp", "speedup", "paper Table 2 gRRp/RRp: C=AB, C=AA");
    double base = 0;
    for (int k : parts) {
      PartCosts.Part[] rrp = PartCosts.of(m, PartCosts.bySplits(m, indexSplits(m.rowsOfA(), k)));
      Assignment plan = SpGemmPartitioner.plan(m, new Partitioner.Options(k, eps, seed)).assignment();
      PartCosts.Part[] grrp = PartCosts.of(m, plan);
      long[] r = max(rrp);
      long[] g = max(grrp);
      double tr = model.seconds(r[0], r[1]);
      double tg = model.seconds(g[0], g[1]);
      if (base == 0) {
        base = tr;
      }
      out.printf(Locale.ROOT, "%4d %,12d %,12d %,10d %,10d %9.2f %9.2f %8.3f %7.2f | %s%n", k, r[0], g[0], r[1], g[1],
          tr, tg, tg / tr, base / tg, paper(k));
    }
    out.println("W: A entries + local B entries + partial products + C entries of the busiest part; R: remote B "
        + "entries of the part that reads most; speedup: T RRp at the first K / T gRRp");
  }

  private static String paper(int k) {
    for (double[] p : PAPER) {
      if (p[0] == k) {
        return String.format(Locale.ROOT, "%.3f, %.3f", p[2] / p[1], p[4] / p[3]);
      }
    }
    return "-";
  }

  private static long[] max(PartCosts.Part[] parts) {
    long w = 0;
    long r = 0;
    for (PartCosts.Part p : parts) {
      w = Math.max(w, PartitionServersBenchmark.work(p));
      r = Math.max(r, p.remoteB());
    }
    return new long[] {w, r};
  }

  /** In the in-memory model's keys (index, 10 digits): the splits of K equal index ranges, as the measured tables'. */
  private static List<byte[]> indexSplits(int n, int k) {
    List<byte[]> out = new ArrayList<>();
    for (long v : PartitionServersBenchmark.lastVertices(n, k)) {
      out.add(String.format("%010d", v).getBytes(StandardCharsets.UTF_8));
    }
    return out;
  }
}
