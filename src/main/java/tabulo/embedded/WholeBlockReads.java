package tabulo.embedded;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.apache.accumulo.core.spi.cache.BlockCache;
import org.apache.accumulo.core.spi.cache.CacheEntry;

/**
 * A block "cache" that keeps nothing. Given one, Accumulo's RFile reader loads each data block whole
 * into a byte array and parses it from memory; without one it parses the file through a synchronized
 * buffered stream one byte at a time, which costs more than the parsing. Stateless, so one instance
 * serves every reader.
 */
final class WholeBlockReads implements BlockCache {
  static final WholeBlockReads INSTANCE = new WholeBlockReads();
  /** Bytes of blocks loaded from sorted files by this process, so far (what locality groups save is seen here). */
  private static final java.util.concurrent.atomic.LongAdder BYTES_LOADED = new java.util.concurrent.atomic.LongAdder();

  private WholeBlockReads() {}

  /** One loaded block, handed to a single reader and then dropped. */
  private record Block(byte[] bytes) implements CacheEntry {
    @Override
    public byte[] getBuffer() {
      return bytes;
    }

    @Override
    public <T extends Weighable> T getIndex(Supplier<T> supplier) {
      return null; // no index within a block: it is read once, from the start or after one seek
    }

    @Override
    public void indexWeightChanged() {}
  }

  static long bytesLoaded() {
    return BYTES_LOADED.sum();
  }

  @Override
  public CacheEntry cacheBlock(String blockName, byte[] buf) {
    return new Block(buf);
  }

  @Override
  public CacheEntry getBlock(String blockName) {
    return null;
  }

  @Override
  public CacheEntry getBlock(String blockName, Loader loader) {
    Map<String, byte[]> dependencies = new HashMap<>();
    loader.getDependencies().forEach((name, dep) -> dependencies.put(name, dep.load(Integer.MAX_VALUE, Map.of())));
    byte[] bytes = loader.load(Integer.MAX_VALUE, dependencies);
    if (bytes != null) {
      BYTES_LOADED.add(bytes.length);
    }
    return bytes == null ? null : new Block(bytes);
  }

  @Override
  public long getMaxHeapSize() {
    return Long.MAX_VALUE;
  }

  @Override
  public long getMaxSize() {
    return Long.MAX_VALUE;
  }

  @Override
  public Stats getStats() {
    return new Stats() {
      @Override
      public long hitCount() {
        return 0;
      }

      @Override
      public long requestCount() {
        return 0;
      }
    };
  }
}
