package tabulo.cli;

import java.util.Arrays;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import tabulo.bench.PartitionBenchmark;
import tabulo.partition.Partitioner;
import tabulo.storage.TabuloException;

@Command(name = "partition", description = {"gRRp partitioning beside the contiguous split on generated products.",
    "Graph500 A*B (seeds 1, 2; as generated and permuted) per --scales, a 2D",
    "Poisson stiffness matrix",
    "times its aggregation prolongator (AMG Galerkin setup) and A*A of a 3D",
    "7-point mesh; per K in --parts the exact communication volume and the",
    "largest A/B/C imbalance of the plan and of the contiguous split, and the",
    "partitioning time. In memory: the figures are the model's, no table is",
    "read or written."})
final class BenchPartitionCommand implements Runnable {
  @Option(names = "--scales", paramLabel = "S,...", split = ",",
      description = "Graph500 SCALEs (default ${DEFAULT-VALUE}).")
  int[] scales = {12, 14, 16};

  @Option(names = "--grid", paramLabel = "N", description = "Poisson grid N x N (default ${DEFAULT-VALUE}).")
  int grid = 256;

  @Option(names = "--mesh", paramLabel = "N", description = "3D mesh N x N x N (default ${DEFAULT-VALUE}).")
  int mesh = 40;

  @Option(names = "--parts", paramLabel = "K,...", split = ",", description = "Parts (default ${DEFAULT-VALUE}).")
  int[] parts = {2, 4, 8};

  @Option(names = "--seed", paramLabel = "N", description = "Partitioner seed (default ${DEFAULT-VALUE}).")
  long seed = 1;

  @Override
  public void run() {
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
