package tabulo.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tabulo.accumulo.MiniClusterAligned;
import tabulo.bench.PartitionServersBenchmark;
import tabulo.bench.ServerProjection;
import tabulo.partition.Partitioner;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/** bench partition --tservers: the measured runs on mini-accumulo clusters, then the projection. */
final class BenchPartitionServers {
  private BenchPartitionServers() {}

  static void run(int[] tservers, int[] scales, int heapMb, int[] project, int projectScale, long seed) {
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
    List<PartitionServersBenchmark.Run> runs = new ArrayList<>();
    for (int n : tservers) {
      System.err.printf("starting mini-accumulo with %d tablet servers%n", n);
      try (MiniClusterAligned cluster = MiniClusterAligned.start(n, heapMb)) {
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
        for (int scale : scales) {
          runs.addAll(PartitionServersBenchmark.measure(where, scale, eps, seed, System.err));
        }
      }
    }
    System.out.println("graph500 permuted A*B (seeds 1, 2), measured on mini-accumulo (one machine), fastest of 2 runs");
    System.out.printf("%3s %5s %-28s %9s %12s %12s %14s%n", "N", "SCALE", "algorithm", "seconds", "remote",
        "model remote", "partial prod.");
    for (PartitionServersBenchmark.Run r : runs) {
      System.out.printf(Locale.ROOT, "%3d %5d %-28s %9.2f %,12d %12s %,14d%n", r.servers(), r.scale(), r.name(),
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
    ServerProjection.print(model, projectScale, project, eps, seed, System.out);
  }
}
