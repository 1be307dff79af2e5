package tabulo.d4m;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

import tabulo.ingest.CsvReader;
import tabulo.iterators.DecimalSumCombiner;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.SortingLoader;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * Ingests CSV/TSV files into the D4M 2.0 schema ({@link Schema}), LLGrid MapReduce style: workers take
 * whole files from a shared list, each with its own writers. A file is read twice: once to check all
 * of it (header, quoting, UTF-8, field counts), then to write it, so a bad file writes nothing and
 * every file reported as ingested is complete and durable. The first bad file stops the run: workers
 * finish the files they are writing and take no new ones.
 *
 * <p>Each file is ingested exactly once across runs killed at any moment and rerun: the first pass also
 * hashes the file, a file recorded as ingested under the same identity ({@link FileIdentity}) is
 * skipped (unless {@code force}), and a file's degrees are loaded atomically with its record
 * ({@link IngestRecords}), last. Its other cells are the same keys and values whenever it is written, so
 * writing them again after a kill changes nothing.
 */
public final class SchemaIngest {
  private static final byte[] ONE = {'1'};
  private static final int PROGRESS_EVERY = 4096;

  /** One ingested file: its position in the input list, records, and entries written per table. */
  public record FileResult(int index, Path file, long records, long edgeEntries, long degreeEntries) {
    /** Entries written to Tedge, TedgeT, TedgeDeg and TedgeTxt. */
    public long entries() {
      return 2 * edgeEntries + degreeEntries + records;
    }
  }

  /** Told of each file as soon as it is done (from the worker threads, one call at a time). */
  public interface Reporter {
    /** The file is durable: all four tables, and its record. */
    void ingested(FileResult file);

    /** The file is recorded as ingested with the same identity (or listed twice): nothing of it was written. */
    void skipped(Path file, String why);

    Reporter NONE = new Reporter() {
      @Override
      public void ingested(FileResult file) {}

      @Override
      public void skipped(Path file, String why) {}
    };
  }

  /** The files ingested (in input order), how many were skipped, and the error that stopped the run, if any. */
  public record Result(List<FileResult> files, int skipped, String error, double seconds) {
    public long entries() {
      return files.stream().mapToLong(FileResult::entries).sum();
    }

    /** Entries into Tedge + TedgeT + TedgeDeg, the rate the benchmark reports. */
    public long graphEntries() {
      return files.stream().mapToLong(f -> 2 * f.edgeEntries() + f.degreeEntries()).sum();
    }
  }

  private final Store store;
  private final IngestOptions options;

  public SchemaIngest(Store store, IngestOptions options) {
    this.store = store;
    this.options = options;
  }

  /** Creates the four tables where missing: split as asked, TedgeDeg with a summing combiner at every scope. */
  public static void createTables(Store store, Schema schema, List<String> splits) {
    for (String t : List.of(schema.edge(), schema.transpose(), schema.text(), schema.degree())) {
      TableNames.checkUserTable(t);
    }
    for (String t : List.of(schema.edge(), schema.transpose(), schema.text())) {
      if (!store.exists(t)) {
        store.create(t, TableSettings.defaults().splits(splits));
      }
    }
    if (!store.exists(schema.degree())) {
      store.create(schema.degree(), TableSettings.defaults().splits(splits)
          .iterator(DecimalSumCombiner.allColumns(10, "degree-sum"), EnumSet.allOf(IteratorScope.class)));
    }
  }

  public Result run(Progress progress) {
    return run(progress, Reporter.NONE);
  }

