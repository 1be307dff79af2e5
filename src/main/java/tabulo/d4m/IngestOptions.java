package tabulo.d4m;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link SchemaIngest} reads and how: the input files (in order), CSV or TSV, the field naming
 * each record's row key (null: a generated key), worker count and split points for new tables.
 */
public record IngestOptions(Schema schema, List<Path> files, Format format, String rowColumn, int workers,
    List<String> splits) {
  /** CSV per RFC 4180, or the same with tab separators. */
  public enum Format {
    CSV((byte) ','), TSV((byte) '\t');

    final byte separator;

    Format(byte separator) {
      this.separator = separator;
    }
  }

  public IngestOptions {
    files = List.copyOf(files);
    splits = List.copyOf(splits);
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1, got " + workers);
    }
  }
}
