package tabulo.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tabulo.accumulo.MiniClusterAligned;
import tabulo.bench.PartitionServersBenchmark;
import tabulo.bench.ServerProjection;
import tabulo.gen.SparseMatrices;
import tabulo.math.CsrMatrix;
import tabulo.partition.Partitioner;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/** bench partition --tservers: the measured runs on mini-accumulo clusters, then the projection. */
final class BenchPartitionServers {
  private BenchPartitionServers() {}

  /** What to measure: clusters, products and their sizes, and the projection. */
  record Options(int[] tservers, int[] scales, String[] products, int grid, int mesh, int heapMb, int[] project,
      int projectScale, long seed) {}

  /** The products to measure, in the order given. */
  private static List<PartitionServersBenchmark.Product> products(Options o) {
    List<PartitionServersBenchmark.Product> out = new ArrayList<>();
    for (String p : o.products()) {
      switch (p) {
        case "graph500" -> {
          for (int scale : o.scales()) {
            out.add(PartitionServersBenchmark.graph500(scale));
          }
        }
        case "amg" -> {
          if (o.grid() < 3 || o.grid() > 2000) {
            throw new TabuloException("--grid: expected 3 to 2000, got " + o.grid());
          }
          out.add(PartitionServersBenchmark.matrices("poisson2d " + o.grid() + "^2 A*P (3x3 aggregates)",
              SparseMatrices.poisson2d(o.grid()), SparseMatrices.aggregation2d(o.grid(), 3)));
        }
        case "mesh" -> {
          if (o.mesh() < 2 || o.mesh() > 200) {
            throw new TabuloException("--mesh: expected 2 to 200, got " + o.mesh());
          }
          CsrMatrix m = SparseMatrices.poisson3d(o.mesh());
          out.add(PartitionServersBenchmark.matrices("mesh 7-point " + o.mesh() + "^3 A*A", m, m));
        }
        default -> throw new TabuloException("--server-products: expected graph500, amg or mesh, got " + p);
      }
    }
    return out;
  }

  static void run(Options o) {
    int[] tservers = o.tservers();
    int[] scales = o.scales();
    int projectScale = o.projectScale();
    int[] project = o.project();
    for (int n : tservers) {
      if (n < 1 || n > 16) {
        throw new TabuloException("--tservers: expected 1 to 16 tablet servers, got " + n);
      }
    }
    for (int scale : scales) {
      if (scale < 4 || scale > 20) {
        throw new TabuloException("--server-scales: expected SCALEs between 4 and 20, got " + scale);
      }
    }
    if (projectScale < 4 || projectScale > 20) {
      throw new TabuloException("--project-scale: expected a SCALE between 4 and 20, got " + projectScale);
    }
    for (int k : project) {
      if (k < 1) {
        throw new TabuloException("--project: servers must be at least 1, got " + k);
      }
    }
    double eps = Partitioner.Options.DEFAULT_IMBALANCE;
    List<PartitionServersBenchmark.Product> products = products(o);
    List<PartitionServersBenchmark.Run> runs = new ArrayList<>();
    for (int n : tservers) {
      System.err.printf("starting mini-accumulo with %d tablet servers%n", n);
      try (MiniClusterAligned cluster = MiniClusterAligned.start(n, o.heapMb())) {
        PartitionServersBenchmark.Servers where = new PartitionServersBenchmark.Servers() {
          @Override
          public Store store() {
            return cluster.store();
          }

          @Override
          public int servers() {
            return n;
          }

          @Override
          public void settle() {
            cluster.settle();
          }
        };
        for (PartitionServersBenchmark.Product p : products) {
          runs.addAll(PartitionServersBenchmark.measure(where, p, eps, o.seed(), System.err));
        }
      }
    }
    System.out.println("measured on mini-accumulo (one machine), fastest of 2 runs; graph500: permuted, seeds 1, 2");
    System.out.printf("%3s %-40s %-28s %9s %12s %12s %14s%n", "N", "product", "algorithm", "seconds", "remote",
        "model remote", "partial prod.");
    for (PartitionServersBenchmark.Run r : runs) {
      System.out.printf(Locale.ROOT, "%3d %-40s %-28s %9.2f %,12d %12s %,14d%n", r.servers(), r.product(), r.name(),
          r.seconds(),
          r.remote(), r.modelRemote() < 0 ? "-" : String.format("%,d", r.modelRemote()), r.partialProducts());
    }
    System.out.println("remote: entries of the other factor (B; A for the outer product) the kernels read from "
        + "tablets another tablet server hosts; model remote: the same from the plan/split, one batch per part");
    ServerProjection.Model model = ServerProjection.fit(runs);
    if (model == null) {
      System.out.println("no projection: the row-by-row runs do not determine the cost model");
      return;
    }
    ServerProjection.print(model, projectScale, project, eps, o.seed(), System.out);
  }
}
