package tabulo.algorithms.resident;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.PrivateFiles;

/**
 * A {@link ResidentGraph} kept on disk beside its table (the host's {@link Store#sideFile}), so that a later
 * algorithm takes G's arrays from one binary file instead of reading and numbering every cell again. It is
 * used only while it is current: it records the table's {@link Store#contentVersion} at the time it was
 * made, and a reader takes it only when the table's version is still that one, so a put, a delete, a
 * load, a compaction or an iterator change since (or a table deleted and made again) sends the reader back
 * to the table. It records the authorizations it was read with (a reader with others reads the table)
 * and, with the edges' values, the codec that read them. Checksums over its sections catch a damaged or
 * half-written file, which is then ignored. A host without side files or versions (Accumulo) keeps none.
 *
 * <p>Layout, little-endian: the magic {@code TBRG0002}; the header's length and the header (the version,
 * the authorizations, the codec's name or "" without values, as length and UTF-8 bytes each; the vertex
 * count n, the edge count m, the keys' total bytes, 1 if the graph is its own transpose (found when the
 * image is made: an undirected graph stored both ways) else 0, the checksums of the structure and of the
 * values);
 * the header's checksum; then the structure: the end of each vertex's key in the key bytes (n ints), the
 * key bytes (padded to 8), the CSR offsets (n + 1 ints), the targets (m ints); then the values (m doubles).
 */
final class ResidentImage {
  static final String NAME = "resident-graph";
  private static final long MAGIC = 0x3230303047524254L; // "TBRG0002" read little-endian
  private static final int CHUNK = 1 << 26; // bytes mapped or buffered at a time

  private ResidentImage() {}

  /**
   * The graph of {@code table} from its image, or null: no image, not current, read with other
   * authorizations, without the values asked for or by another codec, more than {@code maxEdges} edges,
   * or damaged.
   */
  static ResidentGraph read(Session s, String table, long maxEdges, boolean values) {
    Store store = s.store();
    Path file = store.sideFile(table, NAME);
    if (file == null) {
      return null;
    }
    String version = store.contentVersion(table);
    if (version == null) {
      return null;
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      Header h = Header.read(ch);
      if (h == null || !h.version.equals(version) || !h.auths.equals(auths(s)) || h.edges > maxEdges
          || values && !h.codec.equals(s.codec().name())) {
        return null;
      }
      long expected = h.structureStart() + h.structureBytes() + (h.codec.isEmpty() ? 0 : 8L * h.edges);
      if (ch.size() != expected) {
        return null;
      }
      CRC32C crc = new CRC32C();
      long pos = h.structureStart();
      int[] keyEnds = new int[h.vertices];
      pos = readInts(ch, pos, keyEnds, crc);
      byte[] keyBytes = new byte[(int) h.keyBytes];
      pos = readBytes(ch, pos, keyBytes, crc);
      pos = skipPadding(ch, pos, h.keyBytes, crc);
      int[] offsets = new int[h.vertices + 1];
      pos = readInts(ch, pos, offsets, crc);
      int[] targets = new int[h.edges];
      pos = readInts(ch, pos, targets, crc);
      if ((int) crc.getValue() != h.structureChecksum) {
        return null;
      }
      double[] weights = null;
      if (values) {
        crc.reset();
        weights = new double[h.edges];
        readDoubles(ch, pos, weights, crc);
        if ((int) crc.getValue() != h.valuesChecksum) {
          return null;
        }
      }
      byte[][] keys = new byte[h.vertices][];
      for (int v = 0, start = 0; v < keys.length; v++) {
        if (keyEnds[v] < start || keyEnds[v] > keyBytes.length) {
          return null;
        }
        keys[v] = Arrays.copyOfRange(keyBytes, start, keyEnds[v]);
        start = keyEnds[v];
      }
      return new ResidentGraph(keys, offsets, targets, weights, h.symmetric);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      return null; // an image that cannot be read is no image: the table is read instead
    }
  }

