package tabulo.accumulo;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

import tabulo.storage.SortedLoader;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * Entries in key order into an Accumulo table. The first {@link #WRITER_LIMIT} are held in memory: a load
 * that ends there goes through a batch writer (a bulk import costs about a second whatever its size);
 * a larger one streams into an RFile under {@code bulk/} of the work directory, which is then
 * bulk-imported (Accumulo moves the file into the table: no write-ahead log, no memory map). Durable
 * when {@link #close()} returns, either way.
 */
final class AccumuloBulkLoader implements SortedLoader {
  static final int WRITER_LIMIT = 50_000;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final AccumuloStore store;
  private final String table;
  private final String workDir;
  private final List<Key> keys = new ArrayList<>();
  private final List<Value> values = new ArrayList<>();
  private FileSystem fs;
  private Path dir;
  private RFileWriter file;

  AccumuloBulkLoader(AccumuloStore store, String table, String workDir) {
    this.store = store;
    this.table = table;
    this.workDir = workDir;
  }

  @Override
  public void append(Key key, Value value) {
    try {
      if (file != null) {
        file.append(key, value);
        return;
      }
      keys.add(new Key(key)); // callers may reuse theirs
      values.add(new Value(value));
      if (keys.size() >= WRITER_LIMIT) {
        open();
        for (int i = 0; i < keys.size(); i++) {
          file.append(keys.get(i), values.get(i));
        }
        keys.clear();
        values.clear();
      }
    } catch (IOException e) {
      throw new TabuloException("cannot write a bulk-load file for table " + table + " in " + dir + ": "
          + e.getMessage(), e);
    }
  }

  private void open() throws IOException {
    fs = new Path(workDir).getFileSystem(new Configuration());
    if (fs instanceof LocalFileSystem local) {
      fs = local.getRawFileSystem(); // no .crc side files in the directory Accumulo imports
    }
    dir = new Path(new Path(workDir, "bulk"), table + "-" + HexFormat.of().formatHex(randomBytes()));
    fs.mkdirs(dir);
    file = RFile.newWriter().to(new Path(dir, "load.rf").toString()).withFileSystem(fs).build();
  }

  @Override
  public void close() {
    if (file == null) {
      writeThroughWriter();
      return;
    }
    try {
      file.close();
      store.client().tableOperations().importDirectory(dir.toString()).to(table).load();
    } catch (IOException e) {
      throw new TabuloException("cannot write a bulk-load file for table " + table + " in " + dir + ": "
          + e.getMessage(), e);
    } catch (TableNotFoundException e) {
      throw new TabuloException("no such table: " + table, e);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      throw new TabuloException("bulk import into table " + table + " from " + dir + " failed: "
          + AccumuloStore.rootMessage(e) + " (the work directory, tabulo.work.dir, must be on a file system"
          + " the tablet servers can read, and on the same one as Accumulo's volume)", e);
    } finally {
      try {
        fs.delete(dir, true);
      } catch (IOException e) {
        // a leftover directory holds nothing that was not imported
      }
    }
  }

  private void writeThroughWriter() {
    try (TableWriter w = store.writer(table)) {
      for (int i = 0; i < keys.size(); i++) {
        Key k = keys.get(i);
        Mutation m = new Mutation(k.getRowData().toArray());
        m.put(k.getColumnFamilyData().toArray(), k.getColumnQualifierData().toArray(),
            new ColumnVisibility(k.getColumnVisibilityData().toArray()), k.getTimestamp(), values.get(i).get());
        w.addMutation(m);
      }
    }
  }

  private static byte[] randomBytes() {
    byte[] b = new byte[8];
    RANDOM.nextBytes(b);
    return b;
  }
}
