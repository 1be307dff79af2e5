package tabulo.rfile;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Set;

import org.apache.accumulo.core.data.ByteSequence;

/**
 * One locality group of an RFile being written: its own run of data blocks (keys encoded relative to the
 * group's previous key), its own index and its metadata (LocalityGroupMetadata: name, column family
 * counts, first key, index root). Groups of one file share its container; their blocks may interleave,
 * since the index names each block by offset.
 */
final class LocalityGroupWriter {
  private static final double MAX_BLOCK_MULTIPLIER = 1.1; // RFile.Writer: a block may run past its size by 10%

  final String name; // null: the default group
  final RelativeKeyEncoder keys = new RelativeKeyEncoder();
  private final BCFileWriter file;
  private final long blockSize;
  private final long maxBlockSize;
  private final BlockBuffer block;
  private int blockEntries;
  private final KeySizeStats keySizes = new KeySizeStats();
  private double averageKeySize; // read once per block, when it is full (0: not yet)
  private final BlockBuffer indexKey = new BlockBuffer(256);
  private final MultiLevelIndexWriter index;
  private final ColumnFamilyCounts families;
  private BlockBuffer firstKey;
  long entries;

  /** The default group ({@code name} null, families counted as they come) or a named one of {@code configured}. */
  LocalityGroupWriter(BCFileWriter file, long blockSize, long indexBlockSize, String name,
      Set<ByteSequence> configured) {
    this.file = file;
    this.blockSize = blockSize;
    this.maxBlockSize = (long) (blockSize * MAX_BLOCK_MULTIPLIER);
    this.block = new BlockBuffer((int) Math.min(blockSize + (blockSize >> 3) + 1024, 1 << 24));
    this.index = new MultiLevelIndexWriter(file, (int) indexBlockSize);
    this.name = name;
    this.families = name == null ? new ColumnFamilyCounts() : new ColumnFamilyCounts(configured);
  }

  /** Appends the value of the key {@link #keys} has just taken, and the key. */
  void appendValue(byte[] v, int offset, int length) throws IOException {
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
  }

  /** After {@link #appendValue} and the caller's look at the key: it becomes the previous one. */
  void remember() {
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
      index.addLast(indexKey, blockEntries, offset, file.lastStoredSize(), block.size());
    } else {
      index.add(indexKey, blockEntries, offset, file.lastStoredSize(), block.size());
    }
    block.reset();
    blockEntries = 0;
  }

  /** Writes the last block; its index key is its last key. */
  void finish() throws IOException {
    if (blockEntries > 0) {
      indexKey.reset();
      keys.writePrevious(indexKey);
      endBlock(true);
    }
  }

  /** LocalityGroupMetadata.write: default or not, the name, family counts, first key, index root. */
  void writeMetadata(BlockBuffer meta) throws IOException {
    meta.putBoolean(name == null);
    if (name != null) {
      ByteArrayOutputStream utf = new ByteArrayOutputStream();
      new DataOutputStream(utf).writeUTF(name);
      meta.put(utf.toByteArray(), 0, utf.size());
    }
    families.write(meta);
    meta.putBoolean(firstKey != null);
    if (firstKey != null) {
      meta.put(firstKey);
    }
    index.writeRoot(meta);
  }
}
