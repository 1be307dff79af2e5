package tabulo.ingest;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map.Entry;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * threads scan and format chunks into blocks of bytes, and the caller's thread writes each chunk's blocks
 * as they come, chunk after chunk, recycling the blocks; at most two chunks per thread are under way. Each chunk is an ordinary scan, so visibilities, iterators and filters apply as they
 * do to one scan; chunks end at row boundaries, where a tablet's iterators start afresh anyway.
 */
public final class TsvExport {
  /**
   * Lines per chunk aimed at. A chunk's scan seeks every file to its first row, reading the block there
   * from its start, and its text waits in memory while the chunks before it are written.
   */
  static final long LINES_PER_CHUNK = 1 << 18;
  /** Smaller tables are one scan: threads would cost more than they save. */
  static final long MIN_PARALLEL_LINES = 1 << 16;
  static final int MAX_CHUNKS = 4096;

  /**
   * @param threads scanning and formatting threads; 1 scans in the caller's thread, one scan for all
   * @param chunks chunks to cut the table into (0: from the table's size); fewer when the host cannot
   *     find as many cut rows
   * @param withVisibility each cell's visibility as a fourth field when not empty
   * @param pipelined one scan (threads 1, or a table too small to cut) runs on two threads, one scanning,
   *     the other formatting and writing ({@link ScanPipeline}); else in the caller's thread alone
   */
  public record Options(int threads, int chunks, boolean withVisibility, boolean pipelined) {
    /** Not pipelined. */
    public Options(int threads, int chunks, boolean withVisibility) {
      this(threads, chunks, withVisibility, false);
    }

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
    int chunks = options.threads() == 1 ? 1
        : options.chunks() > 0 ? options.chunks() : chunksFor(store, table, options.threads());
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
      if (options.pipelined()) {
        return ScanPipeline.write(store, table, specFor.apply(sorted), options.withVisibility(), out);
      }
      TsvWriter w = new TsvWriter(out);
      long lines = scanInto(store, table, specFor.apply(sorted), options.withVisibility(), w, new AtomicBoolean());
      w.flush();
      return lines;
    }
    return inParallel(store, table, parts, specFor, options, out);
  }

  /** One chunk per {@link #LINES_PER_CHUNK} lines the table holds, and at least two per thread. */
  private static int chunksFor(Store store, String table, int threads) {
    long entries = store.info(table).entries();
    if (entries < MIN_PARALLEL_LINES) {
      return 1;
    }
    return (int) Math.min(MAX_CHUNKS, Math.max(2L * threads, entries / LINES_PER_CHUNK));
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

  private static long scanInto(Store store, String table, ScanSpec spec, boolean withVisibility, TsvWriter w,
      AtomicBoolean stop) {
    long[] lines = {0};
    try (Scan scan = store.scan(table, spec)) {
      scan.forEachCell(c -> {
        w.line(c, withVisibility);
        return (++lines[0] & 0xFFF) != 0 || !stop.get(); // the export failed elsewhere: nobody reads the rest
      });
    }
    return lines[0];
  }

  /** A chunk's text as it is formatted: blocks of bytes, then an end mark (its lines, or its failure). */
  private static final class ChunkText extends OutputStream {
    private record Block(byte[] bytes, int size, long lines, Throwable failure) {}

    private final BlockingQueue<Block> blocks = new LinkedBlockingQueue<>();
    private final BlockingQueue<byte[]> free;

    ChunkText(BlockingQueue<byte[]> free) {
      this.free = free;
    }

    private byte[] current;
    private int filled;

    /**
     * Called by the chunk's {@link TsvWriter} with whole lines, about 1 MB at a time: copied into a recycled
     * block, handed over when full. Few, large blocks: on a busy machine every hand-over may wait for the
     * writing thread to be scheduled again.
     */
    @Override
    public void write(byte[] b, int off, int len) {
      if (current != null && filled + len > current.length) {
        handOver();
      }
      if (current == null) {
        byte[] block = free.poll();
        current = block == null || block.length < len ? new byte[Math.max(len, BLOCK_BYTES)] : block;
      }
      System.arraycopy(b, off, current, filled, len);
      filled += len;
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    private void handOver() {
      blocks.add(new Block(current, filled, 0, null));
      current = null;
      filled = 0;
    }

    void end(long lines, Throwable failure) {
      if (current != null && failure == null) {
        handOver();
      }
      blocks.add(new Block(null, 0, lines, failure));
    }

    /** Writes the chunk's blocks to {@code out} as they come, recycling them; returns its lines. */
    long drainTo(OutputStream out, String table) throws InterruptedException {
      while (true) {
        Block b = blocks.take();
        if (b.bytes() == null) {
          if (b.failure() instanceof RuntimeException re) {
            throw re; // the scan's own error, as one scan would have thrown it
          }
          if (b.failure() instanceof Error err) {
            throw err;
          }
          if (b.failure() != null) {
            throw new TabuloException("scan of table " + table + " failed: " + b.failure(), b.failure());
          }
          return b.lines();
        }
        try {
          out.write(b.bytes(), 0, b.size());
        } catch (IOException e) {
          throw new TsvWriter.OutputFailed(e);
        }
        free.offer(b.bytes());
      }
    }
  }

  /** Bytes a worker hands over at a time: several of its writer's flushes (about 1 MB each). */
  private static final int BLOCK_BYTES = 8 << 20;

  private static long inParallel(Store store, String table, List<List<Range>> parts,
      Function<List<Range>, ScanSpec> specFor, Options options, OutputStream out) {
    ExecutorService pool = Executors.newFixedThreadPool(options.threads(), r -> {
      Thread t = new Thread(r, "tabulo-tsv-export");
      t.setDaemon(true);
      return t;
    });
    AtomicBoolean stop = new AtomicBoolean();
    BlockingQueue<byte[]> free = new LinkedBlockingQueue<>();
    int ahead = 2 * options.threads(); // chunks started but not yet written: bounds the memory held
    Deque<ChunkText> pending = new ArrayDeque<>();
    int next = 0;
    long lines = 0;
    try {
      while (next < parts.size() || !pending.isEmpty()) {
        while (next < parts.size() && pending.size() < ahead) {
          List<Range> part = parts.get(next++);
          ChunkText text = new ChunkText(free);
          pending.add(text);
          pool.execute(() -> {
            long n = 0;
            Throwable failure = null;
            try {
              TsvWriter w = new TsvWriter(text);
              n = scanInto(store, table, specFor.apply(part), options.withVisibility(), w, stop);
              w.flush();
            } catch (RuntimeException | Error e) {
              failure = e;
            }
            text.end(n, failure);
          });
        }
        lines += pending.removeFirst().drainTo(out, table);
      }
      try {
        out.flush();
      } catch (IOException e) {
        throw new TsvWriter.OutputFailed(e);
      }
      return lines;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TabuloException("scan of table " + table + " interrupted");
    } finally {
      stop.set(true);
      pool.shutdown();
      try {
        pool.awaitTermination(1, TimeUnit.MINUTES); // the workers' scans end before the store closes
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
