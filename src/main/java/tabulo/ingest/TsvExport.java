package tabulo.ingest;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map.Entry;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;

import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * A table's cells in key order as TSV (see {@link TsvWriter}), scanned on several threads: the ranges are
 * cut at rows that split the data into chunks of about equal size ({@link Store#sampleRows}), worker
 * threads scan and format whole chunks in memory, and the caller's thread writes the chunks in order, a
 * few ahead at most. Each chunk is an ordinary scan, so visibilities, iterators and filters apply as they
 * do to one scan; chunks end at row boundaries, where a tablet's iterators start afresh anyway.
 */
public final class TsvExport {
  /** Lines per chunk aimed at: big enough that opening a scan per chunk costs little. */
  static final long LINES_PER_CHUNK = 65_536;
  static final int MAX_CHUNKS = 4096;

  /**
   * @param threads scanning and formatting threads; 1 scans in the caller's thread, one scan for all
   * @param chunks chunks to cut the table into (0: from the table's size); fewer when the host cannot
   *     find as many cut rows
   * @param withVisibility each cell's visibility as a fourth field when not empty
   */
  public record Options(int threads, int chunks, boolean withVisibility) {
    public Options {
      if (threads < 1) {
        throw new IllegalArgumentException("threads must be at least 1, not " + threads);
      }
      if (chunks < 0) {
        throw new IllegalArgumentException("chunks must not be negative, not " + chunks);
      }
    }
  }

  private TsvExport() {}

  /**
   * Writes the cells of {@code ranges} of {@code table} to {@code out} in key order; {@code specFor} makes
   * the scan of some of those ranges (iterators, authorizations). Returns the lines written. A failure to
   * write is a {@link TsvWriter.OutputFailed}; a failed scan throws its own error.
   */
  public static long write(Store store, String table, List<Range> ranges, Function<List<Range>, ScanSpec> specFor,
      Options options, OutputStream out) {
    int chunks = options.threads() == 1 ? 1 : options.chunks() > 0 ? options.chunks() : chunksFor(store, table);
    List<byte[]> cuts = chunks <= 1 ? List.of() : store.sampleRows(table, chunks - 1);
    return write(store, table, ranges, cuts, specFor, options, out);
  }

  /** As above, the ranges cut at the sorted, distinct rows {@code cuts}. */
  static long write(Store store, String table, List<Range> ranges, List<byte[]> cuts,
      Function<List<Range>, ScanSpec> specFor, Options options, OutputStream out) {
    List<Range> sorted = new ArrayList<>(Range.mergeOverlapping(ranges));
    Collections.sort(sorted);
    List<List<Range>> parts = cut(sorted, cuts);
    if (options.threads() == 1 || parts.size() <= 1) {
      TsvWriter w = new TsvWriter(out);
      long lines = scanInto(store, table, specFor.apply(sorted), options.withVisibility(), w);
      w.flush();
      return lines;
    }
    return inParallel(store, table, parts, specFor, options, out);
  }

  /** One chunk per {@link #LINES_PER_CHUNK} lines the table holds, at least one per thread's worth. */
  private static int chunksFor(Store store, String table) {
    long entries = store.info(table).entries();
    return (int) Math.max(1, Math.min(MAX_CHUNKS, entries / LINES_PER_CHUNK));
  }

  /** The sorted, disjoint {@code ranges} cut at the rows {@code cuts}: per chunk, its pieces in order. */
  static List<List<Range>> cut(List<Range> ranges, List<byte[]> cuts) {
    List<List<Range>> parts = new ArrayList<>();
    for (int i = 0; i <= cuts.size(); i++) {
      Key start = i == 0 ? null : new Key(new Text(cuts.get(i - 1)));
      Key end = i == cuts.size() ? null : new Key(new Text(cuts.get(i)));
      Range chunk = new Range(start, true, end, false);
      List<Range> in = new ArrayList<>();
      for (Range r : ranges) {
        Range clipped = r.clip(chunk, true);
        if (clipped != null) {
          in.add(clipped);
        }
      }
      if (!in.isEmpty()) {
        parts.add(in);
      }
    }
    return parts;
  }

  private static long scanInto(Store store, String table, ScanSpec spec, boolean withVisibility, TsvWriter w) {
    long lines = 0;
    try (Scan scan = store.scan(table, spec)) {
      for (Entry<Key, Value> e : scan) {
        w.line(e.getKey(), e.getValue(), withVisibility);
        lines++;
      }
    }
    return lines;
  }

  private record Chunk(TsvWriter text, long lines) {}

  private static long inParallel(Store store, String table, List<List<Range>> parts,
      Function<List<Range>, ScanSpec> specFor, Options options, OutputStream out) {
    ExecutorService pool = Executors.newFixedThreadPool(options.threads(), r -> {
      Thread t = new Thread(r, "tabulo-tsv-export");
      t.setDaemon(true);
      return t;
    });
    int ahead = 2 * options.threads(); // chunks formatted but not yet written: bounds the memory held
    Deque<Future<Chunk>> pending = new ArrayDeque<>();
    int next = 0;
    long lines = 0;
    try {
      while (next < parts.size() || !pending.isEmpty()) {
        while (next < parts.size() && pending.size() < ahead) {
          List<Range> part = parts.get(next++);
          pending.add(pool.submit(() -> {
            TsvWriter w = TsvWriter.inMemory(1 << 20);
            return new Chunk(w, scanInto(store, table, specFor.apply(part), options.withVisibility(), w));
          }));
        }
        Chunk c = await(pending.removeFirst(), table);
        c.text().writeTo(out);
        lines += c.lines();
      }
      try {
        out.flush();
      } catch (IOException e) {
        throw new TsvWriter.OutputFailed(e);
      }
      return lines;
    } finally {
      pool.shutdownNow();
    }
  }

  private static Chunk await(Future<Chunk> f, String table) {
    try {
      return f.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re; // the scan's own error, as one scan would have thrown it
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new TabuloException("scan of table " + table + " failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TabuloException("scan of table " + table + " interrupted");
    }
  }
}
