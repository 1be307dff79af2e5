/**
 * Tabulo's own writer of Accumulo's RFile format (version 8 on BCFile, uncompressed, no encryption, the
 * default locality group only): the on-disk format both storage hosts share, the embedded engine's sorted
 * files and the bulk-load files handed to Accumulo. Its output is byte for byte what Accumulo's writer
 * makes of the same entries; Accumulo's readers read it.
 *
 * <p>{@link tabulo.rfile.RFileWriter} drives the rest: {@code RelativeKeyEncoder} and {@code KeyField}
 * encode each key against the previous one; {@code BlockBuffer} holds a block while it fills;
 * {@code KeySizeStats} and {@code IndexKeys} reproduce where Accumulo ends blocks and which keys it
 * indexes them under; {@code MultiLevelIndexWriter} builds the index tree; {@code ColumnFamilyCounts}
 * the locality group's family list; {@code BCFileWriter} the container around it all.
 */
package tabulo.rfile;