  public Result run(Progress progress, Reporter reporter) {
    for (Path f : options.files()) {
      requireReadable(f);
    }
    createTables(store, options.schema(), options.splits());
    IngestRecords records = new IngestRecords(store, options.schema());
    long totalBytes = 0;
    for (Path f : options.files()) {
      totalBytes += size(f);
    }
    Shared shared = new Shared(progress, Math.max(1, totalBytes), records, reporter);
    long start = System.nanoTime();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < options.workers(); w++) {
      Thread t = new Thread(() -> work(shared), "ingest-" + w);
      threads.add(t);
      t.start();
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TabuloException("interrupted while ingesting");
      }
    }
    progress.done();
    double seconds = (System.nanoTime() - start) / 1e9;
    FileResult[] done = shared.results.toArray(new FileResult[0]);
    Arrays.sort(done, (a, b) -> Integer.compare(a.index(), b.index()));
    Throwable failure = shared.failure.get();
    String error = failure == null ? null : failure instanceof TabuloException ? failure.getMessage()
        : failure instanceof UncheckedIOException u ? u.getMessage() + ": " + u.getCause().getMessage()
        : failure instanceof OutOfMemoryError ? "out of memory (Java heap) while ingesting; the file being read was "
            + "not written: give the JVM more heap, e.g. TABULO_JAVA_OPTS='-Xmx12g' (now "
            + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB), or ingest with fewer workers (--np)"
        : "internal error: " + failure;
    return new Result(List.of(done), shared.skipped.get(), error, seconds);
  }

  /** State the workers share: the next file to take, the results, the first failure and progress. */
  private static final class Shared {
    final AtomicInteger next = new AtomicInteger();
    final List<FileResult> results = java.util.Collections.synchronizedList(new ArrayList<>());
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    final AtomicLong entries = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicInteger skipped = new AtomicInteger();
    final Set<String> taken = ConcurrentHashMap.newKeySet(); // absolute paths: a file listed twice is ingested once
    final Progress progress;
    final long totalBytes;
    final IngestRecords records;
    final Reporter reporter;

    Shared(Progress progress, long totalBytes, IngestRecords records, Reporter reporter) {
      this.progress = progress;
      this.totalBytes = totalBytes;
      this.records = records;
      this.reporter = reporter;
    }

    synchronized void ingested(FileResult r) {
      results.add(r);
      reporter.ingested(r);
    }

    synchronized void skipped(Path file, String why) {
      skipped.incrementAndGet();
      reporter.skipped(file, why);
    }

    void advance(long entryCount, long byteCount) {
      long e = entries.addAndGet(entryCount);
      long b = bytes.addAndGet(byteCount);
      synchronized (progress) {
        progress.update(e, (double) b / totalBytes);
      }
    }
  }

  private void work(Shared shared) {
    Schema s = options.schema();
    // Tedge, TedgeT and TedgeTxt take sorted bulk loads; the degree table's counts come from TedgeT's loads
    // (sorted by exploded column: a row's cells are its degree) and go in one atomic load per file
    DegreeCounts degrees = new DegreeCounts();
    // a file's chunks are runs published when the file has been read whole: a file that fails writes nothing
    Writers w = new Writers(SortingLoader.publishedAtClose(store, s.edge(), CHUNK),
        SortingLoader.publishedAtClose(store, s.transpose(), CHUNK, degrees::add),
        SortingLoader.publishedAtClose(store, s.text(), CHUNK), degrees);
    try {
      while (shared.failure.get() == null) {
        int i = shared.next.getAndIncrement();
        if (i >= options.files().size()) {
          break;
        }
        Path file = options.files().get(i);
        if (!shared.taken.add(file.toAbsolutePath().normalize().toString())) {
          shared.skipped(file, "listed more than once");
          continue;
        }
        FileIdentity id = validate(file);
        if (shared.failure.get() != null) {
          break; // another file failed meanwhile: write nothing more
        }
        if (!options.force() && shared.records.contains(id)) {
          shared.skipped(file, "already ingested (same path, size, modification time and SHA-256; --force ingests it again)");
          shared.advance(0, id.size());
          continue;
        }
        shared.ingested(write(i, file, id, w, shared));
      }
    } catch (Throwable t) {
      shared.failure.compareAndSet(null, t);
      w.abort();
    }
  }

  /** Cells per sorted bulk load: bounds each worker's memory to a few hundred MB. */
  private static final int CHUNK = 1_000_000;

  private static final byte[] TEXT_COLUMN = Schema.TEXT_COLUMN.getBytes(StandardCharsets.UTF_8);

  private record Writers(SortingLoader edge, SortingLoader transpose, SortingLoader text, DegreeCounts degrees) {
    /** Publishes the file's Tedge, TedgeT and TedgeTxt cells, durably (writing them again would change nothing). */
    void publish() {
      edge.publish();
      transpose.publish();
      text.publish();
    }

    /** Drops what a failed file staged. */
    void abort() {
      edge.abort();
      transpose.abort();
      text.abort();
    }
  }

  /**
   * Reads the whole file, so that any problem is reported before anything of it is written; returns its
   * identity (the SHA-256 of the bytes read, the size and time read before).
   */
  private FileIdentity validate(Path file) {
    FileIdentity.Stat stat = FileIdentity.Stat.of(file);
    MessageDigest sha256 = sha256();
    try (DigestInputStream in = new DigestInputStream(openStream(file), sha256);
        CsvReader r = new CsvReader(in, file.toString(), options.format().separator)) {
      Header h = header(r, file);
      CsvReader.Record rec;
      while ((rec = r.next()) != null) {
        h.check(rec, file);
      }
      in.transferTo(OutputStream.nullOutputStream()); // the reader has seen the end: nothing is left unhashed
    } catch (IOException e) {
      throw TabuloException.cannotRead(file, e);
    }
    return FileIdentity.of(file, stat, sha256.digest());
  }

  private FileResult write(int index, Path file, FileIdentity id, Writers w, Shared shared) {
    String fileKey = fileKey(file);
    long records = 0;
    long edges = 0;
    long pendingEntries = 0;
    long pendingBytes = 0;
    try (CsvReader r = open(file)) {
      Header h = header(r, file);
      byte[][] names = new byte[h.names.length][];
      for (int k = 0; k < names.length; k++) {
        names[k] = (h.names[k] + Schema.SEPARATOR).getBytes(StandardCharsets.UTF_8);
      }
      CsvReader.Record rec;
      while ((rec = r.next()) != null) {
        String[] f = rec.fields();
        String key = h.rowColumn < 0 ? fileKey + tenDigits(rec.line()) : f[h.rowColumn];
        byte[] row = key.getBytes(StandardCharsets.UTF_8);
        for (int k = 0; k < f.length; k++) {
          if (f[k].isEmpty()) {
            continue; // D4M stores no empty values
          }
          byte[] col = concat(names[k], f[k].getBytes(StandardCharsets.UTF_8));
          w.edge().put(row, col, ONE);
          w.transpose().put(col, row, ONE);
          edges++;
        }
        w.text().put(row, TEXT_COLUMN, rec.raw().getBytes(StandardCharsets.UTF_8));
        records++;
        pendingEntries += 2L * (f.length) + 1;
        pendingBytes += rec.raw().length() + 1;
        if (records % PROGRESS_EVERY == 0) {
          shared.advance(pendingEntries, pendingBytes);
          pendingEntries = 0;
          pendingBytes = 0;
        }
      }
    }
    if (!FileIdentity.Stat.of(file).equals(new FileIdentity.Stat(id.size(), id.modified()))) {
      throw new TabuloException(file + ": changed while it was being ingested; nothing of it was written"
          + " (run the ingest again once it is complete)");
    }
    w.publish();
    long degreeEntries = w.degrees().sort();
    try (SortedLoader degree = store.atomicLoad(options.schema().degree())) {
      w.degrees().writeTo(degree, System.currentTimeMillis(), id); // the degrees and the record, or neither
    }
    shared.records.add(id);
    shared.advance(pendingEntries + degreeEntries, pendingBytes);
    return new FileResult(index, file, records, edges, degreeEntries);
  }

  /** The line number zero-padded to 10 digits (String.format costs more than the rest of a record). */
  private static String tenDigits(long line) {
    String digits = Long.toString(line);
    return digits.length() >= 10 ? digits : "0".repeat(10 - digits.length()) + digits;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** The header row: column names, and which one holds the row key (-1: generated keys). */
  private final class Header {
    final String[] names;
    final int rowColumn;

    Header(String[] names, int rowColumn) {
      this.names = names;
      this.rowColumn = rowColumn;
    }

    void check(CsvReader.Record rec, Path file) {
      if (rec.fields().length != names.length) {
        throw new TabuloException(file + ":" + rec.line() + ": ragged row: " + rec.fields().length
            + " fields, the header has " + names.length);
      }
      if (rowColumn >= 0 && rec.fields()[rowColumn].isEmpty()) {
        throw new TabuloException(file + ":" + rec.line() + ": the row key column '" + names[rowColumn] + "' is empty");
      }
    }
  }

  private Header header(CsvReader r, Path file) {
    CsvReader.Record h = r.next();
    if (h == null) {
      throw new TabuloException(file + ":1: empty header: the file has no header row naming the columns");
    }
    String[] names = h.fields();
    Map<String, Integer> seen = new HashMap<>();
    for (int k = 0; k < names.length; k++) {
      if (names[k].isEmpty()) {
        throw new TabuloException(file + ":" + h.line() + ": empty header: column " + (k + 1) + " has no name");
      }
      Integer before = seen.put(names[k], k);
      if (before != null) {
        throw new TabuloException(file + ":" + h.line() + ": header names column '" + names[k] + "' twice ("
            + (before + 1) + " and " + (k + 1) + ")");
      }
    }
    int rowColumn = -1;
    if (options.rowColumn() != null) {
      Integer at = seen.get(options.rowColumn());
      if (at == null) {
        throw new TabuloException(file + ":" + h.line() + ": no column '" + options.rowColumn()
            + "' (--row-column) in the header");
      }
      rowColumn = at;
    }
    return new Header(names, rowColumn);
  }

  private CsvReader open(Path file) {
    return new CsvReader(openStream(file), file.toString(), options.format().separator);
  }

  private static InputStream openStream(Path file) {
    try {
      return Files.newInputStream(file);
    } catch (IOException e) {
      throw TabuloException.cannotRead(file, e);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void requireReadable(Path f) {
    if (!Files.exists(f)) {
      throw new TabuloException("cannot read " + f + ": no such file");
    }
    if (Files.isDirectory(f) || !Files.isReadable(f)) {
      throw new TabuloException("cannot read " + f + ": " + (Files.isDirectory(f) ? "it is a directory" : "permission denied"));
    }
  }

  private static long size(Path f) {
    try {
      return Files.size(f);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + f, e);
    }
  }

  /**
   * The row key prefix of a file's generated keys: 8 hex digits of a hash of its absolute path and a
   * dash. Keys are then {@code PREFIX + line number (10 digits)}: deterministic, sorted by line within
   * a file, the same whichever worker reads it, and distinct across files and across ingest runs.
   */
  static String fileKey(Path file) {
    byte[] h = sha256().digest(file.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
    return String.format("%02x%02x%02x%02x-", h[0], h[1], h[2], h[3]);
  }
}
