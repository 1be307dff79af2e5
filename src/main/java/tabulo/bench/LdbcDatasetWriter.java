package tabulo.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import tabulo.util.Progress;

/**
 * Writes an {@link LdbcGraph500} as an LDBC Graphalytics dataset (NAME.v, NAME.e with a weight column,
 * NAME.properties with LDBC's keys) and, for the baseline, the same arrays as numpy files (NAME.vertices.npy,
 * NAME.src.npy, NAME.dst.npy, NAME.weight.npy).
 */
final class LdbcDatasetWriter {
  static final int CDLP_ITERATIONS = 10;
  static final int PR_ITERATIONS = 10;
  static final double PR_DAMPING = 0.85;

  private LdbcDatasetWriter() {}

  /** Writes the dataset {@code dir/name}; returns its base path (DATASET, without extension). */
  static Path write(LdbcGraph500 g, Path dir, String name, Progress progress) throws IOException {
    Path base = dir.resolve(name);
    try (BufferedWriter w = Files.newBufferedWriter(Path.of(base + ".v"), StandardCharsets.US_ASCII)) {
      for (long v : g.vertices()) {
        w.write(Long.toString(v));
        w.write('\n');
      }
    }
    try (BufferedWriter w = Files.newBufferedWriter(Path.of(base + ".e"), StandardCharsets.US_ASCII)) {
      long total = g.edgeCount();
      for (int i = 0; i < total; i++) {
        w.write(Long.toString(g.src()[i]));
        w.write(' ');
        w.write(Long.toString(g.dst()[i]));
        w.write(' ');
        w.write(Double.toString(g.weight()[i])); // shortest text that reads back as the same double
        w.write('\n');
        if ((i & 0xFFFF) == 0) {
          progress.update(i, (double) i / total);
        }
      }
    }
    long hub = g.hub();
    String p = "graph." + name + ".";
    Files.writeString(Path.of(base + ".properties"), String.join("\n",
        p + "directed = false",
        p + "vertex-file = " + name + ".v",
        p + "edge-file = " + name + ".e",
        p + "meta.vertices = " + g.vertices().length,
        p + "meta.edges = " + g.edgeCount(),
        p + "edge-properties.names = weight",
        p + "edge-properties.types = real",
        p + "algorithms = bfs, cdlp, lcc, pr, sssp, wcc",
        p + "bfs.source-vertex = " + hub,
        p + "cdlp.max-iterations = " + CDLP_ITERATIONS,
        p + "pr.damping-factor = " + PR_DAMPING,
        p + "pr.num-iterations = " + PR_ITERATIONS,
        p + "sssp.weight-property = weight",
        p + "sssp.source-vertex = " + hub, ""), StandardCharsets.US_ASCII);
    NpyWriter.write(Path.of(base + ".vertices.npy"), g.vertices());
    NpyWriter.write(Path.of(base + ".src.npy"), g.src());
    NpyWriter.write(Path.of(base + ".dst.npy"), g.dst());
    NpyWriter.write(Path.of(base + ".weight.npy"), g.weight());
    return base;
  }
}
