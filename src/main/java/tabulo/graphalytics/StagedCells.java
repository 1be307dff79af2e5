package tabulo.graphalytics;

import tabulo.storage.BackgroundRunLoader;
import tabulo.storage.PackedCells;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;

/**
 * Cells streamed into a staged table in sorted runs of bounded size (sorted and written on another thread
 * while the next run is filled), so that memory is bounded by a run whatever the input's size; all of them
 * land together at {@link #finish()}, none after {@link #abort()}.
 */
final class StagedCells implements AutoCloseable {
  static int runCells = 1_000_000; // tests use small runs
  private static final int RUN_BYTES = 128 << 20;
  private final SortedLoader loader;
  private final BackgroundRunLoader runs;
  private PackedCells run = new PackedCells();
  private boolean done;

  StagedCells(Store store, String table) {
    loader = store.atomicLoad(table);
    runs = new BackgroundRunLoader(loader);
  }

  /** Adds the cell of row {@code row[rowFrom..rowTo)}, qualifier and value likewise (copied, not kept). */
  void add(byte[] row, int rowFrom, int rowTo, byte[] qualifier, int qualifierFrom, int qualifierTo,
      byte[] value, int valueFrom, int valueTo) {
    run.add(row, rowFrom, rowTo, qualifier, qualifierFrom, qualifierTo, value, valueFrom, valueTo);
    if (run.count() >= runCells || run.bytes() >= RUN_BYTES) {
      run = runs.submit(run);
    }
  }

  /** Publishes every cell added into the table. */
  void finish() {
    runs.submitLast(run);
    runs.finish();
    done = true;
    loader.close();
  }

  /** Drops every cell added, unless {@link #finish()} returned. */
  @Override
  public void close() {
    if (!done) {
      done = true;
      runs.abort();
    }
    runs.close();
  }
}
