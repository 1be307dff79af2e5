package tabulo.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import tabulo.util.Progress;
import tabulo.bench.StoreBenchmark;

@Command(name = "demo", description = {"Tabulo's main job on the embedded default: create a database in a",
    "temporary directory, write N generated entries, scan them back, and print the rates."})
final class DemoCommand implements Runnable {
  @Option(names = "--entries", paramLabel = "N", description = "Entries to write (default ${DEFAULT-VALUE}).")
  long entries = 3_000_000;

  @Option(names = "--keep", description = "Keep the temporary database instead of deleting it.")
  boolean keep;

  @Override
  public void run() {
    if (entries < 1) {
      throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
          "--entries must be at least 1, got " + entries);
    }
    Path dir = null;
    try {
      dir = Files.createTempDirectory("tabulo-demo");
      System.out.println("database: " + dir);
      StoreBenchmark.Result r = StoreBenchmark.run(dir, entries, Progress.onTerminal("writing", entries));
      StoreBenchmark.print(r, System.out);
    } catch (IOException e) {
      throw new UncheckedIOException("demo failed", e);
    } finally {
      if (dir != null && !keep) {
        BenchCommand.deleteQuietly(dir);
      }
    }
  }
}
