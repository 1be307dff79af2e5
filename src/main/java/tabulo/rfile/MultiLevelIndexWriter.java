package tabulo.rfile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The RFile index, a tree of index blocks, written as Accumulo's MultiLevelIndex (BufferedWriter over
 * Writer) writes it. Each entry: a key (Key's Writable form) no smaller than everything in its block and
 * smaller than everything after it, the block's entry count (0 above level 0), and the block's offset,
 * stored size and raw size (BCFile varints).
 *
 * <p>Level 0 lists data blocks. A level's block is written out (as a data block of the container) when it
 * exceeds the index block size and holds more than one entry; an entry for it, with the key of the last
 * entry added, goes to the level above. At the end every level but the top is written, and the top one,
 * the root, goes into the file's metadata. Like Accumulo, level 0 entries are buffered (up to 10 MB)
 * before they enter the tree, so index blocks sit together in the file rather than between data blocks.
 */
final class MultiLevelIndexWriter {
  private static final int BUFFER_LIMIT = 10 << 20; // MultiLevelIndex.BufferedWriter

  private final BCFileWriter file;
  private final int indexBlockSize;
  private final List<IndexLevel> levels = new ArrayList<>();
  private int totalAdded;
  private boolean addedLast;

  // level 0 entries not yet in the tree: their bytes, and where each starts and how long its key is
  private final BlockBuffer pending = new BlockBuffer(1 << 16);
  private int[] pendingStarts = new int[256];
  private int[] pendingKeyLengths = new int[256];
  private int pendingCount;

  private final BlockBuffer scratch = new BlockBuffer(1 << 10);

  MultiLevelIndexWriter(BCFileWriter file, int indexBlockSize) {
    this.file = file;
    this.indexBlockSize = indexBlockSize;
  }

  /** The entry for a data block that is not the last; {@code key} holds just the index key. */
  void add(BlockBuffer key, int entries, long offset, long stored, long raw) throws IOException {
    if (pending.size() > BUFFER_LIMIT) {
      flushPending();
    }
    if (pendingCount == pendingStarts.length) {
      pendingStarts = Arrays.copyOf(pendingStarts, 2 * pendingCount);
      pendingKeyLengths = Arrays.copyOf(pendingKeyLengths, 2 * pendingCount);
    }
    pendingStarts[pendingCount] = pending.size();
    pendingKeyLengths[pendingCount] = key.size();
    pendingCount++;
    writeEntry(pending, key.array(), 0, key.size(), entries, offset, stored, raw);
  }

  /** The entry for the last data block: completes the tree below the root. */
  void addLast(BlockBuffer key, int entries, long offset, long stored, long raw) throws IOException {
    if (addedLast) {
      throw new IllegalStateException("already added last");
    }
    flushPending();
    scratch.reset();
    writeEntry(scratch, key.array(), 0, key.size(), entries, offset, stored, raw);
    byte[] entry = Arrays.copyOf(scratch.array(), scratch.size());
    addToTree(entry, 0, entry.length, key.size(), true);
    addedLast = true;
  }

  /** MultiLevelIndex.Writer.close: the number of data blocks, then the root block. */
  void writeRoot(BlockBuffer out) {
    if (totalAdded > 0 && !addedLast) {
      throw new IllegalStateException("the last block was not added");
    }
    out.putInt(totalAdded);
    if (levels.isEmpty()) {
      new IndexLevel(0, 0).writeTo(out);
    } else {
      levels.get(levels.size() - 1).writeTo(out);
    }
  }

  private void flushPending() throws IOException {
    byte[] b = pending.array();
    for (int i = 0; i < pendingCount; i++) {
      int start = pendingStarts[i];
      int end = i + 1 < pendingCount ? pendingStarts[i + 1] : pending.size();
      addToTree(b, start, end - start, pendingKeyLengths[i], false);
    }
    pending.reset();
    pendingCount = 0;
  }

  /** MultiLevelIndex.Writer.add/addLast of a level 0 entry (its bytes; its key is their first keyLength). */
  private void addToTree(byte[] entry, int off, int len, int keyLength, boolean last) throws IOException {
    totalAdded++;
    level(0).add(entry, off, len);
    flush(0, entry, off, keyLength, last);
  }

  private IndexLevel level(int level) {
    if (level == levels.size()) {
      levels.add(new IndexLevel(level, 0));
    }
    return levels.get(level);
  }

  /** MultiLevelIndex.Writer.flush: writes the level's block if full (or at the end), and so on upwards. */
  private void flush(int level, byte[] key, int keyOff, int keyLength, boolean last) throws IOException {
    if (last && level == levels.size() - 1) {
      return; // the root stays
    }
    IndexLevel block = levels.get(level);
    if ((block.size() > indexBlockSize && block.count > 1) || last) {
      block.hasNext = !last;
      scratch.reset();
      block.writeTo(scratch);
      long raw = scratch.size();
      long offset = file.writeBlock(scratch.array(), 0, scratch.size());
      long stored = file.lastStoredSize();
      scratch.reset();
      writeEntry(scratch, key, keyOff, keyLength, 0, offset, stored, raw);
      level(level + 1).add(scratch.array(), 0, scratch.size());
      flush(level + 1, key, keyOff, keyLength, last);
      levels.set(level, last ? null : new IndexLevel(level, totalAdded));
    }
  }

  /** IndexEntry.write: the key, the entry count, then offset, stored size and raw size (equal uncompressed). */
  private static void writeEntry(BlockBuffer out, byte[] key, int keyOff, int keyLength, int entries, long offset,
      long stored, long raw) {
    out.put(key, keyOff, keyLength);
    out.putInt(entries);
    out.putBCFileVLong(offset);
    out.putBCFileVLong(stored);
    out.putBCFileVLong(raw);
  }

  /** One level's block being filled (MultiLevelIndex.IndexBlock). */
  private static final class IndexLevel {
    final int level;
    final int offset; // level 0 entries added before this block
    boolean hasNext;
    final BlockBuffer entries = new BlockBuffer(1 << 12);
    int[] offsets = new int[64];
    int count;

    IndexLevel(int level, int offset) {
      this.level = level;
      this.offset = offset;
    }

    void add(byte[] b, int off, int len) {
      if (count == offsets.length) {
        offsets = Arrays.copyOf(offsets, 2 * count);
      }
      offsets[count++] = entries.size();
      entries.put(b, off, len);
    }

    /** IndexBlock.getSize. */
    int size() {
      return entries.size() + 4 * count;
    }

    void writeTo(BlockBuffer out) {
      out.putInt(level);
      out.putInt(offset);
      out.putBoolean(hasNext);
      out.putInt(count);
      for (int i = 0; i < count; i++) {
        out.putInt(offsets[i]);
      }
      out.putInt(entries.size());
      out.put(entries);
    }
  }
}
