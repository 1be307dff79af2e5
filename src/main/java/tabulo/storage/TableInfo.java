package tabulo.storage;

/**
 * Size of a table. {@code entries} counts stored key-values (memory and files, before versioning and
 * deletes are applied), so it can exceed what a scan returns until a compaction.
 */
public record TableInfo(String table, long entries, int tablets, int files, long bytes) {}
