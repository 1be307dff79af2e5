package tabulo.ingest;

import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * One scan written as TSV on two threads, the output in key order: a worker thread runs the scan
 * (decoding, merging, choosing the cells) and copies each cell into {@link CellBlock}s; the caller's thread
 * formats the blocks' cells (escaping) and writes them, as they come. Each does about half of the work
 * of one scan, with no text buffered twice; a few blocks circulate, so memory stays bounded.
 */
final class ScanPipeline {
  /** Small enough to stay in a core's cache between the two threads, large enough to hand over rarely. */
  static final int BLOCK_BYTES = 256 << 10;
  /** Blocks in circulation: the scan runs this far ahead of the writing at most. */
  static final int BLOCKS = 8;

  private static final CellBlock END = new CellBlock(0);

  private final BlockingQueue<CellBlock> full = new ArrayBlockingQueue<>(BLOCKS + 1);
  private final BlockingQueue<CellBlock> free = new ArrayBlockingQueue<>(BLOCKS);
  private final AtomicBoolean stop = new AtomicBoolean();
  private volatile Throwable failure;

  private ScanPipeline(int blockBytes) {
    for (int i = 0; i < BLOCKS; i++) {
      free.add(new CellBlock(blockBytes));
    }
  }

  /** Writes the cells of {@code spec}'s scan of {@code table} to {@code out} as TSV; returns the lines. */
  static long write(Store store, String table, ScanSpec spec, boolean withVisibility, OutputStream out) {
    return write(store, table, spec, withVisibility, out, BLOCK_BYTES);
  }

  /** As above, in blocks of {@code blockBytes} (grown for a larger cell). */
  static long write(Store store, String table, ScanSpec spec, boolean withVisibility, OutputStream out,
      int blockBytes) {
    return new ScanPipeline(blockBytes).run(store, table, spec, withVisibility, out);
  }

  private long run(Store store, String table, ScanSpec spec, boolean withVisibility, OutputStream out) {
    Thread scanner = new Thread(() -> scan(store, table, spec, withVisibility), "tabulo-scan-pipeline");
    scanner.setDaemon(true);
    scanner.start();
    long lines = 0;
    try {
      TsvWriter w = new TsvWriter(out);
      for (CellBlock block = full.take(); block != END; block = full.take()) {
        block.rewind();
        while (block.next()) {
          w.line(block, withVisibility);
        }
        lines += block.cells();
        block.clear();
        free.add(block);
      }
      if (failure instanceof RuntimeException re) {
        throw re; // the scan's own error, as one scan would have thrown it
      }
      if (failure instanceof Error err) {
        throw err;
      }
      if (failure != null) {
        throw new TabuloException("scan of table " + table + " failed: " + failure, failure);
      }
      w.flush();
      return lines;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TabuloException("scan of table " + table + " interrupted");
    } finally {
      stop.set(true);
      awaitEnd(scanner); // the scan ends before the store closes
    }
  }

  /** The worker: scans into blocks, handing each over when full; then the end mark. */
  private void scan(Store store, String table, ScanSpec spec, boolean withVisibility) {
    try (Scan scan = store.scan(table, spec)) {
      CellBlock[] block = {takeFree()};
      scan.forEachCell(c -> {
        if (!block[0].add(c, withVisibility)) {
          full.add(block[0]);
          block[0] = takeFree();
          if (block[0] == null) {
            return false; // the writing failed: nobody reads the rest
          }
          block[0].add(c, withVisibility);
        }
        return true;
      });
      if (block[0] != null && block[0].cells() > 0) {
        full.add(block[0]);
      }
    } catch (RuntimeException | Error e) {
      failure = e;
    } finally {
      full.add(END); // room: at most BLOCKS blocks and this mark are ever queued
    }
  }

  /** A free block, waiting for the writer to return one; null once the writer has stopped. */
  private CellBlock takeFree() {
    try {
      while (!stop.get()) {
        CellBlock b = free.poll(100, TimeUnit.MILLISECONDS);
        if (b != null) {
          return b;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return null;
  }

  private static void awaitEnd(Thread scanner) {
    try {
      scanner.join(TimeUnit.MINUTES.toMillis(1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
