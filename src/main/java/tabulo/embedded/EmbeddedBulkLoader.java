package tabulo.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.rfile.Cell;
import tabulo.storage.SortedLoader;

/**
 * Writes sorted entries straight into new sorted files, one per tablet they fall in, and adds the files
 * to their tablets in one manifest commit on close: atomic and durable, with no log or memtable work.
 */
final class EmbeddedBulkLoader implements SortedLoader {
  private final Table table;
  private final Map<Integer, List<TableManifest.FileMeta>> done = new HashMap<>();
  private SortedFileBuilder current;
  private int currentTablet = -1;
  private byte[] lastRow;
  private long maxTimestamp = Long.MIN_VALUE;
  private boolean closed;

  EmbeddedBulkLoader(Table table) {
    this.table = table;
  }

  @Override
  public void append(Key key, Value value) {
    ByteSequence row = key.getRowData();
    try {
      builderFor(row.getBackingArray(), row.offset(), row.length()).append(key, value);
    } catch (IOException e) {
      throw failed(e);
    }
    maxTimestamp = Math.max(maxTimestamp, key.getTimestamp());
  }

  @Override
  public void append(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp,
      byte[] value) {
    try {
      builderFor(row, 0, row.length).append(row, family, qualifier, visibility, timestamp, value);
    } catch (IOException e) {
      throw failed(e);
    }
    maxTimestamp = Math.max(maxTimestamp, timestamp);
  }

  @Override
  public void append(Cell cell) {
    try {
      builderFor(cell.bytes(), cell.rowOffset(), cell.rowLength()).append(cell);
    } catch (IOException e) {
      throw failed(e);
    }
    maxTimestamp = Math.max(maxTimestamp, cell.timestamp());
  }

  /** The file of the tablet holding {@code row}: a new one when the row moves to another tablet. */
  private SortedFileBuilder builderFor(byte[] row, int offset, int length) throws IOException {
    if (lastRow == null || !java.util.Arrays.equals(row, offset, offset + length, lastRow, 0, lastRow.length)) {
      lastRow = java.util.Arrays.copyOfRange(row, offset, offset + length);
      int tablet = table.tabletIndex(lastRow);
      if (tablet != currentTablet) {
        finishCurrent();
        current = SortedFiles.newBuilder(table.dir.resolve(table.newFileName()), table.fileConf());
        currentTablet = tablet;
      }
    }
    return current;
  }

  private void finishCurrent() throws IOException {
    if (current != null) {
      TableManifest.FileMeta meta = current.finish();
      if (meta != null) {
        done.computeIfAbsent(currentTablet, t -> new ArrayList<>()).add(meta);
      }
      current = null;
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      finishCurrent();
      if (!done.isEmpty()) {
        table.importFiles(done, maxTimestamp);
      }
    } catch (IOException e) {
      throw failed(e);
    }
  }

  private UncheckedIOException failed(IOException e) {
    return new UncheckedIOException("bulk load into table " + table.name() + " failed", e);
  }
}
