package tabulo.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import tabulo.bench.SpGemmBenchmark;
import tabulo.embedded.EmbeddedStore;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

@Command(name = "demo", description = {"Run Tabulo's main job: Graph500 tables multiplied next to the data.",
    "Tabulo's main job on the embedded default, in a temporary database: " +
    "generate two Graph500 graphs, ingest them, compute C = A^T B next to the data with the outer product " +
    "and row-by-row, check C against an in-memory multiply, and print partial products per second beside " +
    "the client-side way and the single-threaded in-memory (COST) baseline."})
final class DemoCommand implements Runnable {
  @Option(names = "--scale", paramLabel = "S", description = "Graph500 SCALE: 2^S vertices (default ${DEFAULT-VALUE}).")
  int scale = 14;

  @Option(names = "--keep", description = "Keep the temporary database instead of deleting it.")
  boolean keep;

  @Override
  public void run() {
    if (scale < 4 || scale > 16) {
      throw new TabuloException("--scale must be between 4 and 16 for the demo, got " + scale);
    }
    Path dir = null;
    try {
      dir = Files.createTempDirectory("tabulo-demo");
      System.out.println("database: " + dir + (keep ? "" : " (deleted at the end; --keep keeps it)"));
      System.out.printf("C = A^T B of two Graph500 SCALE %d graphs (seeds 1 and 2), stored as tables A%d and B%d%n",
          scale, scale, scale);
      SpGemmBenchmark.Row row;
      try (Store store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
        row = SpGemmBenchmark.run(store, scale, 2, 2, System.out);
      }
      System.out.printf("verified: same partial products and nnz(C) by every method; %d sampled entries of C "
          + "equal the in-memory product%n", row.verified());
      SpGemmBenchmark.print(List.of(row), System.out);
    } catch (IOException e) {
      throw new UncheckedIOException("demo failed", e);
    } finally {
      if (dir != null && !keep) {
        BenchCommand.deleteQuietly(dir);
      }
    }
  }
}
