package tabulo.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

import org.apache.hadoop.fs.ChecksumException;

/**
 * The CRC32C of every {@link #CHUNK}-byte chunk of one sorted file, kept in a side file {@code N.rf.crc32c}
 * (the sorted file itself stays a plain RFile that Accumulo can bulk-import). Written and fsynced once the
 * sorted file is complete, before the manifest names the file (whose commit syncs the folder, making both
 * names durable); checked on every read of a chunk.
 */
record FileChecksums(long length, int[] crcs) {
  static final int CHUNK = 64 << 10;
  static final String SUFFIX = ".crc32c";
  private static final byte[] MAGIC = {'T', 'B', 'S', 'U', 'M', 'S', '\n', 1};

  static Path sideFile(Path sortedFile) {
    return sortedFile.resolveSibling(sortedFile.getFileName() + SUFFIX);
  }

  int chunks() {
    return crcs.length;
  }

  void save(Path sortedFile) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(MAGIC.length + 4 + 8 + 4 + 4 * crcs.length + 4);
    b.put(MAGIC).putInt(CHUNK).putLong(length).putInt(crcs.length);
    for (int c : crcs) {
      b.putInt(c);
    }
    b.putInt(crc(b.array(), b.position()));
    AtomicFile.writeUnnamed(sideFile(sortedFile), b.array()); // the manifest naming the sorted file syncs the folder
  }

  /** The checksums of {@code sortedFile}, or null if it has none (written before checksums existed). */
  static FileChecksums load(Path sortedFile) throws IOException {
    Path side = sideFile(sortedFile);
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(side);
    } catch (NoSuchFileException e) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    if (bytes.length < MAGIC.length + 20 || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)
        || crc(bytes, bytes.length - 4) != b.getInt(bytes.length - 4)) {
      throw new IOException("checksum file " + side + " is damaged");
    }
    b.position(MAGIC.length);
    int chunk = b.getInt();
    long length = b.getLong();
    int count = b.getInt();
    if (chunk != CHUNK || count != chunksOf(length) || bytes.length != MAGIC.length + 20 + 4 * count) {
      throw new IOException("checksum file " + side + " is damaged");
    }
    int[] crcs = new int[count];
    for (int i = 0; i < count; i++) {
      crcs[i] = b.getInt();
    }
    return new FileChecksums(length, crcs);
  }

  /** Refuses a sorted file whose length is not the one its checksums cover. */
  void checkLength(Path file, long size) throws ChecksumException {
    if (size != length) {
      throw new ChecksumException("sorted file " + file + " is damaged: it has " + size
          + " bytes, its checksums cover " + length, Math.min(size, length));
    }
  }

  /** Refuses chunk {@code index} of {@code file}, read into {@code b[off..off+len)}, if its checksum differs. */
  void checkChunk(Path file, int index, byte[] b, int off, int len) throws ChecksumException {
    CRC32C crc = new CRC32C();
    crc.update(b, off, len);
    if ((int) crc.getValue() != crcs[index]) {
      long start = (long) index * CHUNK;
      throw new ChecksumException("sorted file " + file + " is damaged: checksum mismatch in bytes " + start
          + "-" + (start + len - 1), start);
    }
  }

  static int chunksOf(long length) {
    return (int) ((length + CHUNK - 1) / CHUNK);
  }

  private static int crc(byte[] b, int len) {
    CRC32C c = new CRC32C();
    c.update(b, 0, len);
    return (int) c.getValue();
  }

  /** Deletes a sorted file and its checksums. */
  static void deleteWithFile(Path sortedFile) throws IOException {
    Files.deleteIfExists(sortedFile);
    Files.deleteIfExists(sideFile(sortedFile));
  }
}
