package tabulo.rfile;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * Writes entries, appended in key order, as an Accumulo 2.1 RFile (version 8) with uncompressed blocks (or
 * blocks compressed with one of Accumulo's codecs, {@link Options#compression}), no encryption and no sample.
 * Uncompressed, with the default locality group alone (no groups given) it writes the same bytes
 * Accumulo's own writer produces for the same entries and block sizes, several times faster (each
 * key is compared with and encoded against the previous one held in reusable arrays, straight into the
 * block's byte array).
 *
 * <p>Locality groups (Accumulo's {@code table.group.*}): each entry goes to the group that lists its column
 * family, else to the default group; each group keeps its own blocks and index ({@link LocalityGroupWriter}),
 * so a reader seeking some families reads only the groups that hold them. Accumulo's writer takes the groups
 * one after the other (a compaction reads its input once per group); this one takes entries once, in key
 * order, and interleaves the groups' blocks in the file, which the format allows (blocks are found by
 * offset). Key order is checked within each group and, where consecutive entries change groups, across them.
 *
 * <p>Layout (in a {@link BCFileWriter} container): data blocks of relatively encoded entries
 * ({@link RelativeKeyEncoder}, then the value as a 4-byte length and its bytes), started anew once a block
 * passes the block size and Accumulo's writer would end it there; the index blocks
 * ({@link MultiLevelIndexWriter}); the "RFile.index" meta block with, per locality group that holds
 * entries (the default one also when none does), its first key, column family counts and index root.
 *
 * <p>Closing writes the index and metadata and closes the output stream. Not thread-safe.
 */
public final class RFileWriter implements Closeable {
  // Accumulo's defaults written out (RFileWriterTest checks them against DefaultConfiguration): reading them
  // from its configuration costs a put Accumulo's class initialisation before its first file.
  /** Accumulo's table.file.compress.blocksize default (100K): a data block ends once past it. */
  public static final long DEFAULT_BLOCK_SIZE = 100 * 1024;
  /** Accumulo's table.file.compress.blocksize.index default (128K): an index block ends once past it. */
  public static final long DEFAULT_INDEX_BLOCK_SIZE = 128 * 1024;

  private static final int RFILE_MAGIC = 0x20637474;
  private static final int RFILE_VERSION = 8;
  private static final String RFILE_INDEX = "RFile.index";

  private final BCFileWriter file;
  private final LocalityGroupWriter defaultGroup;
  private final List<LocalityGroupWriter> named = new ArrayList<>();
  private final Map<ByteSequence, LocalityGroupWriter> groupOfFamily = new HashMap<>();
  private byte[] lastFamily = new byte[0]; // the previous entry's family and its group: most entries repeat it
  private LocalityGroupWriter lastGroup;
  private LocalityGroupWriter previousGroup; // the group of the entry appended last
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
    this(out, blockSize, indexBlockSize, Map.of());
  }

  /**
   * A writer with locality groups: group name to its column families (as Accumulo's
   * {@code LocalityGroupUtil.getLocalityGroups} reads them from {@code table.group.*}); empty for none.
   *
   * @throws IllegalArgumentException if a family is in two groups
   */
  public RFileWriter(OutputStream out, long blockSize, long indexBlockSize, Map<String, Set<ByteSequence>> groups)
      throws IOException {
    this(out, new Options().blockSizes(blockSize, indexBlockSize).groups(groups));
  }

  /** How a file is laid out: block sizes, locality groups, block compression. */
  public static final class Options {
    private long blockSize = DEFAULT_BLOCK_SIZE;
    private long indexBlockSize = DEFAULT_INDEX_BLOCK_SIZE;
    private Map<String, Set<ByteSequence>> groups = Map.of();
    private String compression = BCFileWriter.NONE;

    /** Data and index block sizes (Accumulo's table.file.compress.blocksize and .blocksize.index), raw bytes. */
    public Options blockSizes(long data, long index) {
      this.blockSize = data;
      this.indexBlockSize = index;
      return this;
    }

    /** Locality groups: name to column families; empty for the default group alone. */
    public Options groups(Map<String, Set<ByteSequence>> groups) {
      this.groups = groups;
      return this;
    }

    /**
     * Block compression, as Accumulo's table.file.compress.type names it (none, gz, snappy, ...). Compressed
     * files are readable by Accumulo but not byte for byte what its writer makes (codec streams may differ).
     */
    public Options compression(String codec) {
      this.compression = codec;
      return this;
    }
  }

  /**
   * A writer with the given layout.
   *
   * @throws IllegalArgumentException if a family is in two groups, a block size is out of range or the codec
   *     is unknown
   */
  public RFileWriter(OutputStream out, Options options) throws IOException {
    long blockSize = options.blockSize;
    long indexBlockSize = options.indexBlockSize;
    if (blockSize <= 0 || blockSize >= Integer.MAX_VALUE || indexBlockSize <= 0
        || indexBlockSize >= Integer.MAX_VALUE) {
      throw new IllegalArgumentException("block sizes must be between 1 and 2^31-2 bytes: " + blockSize + ", "
          + indexBlockSize);
    }
    this.file = new BCFileWriter(out, options.compression);
    for (Map.Entry<String, Set<ByteSequence>> g : options.groups.entrySet()) {
      LocalityGroupWriter w = new LocalityGroupWriter(file, blockSize, indexBlockSize, g.getKey(), g.getValue());
      named.add(w);
      for (ByteSequence cf : g.getValue()) {
        if (groupOfFamily.put(new ArrayByteSequence(cf.toArray()), w) != null) {
          throw new IllegalArgumentException("column family " + cf + " is in two locality groups");
        }
      }
    }
    this.defaultGroup = new LocalityGroupWriter(file, blockSize, indexBlockSize, null, null);
    this.lastGroup = groupOf(lastFamily, 0, 0);
  }

  /** The group of a family (slice of {@code b}): the previous entry's when it is the same family. */
  private LocalityGroupWriter groupOf(byte[] b, int offset, int length) {
    if (named.isEmpty()) {
      return defaultGroup;
    }
    if (lastGroup != null && Arrays.equals(lastFamily, 0, lastFamily.length, b, offset, offset + length)) {
      return lastGroup;
    }
    lastFamily = Arrays.copyOfRange(b, offset, offset + length);
    lastGroup = groupOfFamily.getOrDefault(new ArrayByteSequence(lastFamily), defaultGroup);
    return lastGroup;
  }

  /**
   * Appends an entry. Keys must come in Accumulo's order (equal keys may repeat).
   *
   * @throws IllegalArgumentException if {@code key} sorts before the previous key
   */
  public void append(Key key, Value value) throws IOException {
    checkOpen();
    ByteSequence cf = key.getColumnFamilyData();
    LocalityGroupWriter g = groupOf(cf.getBackingArray(), cf.offset(), cf.length());
    if (g.keys.set(key) < 0) {
      throw outOfOrder(g, key);
    }
    if (previousGroup != g && previousGroup != null && g.keys.compareWithPreviousOf(previousGroup.keys) < 0) {
      throw outOfOrder(previousGroup, key);
    }
    byte[] v = value.get();
    appendValue(g, v, 0, v.length);
  }

  /**
   * Appends an entry given as its fields, with no Key or Value built (arrays are read, not kept).
   *
   * @throws IllegalArgumentException if the key sorts before the previous key
   */
  public void append(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp,
      boolean deleted, byte[] value) throws IOException {
    checkOpen();
    LocalityGroupWriter g = groupOf(family, 0, family.length);
    if (g.keys.set(row, family, qualifier, visibility, timestamp, deleted) < 0) {
      throw outOfOrder(g, new Key(row, family, qualifier, visibility, timestamp, deleted));
    }
    if (previousGroup != g && previousGroup != null && g.keys.compareWithPreviousOf(previousGroup.keys) < 0) {
      throw outOfOrder(previousGroup, new Key(row, family, qualifier, visibility, timestamp, deleted));
    }
    appendValue(g, value, 0, value.length);
  }

  /**
   * Appends a cell given as slices of its array (read, not kept).
   *
   * @throws IllegalArgumentException if its key sorts before the previous key
   */
  public void append(CellSlices cell) throws IOException {
    checkOpen();
    LocalityGroupWriter g = groupOf(cell.bytes(), cell.familyOffset(), cell.familyLength());
    if (g.keys.set(cell) < 0) {
      throw outOfOrder(g, CellSlices.key(cell));
    }
    if (previousGroup != g && previousGroup != null && g.keys.compareWithPreviousOf(previousGroup.keys) < 0) {
      throw outOfOrder(previousGroup, CellSlices.key(cell));
    }
    appendValue(g, cell.bytes(), cell.valueOffset(), cell.valueLength());
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the RFile writer is closed");
    }
  }

  private static IllegalArgumentException outOfOrder(LocalityGroupWriter g, Key key) {
    return new IllegalArgumentException(
        "keys appended out of order: " + key + " after the previous key " + g.keys.previousKey());
  }

  /** Appends the value of the key group {@code g} has just taken, and the key. */
  private void appendValue(LocalityGroupWriter g, byte[] v, int offset, int length) throws IOException {
    g.appendValue(v, offset, length);
    deletes |= g.keys.currentDeleted();
    visibilities |= g.keys.visibility.currentLength() > 0;
    if (!versions && g.entries > 0) {
      versions = g.keys.sameColumnAsPrevious(); // the same column is in the same group
    }
    g.remember();
    previousGroup = g;
    entries++;
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

  /** Writes the last blocks, the indexes and the metadata, and closes the output stream. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      List<LocalityGroupWriter> written = new ArrayList<>();
      for (LocalityGroupWriter g : named) {
        if (g.entries > 0) {
          written.add(g);
        }
      }
      if (defaultGroup.entries > 0 || written.isEmpty()) {
        written.add(defaultGroup); // last, as Accumulo's writer puts it
      }
      for (LocalityGroupWriter g : written) {
        g.finish();
      }
      BlockBuffer meta = new BlockBuffer(1 << 12);
      meta.putInt(RFILE_MAGIC);
      meta.putInt(RFILE_VERSION);
      meta.putInt(written.size());
      for (LocalityGroupWriter g : written) {
        g.writeMetadata(meta);
      }
      meta.putBoolean(false); // no sample
      file.writeMetaBlock(RFILE_INDEX, meta);
      file.close();
    } catch (IOException | RuntimeException e) {
      file.abandon();
      throw e;
    }
  }
}
