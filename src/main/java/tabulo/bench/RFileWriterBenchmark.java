package tabulo.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.conf.DefaultConfiguration;
import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.file.FileOperations;
import org.apache.accumulo.core.file.FileSKVWriter;
import org.apache.accumulo.core.spi.crypto.NoCryptoService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;

import tabulo.rfile.RFileWriter;

/**
 * Uncompressed RFile writing on one thread: Accumulo's writer and Tabulo's on the same N sorted entries
 * held in memory (16-byte random rows, family "f", qualifier "q", 8-byte values), each run twice in
 * turn; the faster of its two runs counts. The files must come out identical.
 */
public final class RFileWriterBenchmark {
  public record Result(long entries, long bytes, double accumuloSeconds, double tabuloSeconds) {}

  private RFileWriterBenchmark() {}

  public static Result run(Path dir, int n) throws IOException {
    byte[][] rows = new byte[n][];
    for (int i = 0; i < n; i++) {
      rows[i] = StoreBenchmark.key(i);
    }
    Arrays.sort(rows, Arrays::compareUnsigned);
    Key[] keys = new Key[n];
    Value[] values = new Value[n];
    byte[] f = {'f'};
    byte[] q = {'q'};
    byte[] empty = {};
    for (int i = 0; i < n; i++) {
      keys[i] = new Key(rows[i], f, q, empty, 1_700_000_000_000L);
      rows[i] = null;
      byte[] v = new byte[8];
      for (int b = 0; b < 8; b++) {
        v[b] = (byte) (i >>> (8 * (b & 3)));
      }
      values[i] = new Value(v, false);
    }
    double accumulo = Double.MAX_VALUE;
    double tabulo = Double.MAX_VALUE;
    long bytes = 0;
    for (int round = 0; round < 2; round++) {
      Path a = dir.resolve("accumulo" + round + ".rf");
      Path t = dir.resolve("tabulo" + round + ".rf");
      accumulo = Math.min(accumulo, writeAccumulo(a, keys, values));
      tabulo = Math.min(tabulo, writeTabulo(t, keys, values));
      if (Files.mismatch(a, t) != -1) {
        throw new IllegalStateException("Tabulo's file differs from Accumulo's: " + a + ", " + t);
      }
      bytes = Files.size(t);
      Files.delete(a);
      Files.delete(t);
    }
    return new Result(n, bytes, accumulo, tabulo);
  }

  private static double writeAccumulo(Path file, Key[] keys, Value[] values) throws IOException {
    Configuration hadoop = new Configuration(false);
    RawLocalFileSystem fs = new RawLocalFileSystem();
    fs.initialize(URI.create("file:///"), hadoop);
    ConfigurationCopy conf = new ConfigurationCopy(DefaultConfiguration.getInstance());
    conf.set(Property.TABLE_FILE_COMPRESSION_TYPE, "none");
    long t0 = System.nanoTime();
    FileSKVWriter w = FileOperations.getInstance().newWriterBuilder()
        .forFile(file.toString(), fs, hadoop, new NoCryptoService()).withTableConfiguration(conf).build();
    w.startDefaultLocalityGroup();
    for (int i = 0; i < keys.length; i++) {
      w.append(keys[i], values[i]);
    }
    w.close();
    return (System.nanoTime() - t0) / 1e9;
  }

  private static double writeTabulo(Path file, Key[] keys, Value[] values) throws IOException {
    long t0 = System.nanoTime();
    try (RFileWriter w = new RFileWriter(Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE))) {
      for (int i = 0; i < keys.length; i++) {
        w.append(keys[i], values[i]);
      }
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  public static void print(Result r, PrintStream out) {
    out.printf("entries      %,d sorted (16-byte rows, 8-byte values), uncompressed RFile of %,d bytes%n",
        r.entries(), r.bytes());
    out.printf("%-22s %10s %14s %8s%n", "writer", "seconds", "entries/s", "speed");
    out.printf("%-22s %10.2f %,14.0f %8s%n", "Accumulo RFile.Writer", r.accumuloSeconds(),
        r.entries() / r.accumuloSeconds(), "1.00x");
    out.printf("%-22s %10.2f %,14.0f %7.2fx%n", "Tabulo RFileWriter", r.tabuloSeconds(),
        r.entries() / r.tabuloSeconds(), r.accumuloSeconds() / r.tabuloSeconds());
    out.println("(same bytes from both; best of two runs each, one thread)");
  }
}