  /**
   * Reads {@code table} (as {@link ResidentGraphLoader} does; with each edge's value when {@code values})
   * and keeps its image, replacing one made before. Returns whether it did: not when the host keeps no side
   * files or cannot say the table's version, when the graph is not held in memory (labelled cells, more
   * than {@code maxEdges}), or when the table changed while it was read. For a writer of the store.
   */
  static boolean write(Session s, String table, long maxEdges, boolean values) {
    Store store = s.store();
    Path file = store.sideFile(table, NAME);
    String version = file == null ? null : store.contentVersion(table);
    if (version == null) {
      return false;
    }
    ResidentGraph g = ResidentGraphLoader.load(s, table, maxEdges, values);
    if (g == null || !version.equals(store.contentVersion(table))) {
      return false;
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      write(g, new Header(version, auths(s), values ? s.codec().name() : "", g.vertices(), g.edges(),
          keyBytes(g), g.isSymmetric(), 0, 0), tmp);
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      deleteQuietly(tmp);
      return false;
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw new TabuloException("cannot write " + file + ": " + e.getMessage(), e);
    }
    return true;
  }

  private static void write(ResidentGraph g, Header h, Path tmp) throws IOException {
    Files.deleteIfExists(tmp);
    try (FileChannel ch = PrivateFiles.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      Sink out = new Sink(ch, h.structureStart());
      int end = 0;
      for (int v = 0; v < h.vertices; v++) {
        end += g.key(v).length;
        out.putInt(end);
      }
      for (int v = 0; v < h.vertices; v++) {
        out.put(g.key(v));
      }
      for (long k = h.keyBytes; k % 8 != 0; k++) {
        out.put(new byte[] {0});
      }
      int[] offsets = g.offsets();
      for (int v = 0; v <= h.vertices; v++) {
        out.putInt(offsets[v]);
      }
      int[] targets = g.targets();
      for (int k = 0; k < h.edges; k++) {
        out.putInt(targets[k]);
      }
      int structure = out.finishSection();
      int valueSum = 0;
      if (!h.codec.isEmpty()) {
        double[] w = g.weights();
        for (int k = 0; k < h.edges; k++) {
          out.putDouble(w[k]);
        }
        valueSum = out.finishSection();
      }
      out.flush();
      Header done = new Header(h.version, h.auths, h.codec, h.vertices, h.edges, h.keyBytes, h.symmetric, structure,
          valueSum);
      ByteBuffer head = done.encode();
      long pos = 0;
      while (head.hasRemaining()) {
        pos += ch.write(head, pos);
      }
    }
  }

  private static long keyBytes(ResidentGraph g) {
    long n = 0;
    for (int v = 0; v < g.vertices(); v++) {
      n += g.key(v).length;
    }
    if (n > Integer.MAX_VALUE - 8) {
      throw new TabuloException("the graph's keys are too long to keep in an image: " + n + " bytes");
    }
    return n;
  }

