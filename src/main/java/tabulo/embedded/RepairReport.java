package tabulo.embedded;

import java.util.List;

/**
 * What {@code repair} did to a table's write-ahead logs, whether the table opens afterwards, and the
 * damage it cannot mend ({@code unmended}: sorted files, their checksums, the manifest), as {@code verify}
 * reports it.
 */
public record RepairReport(String table, List<Log> logs, String openError, List<VerifyReport.Damage> unmended) {

  /**
   * One log. {@code lostRecords} is exact unless {@code lostAtLeast} (a stretch of bytes with no readable
   * record header counts as one record); {@code keptAs} names the damaged original, null if the log was
   * intact and left alone. {@code firstDamage} is a byte offset, -1 if none.
   */
  public record Log(String name, long keptRecords, long lostRecords, boolean lostAtLeast, long lostBytes,
      long firstDamage, long tornBytes, String keptAs) {
    public boolean repaired() {
      return keptAs != null;
    }
  }

  public long lostRecords() {
    return logs.stream().mapToLong(Log::lostRecords).sum();
  }

  public long lostBytes() {
    return logs.stream().mapToLong(Log::lostBytes).sum();
  }
}
