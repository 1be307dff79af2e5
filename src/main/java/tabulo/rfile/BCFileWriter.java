package tabulo.rfile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

import org.apache.accumulo.core.file.rfile.bcfile.Compression;
import org.apache.accumulo.core.file.rfile.bcfile.CompressionAlgorithm;
import org.apache.hadoop.io.compress.Compressor;

/**
 * The BCFile container an RFile lives in (Accumulo 2.1, BCFile version 3), without encryption: a magic
 * number, the blocks back to back, then the "BCFile.index" meta block, the meta block index, the crypto
 * parameters, and a fixed-size trailer that points at them.
 *
 * <p>Data blocks (an RFile's data and index blocks) are found through the RFile's own index, so the
 * container lists only the meta blocks. Every block, data or meta, is compressed with the file's codec
 * (Accumulo's {@code table.file.compress.type} names: none, gz, snappy, ...; the "BCFile.index" block records
 * it, as Accumulo's writer does), each block a stream of its own; uncompressed, a block is its raw bytes.
 */
final class BCFileWriter {
  private static final byte[] MAGIC = {(byte) 0xd1, 0x11, (byte) 0xd3, 0x68, (byte) 0x91, (byte) 0xb5, (byte) 0xd7,
      (byte) 0xb6, 0x39, (byte) 0xdf, 0x41, 0x40, (byte) 0x92, (byte) 0xba, (byte) 0xe1, 0x50};
  static final String NONE = "none";
  private static final String DATA_INDEX = "BCFile.index";
  /** What Accumulo's NoCryptoService records as the parameters to decrypt with. */
  private static final byte[] NO_CRYPTO_PARAMETERS = "U+1F47B".getBytes(StandardCharsets.UTF_8);
  private static final short VERSION_MAJOR = 3;
  private static final short VERSION_MINOR = 0;

  private final OutputStream out;
  private final String compression;
  private final CompressionAlgorithm codec; // null: none
  private long position;
  private long lastStoredSize;
  /** Meta blocks by name (their index lists them in name order): offset, stored size and raw size. */
  private final Map<String, long[]> metaBlocks = new TreeMap<>();

  BCFileWriter(OutputStream out) throws IOException {
    this(out, NONE);
  }

  /** A container whose blocks are compressed with {@code compression} (an Accumulo codec name). */
  BCFileWriter(OutputStream out, String compression) throws IOException {
    this.codec = NONE.equals(compression) ? null : Compression.getCompressionAlgorithmByName(compression);
    this.compression = compression;
    this.out = out;
    write(MAGIC, 0, MAGIC.length);
  }

  long position() {
    return position;
  }

  /** Writes a data block (compressed, if the file is); returns where it starts. */
  long writeBlock(byte[] b, int off, int len) throws IOException {
    long start = position;
    if (codec == null) {
      write(b, off, len);
    } else {
      // as BCFile.Writer's block state: a pooled compressor, a stream that finishes the block on flush
      Compressor compressor = codec.getCompressor();
      try {
        OutputStream block = codec.createCompressionStream(new OutputStream() {
          @Override
          public void write(int v) throws IOException {
            BCFileWriter.this.write(new byte[] {(byte) v}, 0, 1);
          }

          @Override
          public void write(byte[] buf, int o, int l) throws IOException {
            BCFileWriter.this.write(buf, o, l);
          }
        }, compressor, 0);
        block.write(b, off, len);
        block.flush();
      } finally {
        codec.returnCompressor(compressor);
      }
    }
    lastStoredSize = position - start;
    return start;
  }

  /** The size in the file of the block written last. */
  long lastStoredSize() {
    return lastStoredSize;
  }

  void writeMetaBlock(String name, BlockBuffer block) throws IOException {
    if (metaBlocks.containsKey(name)) {
      throw new IllegalStateException("meta block " + name + " already written");
    }
    long start = writeBlock(block.array(), 0, block.size());
    metaBlocks.put(name, new long[] {start, lastStoredSize, block.size()});
  }

  /** Writes the container's index and trailer and closes the output. */
  void close() throws IOException {
    BlockBuffer dataIndex = new BlockBuffer(16);
    dataIndex.putBCFileString(compression);
    dataIndex.putBCFileVLong(0); // no data blocks listed
    writeMetaBlock(DATA_INDEX, dataIndex);

    BlockBuffer tail = new BlockBuffer(256);
    long metaIndexOffset = position;
    tail.putBCFileVLong(metaBlocks.size());
    for (Map.Entry<String, long[]> e : metaBlocks.entrySet()) {
      tail.putBCFileString("data:" + e.getKey());
      tail.putBCFileString(compression);
      tail.putBCFileVLong(e.getValue()[0]); // offset
      tail.putBCFileVLong(e.getValue()[1]); // stored size
      tail.putBCFileVLong(e.getValue()[2]); // raw size
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
