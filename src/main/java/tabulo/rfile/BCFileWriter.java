package tabulo.rfile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The BCFile container an RFile lives in (Accumulo 2.1, BCFile version 3), for uncompressed blocks
 * without encryption: a magic number, the blocks back to back, then the "BCFile.index" meta block, the
 * meta block index, the crypto parameters, and a fixed-size trailer that points at them.
 *
 * <p>Data blocks (an RFile's data and index blocks) are found through the RFile's own index, so the
 * container lists only the meta blocks. Uncompressed, a block's stored size is its raw size.
 */
final class BCFileWriter {
  private static final byte[] MAGIC = {(byte) 0xd1, 0x11, (byte) 0xd3, 0x68, (byte) 0x91, (byte) 0xb5, (byte) 0xd7,
      (byte) 0xb6, 0x39, (byte) 0xdf, 0x41, 0x40, (byte) 0x92, (byte) 0xba, (byte) 0xe1, 0x50};
  private static final String COMPRESSION = "none";
  private static final String DATA_INDEX = "BCFile.index";
  /** What Accumulo's NoCryptoService records as the parameters to decrypt with. */
  private static final byte[] NO_CRYPTO_PARAMETERS = "U+1F47B".getBytes(StandardCharsets.UTF_8);
  private static final short VERSION_MAJOR = 3;
  private static final short VERSION_MINOR = 0;

  private final OutputStream out;
  private long position;
  /** Meta blocks by name (their index lists them in name order): offset and size. */
  private final Map<String, long[]> metaBlocks = new TreeMap<>();

  BCFileWriter(OutputStream out) throws IOException {
    this.out = out;
    write(MAGIC, 0, MAGIC.length);
  }

  long position() {
    return position;
  }

  /** Writes a data block; returns where it starts. */
  long writeBlock(byte[] b, int off, int len) throws IOException {
    long start = position;
    write(b, off, len);
    return start;
  }

  void writeMetaBlock(String name, BlockBuffer block) throws IOException {
    if (metaBlocks.containsKey(name)) {
      throw new IllegalStateException("meta block " + name + " already written");
    }
    long start = writeBlock(block.array(), 0, block.size());
    metaBlocks.put(name, new long[] {start, block.size()});
  }

  /** Writes the container's index and trailer and closes the output. */
  void close() throws IOException {
    BlockBuffer dataIndex = new BlockBuffer(16);
    dataIndex.putBCFileString(COMPRESSION);
    dataIndex.putBCFileVLong(0); // no data blocks listed
    writeMetaBlock(DATA_INDEX, dataIndex);

    BlockBuffer tail = new BlockBuffer(256);
    long metaIndexOffset = position;
    tail.putBCFileVLong(metaBlocks.size());
    for (Map.Entry<String, long[]> e : metaBlocks.entrySet()) {
      tail.putBCFileString("data:" + e.getKey());
      tail.putBCFileString(COMPRESSION);
      tail.putBCFileVLong(e.getValue()[0]); // offset
      tail.putBCFileVLong(e.getValue()[1]); // stored size
      tail.putBCFileVLong(e.getValue()[1]); // raw size
    }
    long cryptoOffset = metaIndexOffset + tail.size();
    tail.putInt(NO_CRYPTO_PARAMETERS.length);
    tail.put(NO_CRYPTO_PARAMETERS, 0, NO_CRYPTO_PARAMETERS.length);
    tail.putLong(metaIndexOffset);
    tail.putLong(cryptoOffset);
    tail.putShort(VERSION_MAJOR);
    tail.putShort(VERSION_MINOR);
    tail.put(MAGIC, 0, MAGIC.length);
    write(tail.array(), 0, tail.size());
    out.close();
  }

  /** Closes the output after a failure, keeping the failure's exception. */
  void abandon() {
    try {
      out.close();
    } catch (IOException | RuntimeException e) {
      // the write had failed already
    }
  }

  private void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    position += len;
  }
}
