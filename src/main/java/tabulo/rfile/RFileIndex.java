package tabulo.rfile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.accumulo.core.data.Key;

/**
 * The layout of an uncompressed RFile (version 8 on BCFile 3, no encryption), as {@link RFileWriter} and
 * Accumulo's writer make it, read once so that {@link RFileCursor}s can walk its data blocks: per locality
 * group, every data block's offset, size and index key (no smaller than any key in the block, smaller
 * than every key after it). {@link #open} returns null for files it does not read (compressed, encrypted,
 * another version): those stay with Accumulo's reader. Immutable: cursors on several threads share it.
 */
public final class RFileIndex {
  private static final byte[] BCFILE_MAGIC = {(byte) 0xd1, 0x11, (byte) 0xd3, 0x68, (byte) 0x91, (byte) 0xb5,
      (byte) 0xd7, (byte) 0xb6, 0x39, (byte) 0xdf, 0x41, 0x40, (byte) 0x92, (byte) 0xba, (byte) 0xe1, 0x50};
  private static final int TRAILER = 8 + 8 + 2 + 2 + BCFILE_MAGIC.length;
  private static final byte[] NO_CRYPTO = "U+1F47B".getBytes(StandardCharsets.UTF_8);
  private static final int RFILE_MAGIC = 0x20637474;
  private static final int RFILE_VERSION = 8;

  /** One locality group: its name (null: the default group) and its data blocks in key order. */
  public record Group(String name, long[] offsets, int[] sizes, Key[] indexKeys) {
    public int blocks() {
      return offsets.length;
    }
  }

  private final BlockSource source;
  private final String name;
  private final List<Group> groups;

  private RFileIndex(BlockSource source, String name, List<Group> groups) {
    this.source = source;
    this.name = name;
    this.groups = groups;
  }

  public List<Group> groups() {
    return groups;
  }

  BlockSource source() {
    return source;
  }

  /** The file's name, for messages. */
  public String name() {
    return name;
  }

  /** A cursor over one group, not yet seeked. */
  public RFileCursor cursor(Group g) {
    return new RFileCursor(this, g);
  }

  /**
   * Reads the layout of the file {@code source} holds ({@code name} for messages), or returns null when
   * it is not an uncompressed, unencrypted version 8 RFile.
   *
   * @throws IOException if it cannot be read or is damaged
   */
  public static RFileIndex open(BlockSource source, String name) throws IOException {
    long length = source.length();
    if (length < BCFILE_MAGIC.length + TRAILER) {
      return null;
    }
    ByteReader tail = new ByteReader(source.read(length - TRAILER, TRAILER), name);
    long metaIndexOffset = tail.readLong();
    long cryptoOffset = tail.readLong();
    int major = tail.readUnsignedShort();
    tail.readUnsignedShort();
    byte[] magic = tail.readBytes(BCFILE_MAGIC.length);
    if (!Arrays.equals(magic, BCFILE_MAGIC) || major != 3 || metaIndexOffset < 0 || cryptoOffset < metaIndexOffset
        || cryptoOffset > length - TRAILER) {
      return null; // another container version: Accumulo's reader decides
    }
    ByteReader crypto = new ByteReader(source.read(cryptoOffset, (int) (length - TRAILER - cryptoOffset)), name);
    int cryptoLength = crypto.readInt();
    if (!Arrays.equals(crypto.readBytes(cryptoLength), NO_CRYPTO)) {
      return null; // encrypted
    }
    ByteReader metaIndex = new ByteReader(source.read(metaIndexOffset, (int) (cryptoOffset - metaIndexOffset)),
        name);
    long count = metaIndex.readBCFileVLong();
    long[] rfileIndex = null;
    long[] bcfileIndex = null;
    for (long i = 0; i < count; i++) {
      String block = metaIndex.readBCFileString();
      String codec = metaIndex.readBCFileString();
      long[] where = {metaIndex.readBCFileVLong(), metaIndex.readBCFileVLong(), metaIndex.readBCFileVLong()};
      if (!"none".equals(codec)) {
        return null; // compressed
      }
      if (block.equals("data:RFile.index")) {
        rfileIndex = where;
      } else if (block.equals("data:BCFile.index")) {
        bcfileIndex = where;
      }
    }
    if (rfileIndex == null || bcfileIndex == null) {
      return null;
    }
    if (!"none".equals(new ByteReader(read(source, bcfileIndex, length, name), name).readBCFileString())) {
      return null; // data blocks compressed
    }
    ByteReader meta = new ByteReader(read(source, rfileIndex, length, name), name);
    if (meta.readInt() != RFILE_MAGIC || meta.readInt() != RFILE_VERSION) {
      return null;
    }
    int groupCount = meta.readInt();
    List<Group> groups = new ArrayList<>();
    for (int g = 0; g < groupCount; g++) {
      groups.add(readGroup(meta, source, length, name));
    }
    return new RFileIndex(source, name, List.copyOf(groups)); // samples, if any, follow: scans do not read them
  }

