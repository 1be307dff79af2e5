package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.rfile.CellSlices;
import tabulo.rfile.RestampedCell;
import tabulo.storage.SortedLoader;

/**
 * Writes sorted entries straight into new sorted files, one per tablet and run they fall in, and adds the
 * files to their tablets in one manifest commit on close: atomic and durable, with no log or memtable
 * work. A failed append or an abort deletes the files and commits nothing.
 *
 * <p>With {@code writeTime}, the loader stamps the cells itself, as the tablets stamp written ones: run r
 * gets the tablet's next timestamp (taken when the loader first reaches the tablet) plus r.
 */
final class EmbeddedBulkLoader implements SortedLoader {
  private final Table table;
  private final boolean writeTime;
  private final Map<Integer, List<TableManifest.FileMeta>> done = new HashMap<>();
  private final Map<Integer, Long> firstTimestamps = new HashMap<>(); // by tablet, with writeTime
  private SortedFileBuilder current;
  private int currentTablet = -1;
  private long currentTimestamp; // with writeTime: the current tablet's stamp for this run
  private int run;
  private long maxTimestamp = Long.MIN_VALUE;
  private boolean closed;
  private Path marker; // the load's LoadMarkers entry, from its first file until the commit or clean-up
  private final RestampedCell restamped = new RestampedCell(); // with writeTime: the cell being appended
  private final BackgroundSyncs syncs = new BackgroundSyncs(); // finished files, synced while the next is written

  EmbeddedBulkLoader(Table table, boolean writeTime) {
    this.table = table;
    this.writeTime = writeTime;
  }

  @Override
  public void append(Key key, Value value) {
    ByteSequence row = key.getRowData();
    try {
      SortedFileBuilder b = builderFor(row.getBackingArray(), row.offset(), row.length());
      if (writeTime) {
        key = new Key(key);
        key.setTimestamp(currentTimestamp);
      }
      b.append(key, value);
      maxTimestamp = Math.max(maxTimestamp, key.getTimestamp());
    } catch (IOException e) {
      throw failed(e);
    } catch (RuntimeException e) {
      giveUp();
      throw e;
    }
  }

  @Override
  public void append(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp,
      byte[] value) {
    try {
      SortedFileBuilder b = builderFor(row, 0, row.length);
      long ts = writeTime ? currentTimestamp : timestamp;
      b.append(row, family, qualifier, visibility, ts, value);
      maxTimestamp = Math.max(maxTimestamp, ts);
    } catch (IOException e) {
      throw failed(e);
    } catch (RuntimeException e) {
      giveUp();
      throw e;
    }
  }

  @Override
  public void append(CellSlices cell) {
    try {
      SortedFileBuilder b = builderFor(cell.bytes(), cell.rowOffset(), cell.rowLength());
      if (writeTime) {
        cell = restamped.of(cell, currentTimestamp);
      }
      b.append(cell);
      maxTimestamp = Math.max(maxTimestamp, cell.timestamp());
    } catch (IOException e) {
      throw failed(e);
    } catch (RuntimeException e) {
      giveUp();
      throw e;
    }
  }

  /** The file of the tablet holding {@code row}: a new one when the row moves to another tablet. */
  private SortedFileBuilder builderFor(byte[] row, int offset, int length) throws IOException {
    if (closed) {
      throw new IllegalStateException("bulk load into table " + table.name() + " is already closed");
    }
    // Compared with the current tablet's bounds, not searched for or copied: rows mostly stay in one tablet.
    if (currentTablet < 0 || !table.tabletHolds(currentTablet, row, offset, length)) {
      int tablet = table.tabletIndex(row, offset, length);
      finishCurrent();
      if (marker == null && !ScratchTables.holds(table.dir)) { // a killed run's scratch tables go whole
        marker = LoadMarkers.begin(table.dir);
      }
      current = SortedFiles.newBuilder(table.dir.resolve(table.newFileName()), table.writerOptions());
      currentTablet = tablet;
      if (writeTime) {
        currentTimestamp = firstTimestamps.computeIfAbsent(tablet, table::nextTimestamp) + run;
      }
    }
    return current;
  }

  private void finishCurrent() throws IOException {
    if (current != null) {
      SortedFileBuilder b = current;
      current = null;
      TableManifest.FileMeta meta = b.finishUnsynced();
      if (meta != null) {
        done.computeIfAbsent(currentTablet, t -> new ArrayList<>()).add(meta);
        syncs.sync(b.file());
      }
    }
  }

  @Override
  public void nextRun() {
    try {
      finishCurrent();
    } catch (IOException e) {
      throw failed(e);
    } catch (RuntimeException e) {
      giveUp();
      throw e;
    }
    currentTablet = -1;
    run++;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      finishCurrent();
      syncs.await(); // every file durable before the manifest names it
      syncs.close();
      if (!done.isEmpty()) {
        table.importFiles(done, maxTimestamp);
      }
      endMarker();
    } catch (IOException e) {
      throw failed(e); // no manifest names the files: the table is as it was
    } catch (RuntimeException e) {
      giveUp();
      throw e;
    }
  }

  @Override
  public void abort() {
    if (closed) {
      return;
    }
    closed = true;
    deleteFiles();
  }

  /** After a failure: every file written so far goes, and nothing is committed. */
  private UncheckedIOException failed(IOException e) {
    giveUp();
    return new UncheckedIOException("bulk load into table " + table.name() + " failed, nothing was loaded: "
        + e.getMessage(), e);
  }

  private void giveUp() {
    closed = true;
    deleteFiles();
  }

  private void deleteFiles() {
    syncs.close();
    boolean allDeleted = true;
    if (current != null) {
      try {
        current.close(); // abandons the unfinished file
      } catch (IOException e) {
        allDeleted = false;
      }
      current = null;
    }
    for (List<TableManifest.FileMeta> metas : done.values()) {
      for (TableManifest.FileMeta m : metas) {
        try {
          FileChecksums.deleteWithFile(table.dir.resolve(m.name()));
        } catch (IOException e) {
          allDeleted = false; // the marker stays, so the next open of the database removes it
        }
      }
    }
    done.clear();
    if (allDeleted) {
      endMarker();
    }
  }

  private void endMarker() {
    if (marker != null) {
      LoadMarkers.end(marker);
      marker = null;
    }
  }
}
