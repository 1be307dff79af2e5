package tabulo.rfile;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;

import org.apache.accumulo.core.conf.DefaultConfiguration;
import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * Writes entries, appended in key order, as an Accumulo 2.1 RFile (version 8) with uncompressed blocks,
 * no encryption, the default locality group alone and no sample: the same bytes Accumulo's own writer
 * produces for the same entries and block sizes, several times faster (each key is compared with and
 * encoded against the previous one held in reusable arrays, straight into the block's byte array).
 *
 * <p>Layout (in a {@link BCFileWriter} container): data blocks of relatively encoded entries
 * ({@link RelativeKeyEncoder}, then the value as a 4-byte length and its bytes), started anew once a block
 * passes the block size and Accumulo's writer would end it there; the index blocks
 * ({@link MultiLevelIndexWriter}); the "RFile.index" meta block with the locality group's first key,
 * column family counts and index root.
 *
 * <p>Closing writes the index and metadata and closes the output stream. Not thread-safe.
 */
public final class RFileWriter implements Closeable {
  /** Accumulo's table.file.compress.blocksize default: a data block ends once past it. */
  public static final long DEFAULT_BLOCK_SIZE =
      DefaultConfiguration.getInstance().getAsBytes(Property.TABLE_FILE_COMPRESSED_BLOCK_SIZE);
  /** Accumulo's table.file.compress.blocksize.index default: an index block ends once past it. */
  public static final long DEFAULT_INDEX_BLOCK_SIZE =
      DefaultConfiguration.getInstance().getAsBytes(Property.TABLE_FILE_COMPRESSED_BLOCK_SIZE_INDEX);

  private static final int RFILE_MAGIC = 0x20637474;
  private static final int RFILE_VERSION = 8;
  private static final double MAX_BLOCK_MULTIPLIER = 1.1; // RFile.Writer: a block may run past its size by 10%
  private static final String RFILE_INDEX = "RFile.index";

  private final BCFileWriter file;
  private final long blockSize;
  private final long maxBlockSize;
  private final RelativeKeyEncoder keys = new RelativeKeyEncoder();
  private final BlockBuffer block;
  private int blockEntries;
  private final KeySizeStats keySizes = new KeySizeStats();
  private double averageKeySize; // read once per block, when it is full (0: not yet)
  private final BlockBuffer indexKey = new BlockBuffer(256);
  private final MultiLevelIndexWriter index;
  private final ColumnFamilyCounts families = new ColumnFamilyCounts();
  private BlockBuffer firstKey;
  private long entries;
  private boolean deletes;
  private boolean visibilities;
  private boolean versions;
  private boolean closed;

  /** A writer with Accumulo's default block sizes. */
  public RFileWriter(OutputStream out) throws IOException {
    this(out, DEFAULT_BLOCK_SIZE, DEFAULT_INDEX_BLOCK_SIZE);
  }

  public RFileWriter(OutputStream out, long blockSize, long indexBlockSize) throws IOException {
    if (blockSize <= 0 || blockSize >= Integer.MAX_VALUE || indexBlockSize <= 0
        || indexBlockSize >= Integer.MAX_VALUE) {
      throw new IllegalArgumentException("block sizes must be between 1 and 2^31-2 bytes: " + blockSize + ", "
          + indexBlockSize);
    }
    this.file = new BCFileWriter(out);
    this.blockSize = blockSize;
    this.maxBlockSize = (long) (blockSize * MAX_BLOCK_MULTIPLIER);
    this.block = new BlockBuffer((int) Math.min(blockSize + (blockSize >> 3) + 1024, 1 << 24));
    this.index = new MultiLevelIndexWriter(file, (int) indexBlockSize);
  }

  /**
   * Appends an entry. Keys must come in Accumulo's order (equal keys may repeat).
   *
   * @throws IllegalArgumentException if {@code key} sorts before the previous key
   */
  public void append(Key key, Value value) throws IOException {
    checkOpen();
    if (keys.set(key) < 0) {
      throw outOfOrder(key);
    }
    byte[] v = value.get();
    appendValue(v, 0, v.length);
  }

  /**
   * Appends an entry given as its fields, with no Key or Value built (arrays are read, not kept).
   *
   * @throws IllegalArgumentException if the key sorts before the previous key
   */
  public void append(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp,
      boolean deleted, byte[] value) throws IOException {
    checkOpen();
    if (keys.set(row, family, qualifier, visibility, timestamp, deleted) < 0) {
      throw outOfOrder(new Key(row, family, qualifier, visibility, timestamp, deleted));
    }
    appendValue(value, 0, value.length);
  }

  /**
   * Appends a cell given as slices of its array (read, not kept).
   *
   * @throws IllegalArgumentException if its key sorts before the previous key
   */
  public void append(Cell cell) throws IOException {
    checkOpen();
    if (keys.set(cell) < 0) {
      throw outOfOrder(Cell.key(cell));
    }
    appendValue(cell.bytes(), cell.valueOffset(), cell.valueLength());
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the RFile writer is closed");
    }
  }

  private IllegalArgumentException outOfOrder(Key key) {
    return new IllegalArgumentException(
        "keys appended out of order: " + key + " after the previous key " + keys.previousKey());
  }

  /** Appends the value of the key {@link #keys} has just taken, and the key. */
  private void appendValue(byte[] v, int offset, int length) throws IOException {
    families.add(keys.family, keys.family.common == KeyField.SAME);
    int keySize = keys.currentSize();
    if (blockEntries > 0 && block.size() > blockSize) {
      maybeEndBlock(keySize, length);
    }
    // the entry: the key, then the value's length and bytes
    byte[] b = block.claim(RelativeKeyEncoder.MAX_OVERHEAD + keySize + 4 + length);
    int p = keys.write(b, block.size(), blockEntries == 0);
    p = BlockBuffer.writeInt(b, p, length);
    System.arraycopy(v, offset, b, p, length);
    block.commit(p + length);
    blockEntries++;
    keySizes.add(keySize);

    deletes |= keys.currentDeleted();
    visibilities |= keys.visibility.currentLength() > 0;
    if (!versions && entries > 0) {
      versions = keys.sameColumnAsPrevious();
    }
    keys.remember();
    if (entries == 0) {
      firstKey = new BlockBuffer(64);
      keys.writePrevious(firstKey);
    }
    entries++;
  }

  /**
   * Accumulo's rule for ending a full block before the key about to be appended: when the index key
   * between the previous key and this one (shortened if possible) is no longer than the average key,
   * or the block is 10% over size, unless that index key is giant; or when the block would reach 2 GB.
   */
  private void maybeEndBlock(int keySize, int valueLength) throws IOException {
    long raw = block.size();
    if (averageKeySize == 0) {
      averageKeySize = keySizes.mean();
    }
    indexKey.reset();
    int indexKeySize = keys.writeShortenedPrevious(indexKey);
    if ((indexKeySize <= averageKeySize || raw > maxBlockSize) && !isGiant(indexKeySize)
        || (long) keySize + valueLength + raw + 128L >= Integer.MAX_VALUE) {
      endBlock(false);
      averageKeySize = 0;
    }
  }

  private boolean isGiant(int keySize) {
    double mean = keySizes.mean();
    double stddev = keySizes.standardDeviation();
    return keySize > mean + Math.max(9 * mean, 4 * stddev);
  }

  /** Writes the block and indexes it under {@link #indexKey}. */
  private void endBlock(boolean last) throws IOException {
    long offset = file.writeBlock(block.array(), 0, block.size());
    if (last) {
      index.addLast(indexKey, blockEntries, offset, block.size());
    } else {
      index.add(indexKey, blockEntries, offset, block.size());
    }
    block.reset();
    blockEntries = 0;
  }

  /** Entries appended. */
  public long entries() {
    return entries;
  }

  /** Bytes written to the output so far: the file's length once closed. */
  public long length() {
    return file.position();
  }

  /** Whether some entry is a delete marker. */
  public boolean hasDeletes() {
    return deletes;
  }

  /** Whether some entry has a non-empty visibility. */
  public boolean hasVisibilities() {
    return visibilities;
  }

  /** Whether two consecutive entries have the same row, family, qualifier and visibility. */
  public boolean hasVersions() {
    return versions;
  }

  /** Writes the last block, the index and the metadata, and closes the output stream. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (blockEntries > 0) {
        indexKey.reset();
        keys.writePrevious(indexKey); // the last block's index key is its last key
        endBlock(true);
      }
      BlockBuffer meta = new BlockBuffer(1 << 12);
      meta.putInt(RFILE_MAGIC);
      meta.putInt(RFILE_VERSION);
      meta.putInt(1); // locality groups
      meta.putBoolean(true); // the default one
      families.write(meta);
      meta.putBoolean(firstKey != null);
      if (firstKey != null) {
        meta.put(firstKey);
      }
      index.writeRoot(meta);
      meta.putBoolean(false); // no sample
      file.writeMetaBlock(RFILE_INDEX, meta);
      file.close();
    } catch (IOException | RuntimeException e) {
      file.abandon();
      throw e;
    }
  }
}
