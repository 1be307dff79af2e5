package tabulo.embedded;

/**
 * Tuning of the embedded engine. Memory is bounded by these: each open table holds about
 * {@code 2 * memtableBytes} in memtables at most (active plus frozen ones being flushed), however many
 * tablets it has, and each writer buffers at most {@code writerBufferBytes} before handing mutations to
 * the tablets.
 */
public final class EngineOptions {
  long memtableBytes = 64L << 20;
  long writerBufferBytes = 8L << 20;
  int maxFilesPerTablet = 12;
  String compression = "none";

  public static EngineOptions defaults() {
    return new EngineOptions();
  }

  /** Memory for one table's active memtables, shared by its tablets. */
  public EngineOptions memtableBytes(long bytes) {
    if (bytes < (64 << 10)) {
      throw new IllegalArgumentException("memtable memory must be at least 64 KiB, got " + bytes);
    }
    this.memtableBytes = bytes;
    return this;
  }

  public EngineOptions writerBufferBytes(long bytes) {
    this.writerBufferBytes = Math.max(1, bytes);
    return this;
  }

  /** Above this many files a tablet merges its smallest ones. */
  public EngineOptions maxFilesPerTablet(int n) {
    this.maxFilesPerTablet = Math.max(2, n);
    return this;
  }

  /** Block compression of sorted files: none, gz, snappy, ... (as Accumulo's table.file.compress.type). */
  public EngineOptions compression(String codec) {
    this.compression = codec;
    return this;
  }
}
