package tabulo.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;

import tabulo.embedded.EmbeddedStore;
import tabulo.util.Progress;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Write and scan rates of the embedded engine for N entries with 16-byte row keys in random order, beside
 * a baseline measured in the same run: the same entries sorted in memory, written to a plain binary file
 * and read back, with no engine.
 */
public final class StoreBenchmark {
  private static final byte[] QUALIFIER = {'q'};
  private static final byte[] EMPTY = {};

  public record Result(long entries, double writeSeconds, double flushSeconds, double scanSeconds,
      double compactSeconds, double scanCompactedSeconds, double baselineWriteSeconds,
      double baselineReadSeconds, long scanned) {}

  private StoreBenchmark() {}

  /** The i-th key: 16 hex digits of a bijective mix of i, so keys come in random order and never repeat. */
  public static byte[] key(long i) {
    long x = i * 0x9E3779B97F4A7C15L;
    x ^= x >>> 31;
    x *= 0xBF58476D1CE4E5B9L;
    x ^= x >>> 29;
    byte[] k = new byte[16];
    for (int j = 15; j >= 0; j--) {
      k[j] = (byte) Character.forDigit((int) (x & 15), 16);
      x >>>= 4;
    }
    return k;
  }

  static byte[] value(long i) {
    return Long.toString(i % 1000).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  public static Result run(Path dir, long n, Progress progress) throws IOException {
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      store.create("bench", TableSettings.defaults());
      long t0 = System.nanoTime();
      try (TableWriter w = store.writer("bench")) {
        for (long i = 0; i < n; i++) {
          Mutation m = new Mutation(key(i));
          m.put(EMPTY, QUALIFIER, value(i));
          w.addMutation(m);
          if ((i & 0xFFFF) == 0) {
            progress.update(i);
          }
        }
      }
      progress.done();
      long t1 = System.nanoTime();
      store.flush("bench");
      long t2 = System.nanoTime();
      long scanned = count(store);
      long t3 = System.nanoTime();
      store.compact("bench");
      long t4 = System.nanoTime();
      long scanned2 = count(store);
      long t5 = System.nanoTime();
      if (scanned != n || scanned2 != n) {
        throw new IllegalStateException("scanned " + scanned + " and " + scanned2 + " entries, wrote " + n);
      }
      double[] baseline = baseline(dir.resolve("plain.bin"), n);
      return new Result(n, secs(t1 - t0), secs(t2 - t1), secs(t3 - t2), secs(t4 - t3), secs(t5 - t4),
          baseline[0], baseline[1], scanned);
    }
  }

  private static long count(EmbeddedStore store) {
    long c = 0;
    try (Scan s = store.scan("bench", ScanSpec.all())) {
      for (Entry<Key, Value> e : s) {
        c++;
      }
    }
    return c;
  }

  /** Sorts the same entries in memory, writes them to a file (fsynced), reads them back; seconds for each. */
  private static double[] baseline(Path file, long n) throws IOException {
    long t0 = System.nanoTime();
    byte[][] keys = new byte[(int) n][];
    for (int i = 0; i < n; i++) {
      keys[i] = key(i);
    }
    Arrays.sort(keys, Arrays::compareUnsigned);
    try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 20))) {
      for (int i = 0; i < n; i++) {
        byte[] v = value(i);
        out.writeShort(keys[i].length);
        out.write(keys[i]);
        out.writeShort(QUALIFIER.length);
        out.write(QUALIFIER);
        out.writeShort(v.length);
        out.write(v);
      }
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    long t1 = System.nanoTime();
    keys = null;
    long read = 0;
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20))) {
      while (true) {
        byte[] k = new byte[in.readShort()];
        in.readFully(k);
        byte[] q = new byte[in.readShort()];
        in.readFully(q);
        byte[] v = new byte[in.readShort()];
        in.readFully(v);
        read++;
      }
    } catch (EOFException end) {
      // the whole file was read
    }
    long t2 = System.nanoTime();
    if (read != n) {
      throw new IllegalStateException("baseline read " + read + " entries, wrote " + n);
    }
    return new double[] {secs(t1 - t0), secs(t2 - t1)};
  }

  private static double secs(long nanos) {
    return nanos / 1e9;
  }

  public static void print(Result r, PrintStream out) {
    double n = r.entries();
    out.printf("entries                      %,d (16-byte row keys, random order)%n", r.entries());
    out.printf("%-28s %10s %14s %12s%n", "phase", "seconds", "entries/s", "vs baseline");
    out.printf("%-28s %10.2f %,14.0f %12s%n", "baseline write (sort+file)", r.baselineWriteSeconds(),
        n / r.baselineWriteSeconds(), "1.00x");
    out.printf("%-28s %10.2f %,14.0f %12s%n", "baseline read", r.baselineReadSeconds(),
        n / r.baselineReadSeconds(), "1.00x");
    out.printf("%-28s %10.2f %,14.0f %11.2fx%n", "engine write (durable log)", r.writeSeconds(),
        n / r.writeSeconds(), r.baselineWriteSeconds() / r.writeSeconds());
    out.printf("%-28s %10.2f %,14.0f %11.2fx%n", "engine write + flush", r.writeSeconds() + r.flushSeconds(),
        n / (r.writeSeconds() + r.flushSeconds()), r.baselineWriteSeconds() / (r.writeSeconds() + r.flushSeconds()));
    out.printf("%-28s %10.2f %,14.0f %11.2fx%n", "engine scan (many files)", r.scanSeconds(),
        n / r.scanSeconds(), r.baselineReadSeconds() / r.scanSeconds());
    out.printf("%-28s %10.2f %,14.0f %12s%n", "engine compact", r.compactSeconds(), n / r.compactSeconds(), "");
    out.printf("%-28s %10.2f %,14.0f %11.2fx%n", "engine scan (one file)", r.scanCompactedSeconds(),
        n / r.scanCompactedSeconds(), r.baselineReadSeconds() / r.scanCompactedSeconds());
    out.println("(vs baseline: engine rate / baseline rate; goal >= 0.33x, >= 1.5M/s written, >= 5M/s scanned)");
  }
}
