package tabulo.rfile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.conf.DefaultConfiguration;
import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.file.FileOperations;
import org.apache.accumulo.core.file.FileSKVIterator;
import org.apache.accumulo.core.file.FileSKVWriter;
import org.apache.accumulo.core.file.rfile.RFile;
import org.apache.accumulo.core.spi.crypto.NoCryptoService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;

/** Entries to write, and Accumulo's writer and reader as the oracles for Tabulo's writer. */
final class RFileFixtures {
  static final Configuration HADOOP = new Configuration(false);
  static final FileSystem FS = localFileSystem();
  static final NoCryptoService NO_CRYPTO = new NoCryptoService();

  record Entry(Key key, Value value) {
    @Override
    public String toString() {
      return key + " -> " + value.getSize() + " bytes";
    }
  }

  private RFileFixtures() {}

  private static FileSystem localFileSystem() {
    try {
      RawLocalFileSystem fs = new RawLocalFileSystem();
      fs.initialize(URI.create("file:///"), HADOOP);
      return fs;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ConfigurationCopy tableConf(long blockSize, long indexBlockSize) {
    ConfigurationCopy conf = new ConfigurationCopy(DefaultConfiguration.getInstance());
    conf.set(Property.TABLE_FILE_COMPRESSION_TYPE, "none");
    conf.set(Property.TABLE_FILE_COMPRESSED_BLOCK_SIZE, Long.toString(blockSize));
    conf.set(Property.TABLE_FILE_COMPRESSED_BLOCK_SIZE_INDEX, Long.toString(indexBlockSize));
    return conf;
  }

  static Path writeTabulo(Path file, List<Entry> entries, long blockSize, long indexBlockSize) throws IOException {
    try (RFileWriter w = new RFileWriter(Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE), blockSize, indexBlockSize)) {
      int i = 0;
      for (Entry e : entries) {
        // entries as Keys, as their fields, and as slices of one array: all three ways write the same bytes
        Key k = e.key();
        switch (i++ % 3) {
          case 0 -> w.append(k, e.value());
          case 1 -> w.append(k.getRowData().toArray(), k.getColumnFamilyData().toArray(),
              k.getColumnQualifierData().toArray(), k.getColumnVisibilityData().toArray(), k.getTimestamp(),
              k.isDeleted(), e.value().get());
          default -> w.append(SliceCell.of(k, e.value().get()));
        }
      }
    }
    return file;
  }

  static Path writeAccumulo(Path file, List<Entry> entries, long blockSize, long indexBlockSize) throws IOException {
    FileSKVWriter w = FileOperations.getInstance().newWriterBuilder()
        .forFile(file.toString(), FS, HADOOP, NO_CRYPTO).withTableConfiguration(tableConf(blockSize, indexBlockSize))
        .build();
    w.startDefaultLocalityGroup();
    for (Entry e : entries) {
      w.append(e.key(), e.value());
    }
    w.close();
    return file;
  }

  static FileSKVIterator open(Path file) throws IOException {
    return FileOperations.getInstance().newReaderBuilder().forFile(file.toString(), FS, HADOOP, NO_CRYPTO)
        .withTableConfiguration(tableConf(RFileWriter.DEFAULT_BLOCK_SIZE, RFileWriter.DEFAULT_INDEX_BLOCK_SIZE))
        .build();
  }

  /** Everything in the range, delete markers included (the file reader applies no iterators). */
  static List<Entry> read(Path file, Range range, int limit) throws IOException {
    List<Entry> out = new ArrayList<>();
    try (FileSKVIterator r = open(file)) {
      r.seek(range, List.of(), false);
      while (r.hasTop() && out.size() < limit) {
        out.add(new Entry(new Key(r.getTopKey()), new Value(r.getTopValue())));
        r.next();
      }
    }
    return out;
  }

  static List<Entry> expected(List<Entry> sorted, Range range, int limit) {
    List<Entry> out = new ArrayList<>();
    for (Entry e : sorted) {
      if (range.contains(e.key())) {
        out.add(e);
        if (out.size() == limit) {
          break;
        }
      } else if (range.afterEndKey(e.key())) {
        break;
      }
    }
    return out;
  }

  /** Bytes per index level (level to size), from Accumulo's own description of the file. */
  static TreeMap<Integer, Long> indexLevels(Path file) throws IOException {
    String info;
    PrintStream old = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    try (FileSKVIterator r = open(file)) {
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      ((RFile.Reader) r).printInfo(false);
    } finally {
      System.setOut(old);
    }
    info = captured.toString(StandardCharsets.UTF_8);
    TreeMap<Integer, Long> levels = new TreeMap<>();
    Matcher m = Pattern.compile("Index level (\\d+)\\s*:\\s*([\\d,]+) bytes").matcher(info);
    while (m.find()) {
      levels.put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2).replace(",", "")));
    }
    return levels;
  }

  /**
   * Random entries in key order: rows of varied lengths (empty, short, 16 bytes, long, sharing long
   * prefixes, binary), a few families and qualifiers (some empty), visibilities, timestamps including
   * equal, negative and extreme ones, delete markers, many versions of some columns, repeated keys, and
   * values from empty to larger than a block.
   */
  static List<Entry> randomEntries(Random rnd, int n, boolean validVisibilities) {
    byte[][] rows = new byte[Math.max(4, n / 8)][];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = randomField(rnd, i);
    }
    byte[][] families = {bytes(""), bytes("f"), bytes("family"), bytes("familz"), {0}, {(byte) 0xff, 0},
        bytes("f" + "x".repeat(40))};
    byte[][] qualifiers = {bytes(""), bytes("q"), bytes("q1"), bytes("q12"), bytes("qualifier-" + "y".repeat(30)),
        {(byte) 0x80}, {0, 0, 1}};
    byte[][] visibilities = validVisibilities
        ? new byte[][] {bytes(""), bytes(""), bytes("A"), bytes("A&B"), bytes("(A|B)&C")}
        : new byte[][] {bytes(""), bytes(""), bytes("A"), bytes("A&B"), {(byte) 0xfe, 1}};
    long[] stamps = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1_700_000_000_000L, 42};
    List<Entry> entries = new ArrayList<>(n);
    while (entries.size() < n) {
      byte[] row = rows[rnd.nextInt(rows.length)];
      byte[] cf = families[rnd.nextInt(families.length)];
      byte[] cq = rnd.nextInt(10) == 0 ? randomField(rnd, rnd.nextInt(1000)) : qualifiers[rnd.nextInt(qualifiers.length)];
      byte[] cv = visibilities[rnd.nextInt(visibilities.length)];
      int versions = rnd.nextInt(20) == 0 ? 2 + rnd.nextInt(30) : 1;
      long ts = rnd.nextInt(3) == 0 ? stamps[rnd.nextInt(stamps.length)] : rnd.nextLong();
      for (int v = 0; v < versions && entries.size() < n; v++) {
        Key k = new Key(row, cf, cq, cv, rnd.nextInt(8) == 0 ? ts : ts - v * (long) rnd.nextInt(1000));
        k.setDeleted(rnd.nextInt(10) == 0);
        entries.add(new Entry(k, new Value(randomValue(rnd))));
        if (rnd.nextInt(50) == 0 && entries.size() < n) {
          entries.add(new Entry(new Key(k), new Value(randomValue(rnd)))); // the same key again
        }
      }
    }
    entries.sort((a, b) -> a.key().compareTo(b.key()));
    // Accumulo's writers start from new Key(): nothing may sort before it (an empty deleted key at MAX)
    entries.removeIf(e -> e.key().compareTo(new Key()) < 0);
    return entries;
  }

  private static byte[] randomField(Random rnd, int i) {
    switch (i % 6) {
      case 0:
        return new byte[0];
      case 1:
        return new byte[] {(byte) rnd.nextInt(256)};
      case 2:
        return String.format("%016x", rnd.nextLong()).getBytes(StandardCharsets.US_ASCII);
      case 3: {
        byte[] b = new byte[300 + rnd.nextInt(1700)];
        rnd.nextBytes(b);
        return b;
      }
      case 4:
        return bytes("common-prefix-" + "p".repeat(rnd.nextInt(3) * 50) + rnd.nextInt(50));
      default: {
        byte[] b = new byte[1 + rnd.nextInt(24)];
        rnd.nextBytes(b);
        if (rnd.nextBoolean()) {
          b[b.length - 1] = (byte) 0xff;
        }
        return b;
      }
    }
  }

  private static byte[] randomValue(Random rnd) {
    int kind = rnd.nextInt(100);
    byte[] v = new byte[kind < 10 ? 0 : kind < 80 ? 8 : kind < 99 ? rnd.nextInt(2000) : 50_000 + rnd.nextInt(200_000)];
    rnd.nextBytes(v);
    return v;
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A cell packed in one array after a few junk bytes, its fields in a shuffled order. */
  record SliceCell(byte[] bytes, int[] offsets, int[] lengths, long timestamp, boolean deleted) implements CellSlices {
    static SliceCell of(Key k, byte[] value) {
      byte[][] fields = {k.getColumnVisibilityData().toArray(), value, k.getRowData().toArray(),
          k.getColumnQualifierData().toArray(), k.getColumnFamilyData().toArray()};
      int[] slot = {3, 4, 0, 2, 1}; // where each packed field goes among row, family, qualifier, visibility, value
      int total = 3;
      for (byte[] f : fields) {
        total += f.length;
      }
      byte[] bytes = new byte[total];
      int[] offsets = new int[5];
      int[] lengths = new int[5];
      int at = 3;
      for (int i = 0; i < fields.length; i++) {
        System.arraycopy(fields[i], 0, bytes, at, fields[i].length);
        offsets[slot[i]] = at;
        lengths[slot[i]] = fields[i].length;
        at += fields[i].length;
      }
      return new SliceCell(bytes, offsets, lengths, k.getTimestamp(), k.isDeleted());
    }

    @Override
    public int rowOffset() {
      return offsets[0];
    }

    @Override
    public int rowLength() {
      return lengths[0];
    }

    @Override
    public int familyOffset() {
      return offsets[1];
    }

    @Override
    public int familyLength() {
      return lengths[1];
    }

    @Override
    public int qualifierOffset() {
      return offsets[2];
    }

    @Override
    public int qualifierLength() {
      return lengths[2];
    }

    @Override
    public int visibilityOffset() {
      return offsets[3];
    }

    @Override
    public int visibilityLength() {
      return lengths[3];
    }

    @Override
    public int valueOffset() {
      return offsets[4];
    }

    @Override
    public int valueLength() {
      return lengths[4];
    }
  }
}
