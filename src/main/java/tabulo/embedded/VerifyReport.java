package tabulo.embedded;

import java.util.List;

/**
 * What {@code verify} found: every damaged file (sorted file, its checksums, a write-ahead log, the
 * manifest) named with its table, and counts of what was checked.
 */
public record VerifyReport(int tables, long files, long bytes, long logs, long unchecksummedFiles,
    List<Damage> damage) {

  /** One damaged file of a table; {@code file} is relative to the database directory. */
  public record Damage(String table, String file, String problem) {}

  public boolean ok() {
    return damage.isEmpty();
  }
}
