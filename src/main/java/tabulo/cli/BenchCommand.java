package tabulo.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import tabulo.bench.Progress;
import tabulo.bench.StoreBenchmark;

@Command(name = "bench", description = "Benchmarks that print rates beside a baseline measured in the same run.",
    subcommands = {BenchCommand.Store.class})
final class BenchCommand implements Runnable {
  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a benchmark is required (store)");
  }

  @Command(name = "store", description = {"Write and scan rates of the embedded engine beside a plain sorted",
      "binary file written and read in the same run."})
  static final class Store implements Runnable {
    @Option(names = "--entries", paramLabel = "N", description = "Entries (default ${DEFAULT-VALUE}).")
    long entries = 10_000_000;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where to put the temporary files (default: temp).")
    Path dir;

    @Override
    public void run() {
      Path work = null;
      try {
        work = dir == null ? Files.createTempDirectory("tabulo-bench") : Files.createTempDirectory(dir, "bench");
        StoreBenchmark.Result r = StoreBenchmark.run(work, entries, Progress.onTerminal("writing", entries));
        StoreBenchmark.print(r, System.out);
      } catch (IOException e) {
        throw new UncheckedIOException("benchmark failed", e);
      } finally {
        if (work != null) {
          deleteQuietly(work);
        }
      }
    }
  }

  static void deleteQuietly(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary folder left behind
    }
  }
}