  /** LocalityGroupMetadata (version 8): default or name, family counts, first key, index root. */
  private static Group readGroup(ByteReader in, BlockSource source, long length, String name) throws IOException {
    boolean isDefault = in.readBoolean();
    String groupName = isDefault ? null : in.readUTF();
    int families = in.readInt();
    for (int i = 0; i < families; i++) {
      in.readBytes(in.readInt());
      in.readLong();
    }
    if (in.readBoolean()) {
      in.readKey(); // the first key: the blocks say it again
    }
    in.readInt(); // data blocks in all
    List<long[]> blocks = new ArrayList<>();
    List<Key> keys = new ArrayList<>();
    readIndexBlock(in, source, length, name, blocks, keys, 0);
    long[] offsets = new long[blocks.size()];
    int[] sizes = new int[blocks.size()];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = blocks.get(i)[0];
      sizes[i] = (int) blocks.get(i)[1];
    }
    return new Group(groupName, offsets, sizes, keys.toArray(new Key[0]));
  }

  /** MultiLevelIndex.IndexBlock: level 0 lists data blocks, higher levels list index blocks below them. */
  private static void readIndexBlock(ByteReader in, BlockSource source, long length, String name,
      List<long[]> blocks, List<Key> keys, int depth) throws IOException {
    int level = in.readInt();
    in.readInt(); // level 0 entries before this block
    in.readBoolean(); // whether another block follows at this level
    int count = in.readInt();
    if (count < 0 || depth > 64) {
      throw new IOException(name + " is damaged: a bad index block");
    }
    in.pos += 4 * count; // each entry's offset: they are read in order anyway
    int size = in.readInt();
    ByteReader entries = new ByteReader(in.readBytes(size), name);
    for (int i = 0; i < count; i++) {
      Key key = entries.readKey();
      entries.readInt(); // entries in the block
      long[] where = {entries.readBCFileVLong(), entries.readBCFileVLong(), entries.readBCFileVLong()};
      if (where[1] != where[2] || where[0] < 0 || where[1] < 0 || where[0] + where[1] > length) {
        throw new IOException(name + " is damaged: a block outside the file or of two sizes");
      }
      if (level == 0) {
        blocks.add(where);
        keys.add(key);
      } else {
        ByteReader child = new ByteReader(read(source, where, length, name), name);
        readIndexBlock(child, source, length, name, blocks, keys, depth + 1);
      }
    }
  }

  private static byte[] read(BlockSource source, long[] where, long length, String name) throws IOException {
    if (where[0] < 0 || where[1] < 0 || where[1] > Integer.MAX_VALUE || where[0] + where[1] > length) {
      throw new IOException(name + " is damaged: a block outside the file");
    }
    return source.read(where[0], (int) where[1]);
  }

  /** The bytes of a group's block {@code i}, read into {@code reuse} if it is large enough. */
  BlockSource.Block block(Group g, int i, byte[] reuse) throws IOException {
    return source.read(g.offsets()[i], g.sizes()[i], reuse);
  }
}
