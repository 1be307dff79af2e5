package tabulo.cli;

import java.util.Arrays;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import tabulo.bench.PartitionBenchmark;
import tabulo.partition.Partitioner;
import tabulo.storage.TabuloException;

@Command(name = "partition", description = {"gRRp partitioning beside the contiguous split on generated products.",
    "Graph500 A*B (seeds 1, 2; as generated and permuted) per --scales, a 2D " +
    "Poisson stiffness matrix " +
    "times its aggregation prolongator (AMG Galerkin setup) and A*A of a 3D " +
    "7-point mesh; per K in --parts the exact communication volume and the " +
    "largest A/B/C imbalance of the plan and of the contiguous split, and the " +
    "partitioning time. In memory: the figures are the model's, no table is " +
    "read or written. " +
    "With --tservers N,...: instead, per N a mini-accumulo cluster of N tablet " +
    "servers (tablets placed by tabulo.accumulo.AlignedBalancer; N = 1 is the " +
    "reference without communication) multiplies two permuted Graph500 graphs " +
    "(--server-scales), the Poisson A times its prolongator (--grid) and the mesh " +
    "A*A (--mesh) by RRp, gRRp and the outer product (--server-products picks " +
    "them), printing times and remote entries measured by the kernels, then " +
    "projects K = --project servers with a fitted cost model beside paper 001's " +
    "Table 2."})
final class BenchPartitionCommand implements Runnable {
  @Option(names = "--scales", paramLabel = "S,...", split = ",",
      description = "Graph500 SCALEs (default ${DEFAULT-VALUE}).")
  int[] scales = {12, 14, 16};

  @Option(names = "--grid", paramLabel = "N", description = "Poisson grid N x N (default ${DEFAULT-VALUE}; "
      + "also with --tservers).")
  int grid = 256;

  @Option(names = "--mesh", paramLabel = "N", description = "3D mesh N x N x N (default ${DEFAULT-VALUE}; "
      + "also with --tservers).")
  int mesh = 40;

  @Option(names = "--parts", paramLabel = "K,...", split = ",", description = "Parts (default ${DEFAULT-VALUE}).")
  int[] parts = {2, 4, 8};

  @Option(names = "--seed", paramLabel = "N", description = "Partitioner seed (default ${DEFAULT-VALUE}).")
  long seed = 1;

  @Option(names = "--tservers", paramLabel = "N,...", split = ",",
      description = "Measure on mini-accumulo clusters of these many tablet servers (one after the other).")
  int[] tservers;

  @Option(names = "--server-scales", paramLabel = "S,...", split = ",",
      description = "With --tservers: Graph500 SCALEs of A and B measured on each cluster; two or more let the "
          + "cost model tell fixed from per-entry costs (default ${DEFAULT-VALUE}).")
  int[] serverScales = {11, 12};

  @Option(names = "--project-scale", paramLabel = "S",
      description = "With --tservers: the SCALE of the product projected to K servers (default: the largest "
          + "measured).")
  Integer projectScale;

  @Option(names = "--server-products", paramLabel = "P,...", split = ",",
      description = "With --tservers: the products measured on each cluster, of graph500 (one per "
          + "--server-scales), amg (Poisson --grid A times P), mesh (--mesh A*A) (default ${DEFAULT-VALUE}).")
  String[] serverProducts = {"graph500", "amg", "mesh"};

  @Option(names = "--tserver-heap", paramLabel = "MB",
      description = "With --tservers: heap of each tablet server (default ${DEFAULT-VALUE}).")
  int tserverHeap = 1024;

  @Option(names = "--project", paramLabel = "K,...", split = ",",
      description = "With --tservers: servers to project to (default ${DEFAULT-VALUE}).")
  int[] project = {2, 4, 6, 8, 10, 16, 32, 64};

  @Override
  public void run() {
    if (tservers != null) {
      int largest = Arrays.stream(serverScales).max().orElse(12);
      BenchPartitionServers.run(new BenchPartitionServers.Options(tservers, serverScales, serverProducts, grid, mesh,
          tserverHeap, project, projectScale == null ? largest : projectScale, seed));
      return;
    }
    for (int s : scales) {
      if (s < 1 || s > 20) {
        throw new TabuloException("--scales: expected SCALEs between 1 and 20, got " + s);
      }
    }
    for (int k : parts) {
      if (k < 1) {
        throw new TabuloException("--parts must be at least 1, got " + k);
      }
    }
    if (grid < 3 || mesh < 2) {
      throw new TabuloException("--grid must be at least 3 and --mesh at least 2");
    }
    System.err.println("products: graph500 SCALE " + Arrays.toString(scales) + ", poisson " + grid + "^2, mesh "
        + mesh + "^3");
    PartitionBenchmark.print(PartitionBenchmark.run(PartitionBenchmark.products(scales, grid, mesh), parts,
        Partitioner.Options.DEFAULT_IMBALANCE, seed, System.err), System.out);
  }
}
