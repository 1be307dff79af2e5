package tabulo.d4m;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@link SchemaIngest} reads and how: the input files (in order), CSV or TSV, the field naming
 * each record's row key (null: a generated key), worker count, split points for new tables, and whether
 * files already recorded as ingested are ingested again ({@code force}) rather than skipped.
 */
public record IngestOptions(Schema schema, List<Path> files, Format format, String rowColumn, int workers,
    List<String> splits, boolean force) {
  /** CSV per RFC 4180, or the same with tab separators. */
  public enum Format {
    CSV((byte) ','), TSV((byte) '\t');

    final byte separator;

    Format(byte separator) {
      this.separator = separator;
    }
  }

  /** Files already ingested are skipped. */
  public IngestOptions(Schema schema, List<Path> files, Format format, String rowColumn, int workers,
      List<String> splits) {
    this(schema, files, format, rowColumn, workers, splits, false);
  }

  /** The same options, ingesting files again even if recorded as ingested ({@code --force}). */
  public IngestOptions withForce(boolean again) {
    return new IngestOptions(schema, files, format, rowColumn, workers, splits, again);
  }

  public IngestOptions {
    files = List.copyOf(files);
    splits = List.copyOf(splits);
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1, got " + workers);
    }
  }

  /** Files as given; directories replaced by their regular files, in name order. */
  public static List<Path> expand(List<Path> inputs) {
    List<Path> out = new ArrayList<>();
    for (Path p : inputs) {
      if (Files.isDirectory(p)) {
        try (Stream<Path> walk = Files.walk(p)) {
          Path[] found = walk.filter(Files::isRegularFile).sorted().toArray(Path[]::new);
          out.addAll(Arrays.asList(found));
        } catch (IOException e) {
          throw new UncheckedIOException("cannot read " + p, e);
        }
      } else {
        out.add(p);
      }
    }
    return out;
  }
}
