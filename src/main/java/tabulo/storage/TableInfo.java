package tabulo.storage;

/**
 * Size of a table. {@code entries} counts stored key-values (memory and files, before versioning and
 * deletes are applied), so it can exceed what a scan returns until a compaction.
 */
public record TableInfo(String table, long entries, int tablets, int files, long bytes) {
  /** The entries, or -1 when the host has not counted them (Accumulo counts bulk-imported files once compacted). */
  public long knownEntries() {
    return entries == 0 && bytes > 0 ? -1 : entries;
  }
}
