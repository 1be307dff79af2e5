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
import tabulo.util.ProcessCpu;
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

  /** Wall-clock and process CPU seconds of one phase. */
  public record Time(double seconds, double cpuSeconds) {
    Time plus(Time t) {
      return new Time(seconds + t.seconds, cpuSeconds + t.cpuSeconds);
    }
  }

  public record Result(long entries, Time write, Time flush, Time scan, Time compact, Time scanCompacted,
      Time baselineWrite, Time baselineRead) {}

  /** Starts timing a phase. */
  private record Clock(long nanos, double cpu) {
    static Clock start() {
      return new Clock(System.nanoTime(), ProcessCpu.seconds());
    }

    Time stop() {
      return new Time((System.nanoTime() - nanos) / 1e9, ProcessCpu.seconds() - cpu);
    }
  }

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
      // a twentieth of the entries written, scanned and dropped untimed first: the rates are then those of
      // compiled code
      store.create("warmup", TableSettings.defaults());
      write(store, "warmup", n / 20, Progress.silent());
      store.flush("warmup");
      count(store, "warmup");
      store.delete("warmup");
      store.create("bench", TableSettings.defaults());
      Clock clock = Clock.start();
      write(store, "bench", n, progress);
      Time write = clock.stop();
      clock = Clock.start();
      store.flush("bench");
      Time flush = clock.stop();
      clock = Clock.start();
      long scanned = count(store, "bench");
      Time scan = clock.stop();
      clock = Clock.start();
      store.compact("bench");
      Time compact = clock.stop();
      clock = Clock.start();
      long scanned2 = count(store, "bench");
      Time scanCompacted = clock.stop();
      if (scanned != n || scanned2 != n) {
        throw new IllegalStateException("scanned " + scanned + " and " + scanned2 + " entries, wrote " + n);
      }
      Time[] baseline = baseline(dir.resolve("plain.bin"), n);
      return new Result(n, write, flush, scan, compact, scanCompacted, baseline[0], baseline[1]);
    }
  }

  private static void write(EmbeddedStore store, String table, long n, Progress progress) {
    try (TableWriter w = store.writer(table)) {
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
  }

  private static long count(EmbeddedStore store, String table) {
    long c = 0;
    try (Scan s = store.scan(table, ScanSpec.all())) {
      for (Entry<Key, Value> e : s) {
        c++;
      }
    }
    return c;
  }

  /** Sorts the same entries in memory, writes them to a file (fsynced), reads them back; seconds for each. */
  private static Time[] baseline(Path file, long n) throws IOException {
    Clock clock = Clock.start();
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
    Time write = clock.stop();
    clock = Clock.start();
    keys = null;
    long entriesRead = 0;
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20))) {
      while (true) {
        byte[] k = new byte[in.readShort()];
        in.readFully(k);
        byte[] q = new byte[in.readShort()];
        in.readFully(q);
        byte[] v = new byte[in.readShort()];
        in.readFully(v);
        entriesRead++;
      }
    } catch (EOFException end) {
      // the whole file was read
    }
    Time read = clock.stop();
    if (entriesRead != n) {
      throw new IllegalStateException("baseline read " + entriesRead + " entries, wrote " + n);
    }
    return new Time[] {write, read};
  }

  public static void print(Result r, PrintStream out) {
    out.printf("entries                      %,d (16-byte row keys, random order)%n", r.entries());
    out.printf("%-28s %9s %13s %8s %15s %12s%n", "phase", "seconds", "entries/s", "CPU s", "entries/CPU-s",
        "vs baseline");
    row(out, r, "baseline write (sort+file)", r.baselineWrite(), r.baselineWrite());
    row(out, r, "baseline read", r.baselineRead(), r.baselineRead());
    row(out, r, "engine write (durable log)", r.write(), r.baselineWrite());
    row(out, r, "engine write + flush", r.write().plus(r.flush()), r.baselineWrite());
    row(out, r, "engine scan (many files)", r.scan(), r.baselineRead());
    row(out, r, "engine compact", r.compact(), null);
    row(out, r, "engine scan (one file)", r.scanCompacted(), r.baselineRead());
    out.println("(vs baseline: engine rate / baseline rate; goal >= 0.33x, >= 1.5M/s written, >= 5M/s scanned;");
    out.println(" CPU s: this process's CPU time in the phase, every thread: entries/CPU-s is the rate per core)");
  }

  private static void row(PrintStream out, Result r, String phase, Time t, Time baseline) {
    double n = r.entries();
    out.printf("%-28s %9.2f %,13.0f %8.2f %,15.0f %12s%n", phase, t.seconds(), n / t.seconds(), t.cpuSeconds(),
        n / t.cpuSeconds(), baseline == null ? "" : String.format("%.2fx", baseline.seconds() / t.seconds()));
  }
}
