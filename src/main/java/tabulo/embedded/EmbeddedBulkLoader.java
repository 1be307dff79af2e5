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
    try {
      ByteSequence row = key.getRowData();
      if (lastRow == null || !sameRow(row, lastRow)) {
        lastRow = row.toArray();
        int tablet = table.tabletIndex(lastRow);
        if (tablet != currentTablet) {
          finishCurrent();
          current = SortedFiles.newBuilder(table.dir.resolve(table.newFileName()), table.fileConf());
          currentTablet = tablet;
        }
      }
      current.append(key, value);
      maxTimestamp = Math.max(maxTimestamp, key.getTimestamp());
    } catch (IOException e) {
      throw new UncheckedIOException("bulk load into table " + table.name() + " failed", e);
    }
  }

  private static boolean sameRow(ByteSequence row, byte[] last) {
    return row.length() == last.length && java.util.Arrays.equals(row.getBackingArray(), row.offset(),
        row.offset() + row.length(), last, 0, last.length);
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
      throw new UncheckedIOException("bulk load into table " + table.name() + " failed", e);
    }
  }
}