  private static String auths(Session s) {
    return s.auths().toString();
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // a leftover temporary is removed when the table is next opened
    }
  }

  /** What the image says about itself, before its sections. */
  private record Header(String version, String auths, String codec, int vertices, int edges, long keyBytes,
      boolean symmetric, int structureChecksum, int valuesChecksum) {

    /** The bytes the header takes: the magic, its length, its fields and its checksum. */
    private int length() {
      return 8 + 4 + 3 * 4 + text(version).length + text(auths).length + text(codec).length + 4 + 4 + 8 + 4 + 4 + 4
          + 4;
    }

    long structureStart() {
      return (length() + 7) / 8 * 8;
    }

    long structureBytes() {
      return 4L * vertices + (keyBytes + 7) / 8 * 8 + 4L * (vertices + 1) + 4L * edges;
    }

    ByteBuffer encode() {
      ByteBuffer b = ByteBuffer.allocate((int) structureStart()).order(ByteOrder.LITTLE_ENDIAN);
      b.putLong(MAGIC).putInt(length());
      for (String t : new String[] {version, auths, codec}) {
        byte[] x = text(t);
        b.putInt(x.length).put(x);
      }
      b.putInt(vertices).putInt(edges).putLong(keyBytes).putInt(symmetric ? 1 : 0).putInt(structureChecksum)
          .putInt(valuesChecksum);
      CRC32C crc = new CRC32C();
      crc.update(b.array(), 0, b.position());
      b.putInt((int) crc.getValue());
      b.position(0);
      return b;
    }

    /** The header of the image {@code ch}, or null when it is not one or is damaged. */
    static Header read(FileChannel ch) throws IOException {
      ByteBuffer start = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
      if (ch.read(start, 0) != 12 || start.getLong(0) != MAGIC) {
        return null;
      }
      int length = start.getInt(8);
      if (length < 12 + 4 * 3 + 32 || length > 1 << 20 || length > ch.size()) {
        return null;
      }
      ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
      while (b.hasRemaining()) {
        if (ch.read(b, b.position()) < 0) {
          return null;
        }
      }
      CRC32C crc = new CRC32C();
      crc.update(b.array(), 0, length - 4);
      if ((int) crc.getValue() != b.getInt(length - 4)) {
        return null;
      }
      b.position(12);
      String[] texts = new String[3];
      for (int i = 0; i < 3; i++) {
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
          return null;
        }
        byte[] x = new byte[n];
        b.get(x);
        texts[i] = new String(x, StandardCharsets.UTF_8);
      }
      Header h = new Header(texts[0], texts[1], texts[2], b.getInt(), b.getInt(), b.getLong(), b.getInt() == 1,
          b.getInt(), b.getInt());
      return h.vertices < 0 || h.edges < 0 || h.keyBytes < 0 || h.keyBytes > Integer.MAX_VALUE - 8
          || h.length() != length ? null : h;
    }

    private static byte[] text(String s) {
      return s.getBytes(StandardCharsets.UTF_8);
    }
  }

  /** Writes a section's bytes through a buffer from a position on, its checksum beside. */
  private static final class Sink {
    private final FileChannel ch;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C crc = new CRC32C();
    private long pos;

    Sink(FileChannel ch, long pos) {
      this.ch = ch;
      this.pos = pos;
    }

    void putInt(int x) throws IOException {
      room(4);
      buf.putInt(x);
    }

    void putDouble(double x) throws IOException {
      room(8);
      buf.putDouble(x);
    }

    void put(byte[] x) throws IOException {
      for (int i = 0; i < x.length; ) {
        room(1);
        int n = Math.min(x.length - i, buf.remaining());
        buf.put(x, i, n);
        i += n;
      }
    }

    /** The checksum of what was written since the last section ended (its bytes flushed). */
    int finishSection() throws IOException {
      flush();
      int sum = (int) crc.getValue();
      crc.reset();
      return sum;
    }

    private void room(int n) throws IOException {
      if (buf.remaining() < n) {
        flush();
      }
    }

    void flush() throws IOException {
      buf.flip();
      crc.update(buf.duplicate());
      while (buf.hasRemaining()) {
        pos += ch.write(buf, pos);
      }
      buf.clear();
    }
  }

  private static long readInts(FileChannel ch, long pos, int[] out, CRC32C crc) throws IOException {
    for (int done = 0; done < out.length; ) {
      int n = Math.min(out.length - done, CHUNK / 4);
      ByteBuffer b = map(ch, pos, 4L * n, crc);
      b.asIntBuffer().get(out, done, n);
      done += n;
      pos += 4L * n;
    }
    return pos;
  }

  private static long readDoubles(FileChannel ch, long pos, double[] out, CRC32C crc) throws IOException {
    for (int done = 0; done < out.length; ) {
      int n = Math.min(out.length - done, CHUNK / 8);
      ByteBuffer b = map(ch, pos, 8L * n, crc);
      b.asDoubleBuffer().get(out, done, n);
      done += n;
      pos += 8L * n;
    }
    return pos;
  }

  private static long readBytes(FileChannel ch, long pos, byte[] out, CRC32C crc) throws IOException {
    for (int done = 0; done < out.length; ) {
      int n = Math.min(out.length - done, CHUNK);
      map(ch, pos, n, crc).get(out, done, n);
      done += n;
      pos += n;
    }
    return pos;
  }

  private static long skipPadding(FileChannel ch, long pos, long written, CRC32C crc) throws IOException {
    int pad = (int) ((8 - written % 8) % 8);
    if (pad > 0) {
      map(ch, pos, pad, crc);
    }
    return pos + pad;
  }

  /** {@code length} bytes of the file from {@code pos}, added to the checksum. */
  private static ByteBuffer map(FileChannel ch, long pos, long length, CRC32C crc) throws IOException {
    MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, pos, length);
    b.order(ByteOrder.LITTLE_ENDIAN);
    crc.update(b.duplicate());
    return b;
  }
}
