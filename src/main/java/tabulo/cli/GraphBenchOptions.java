package tabulo.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** Options every benchmark over Graph500 tables shares: tablets, worker threads and a scratch directory. */
final class GraphBenchOptions {
  @Option(names = "--splits", paramLabel = "K", description = "Tablets per input table (default ${DEFAULT-VALUE}).")
  int tablets = 2;

  @Option(names = "--workers", paramLabel = "N", description = "Worker threads (default ${DEFAULT-VALUE}).")
  int workers = 2;

  @Option(names = "--dir", paramLabel = "DIR", description = "Where to put the temporary database (default: temp).")
  Path dir;
}
