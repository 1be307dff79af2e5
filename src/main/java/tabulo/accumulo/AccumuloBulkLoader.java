package tabulo.accumulo;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

import tabulo.rfile.RFileWriter;
import tabulo.storage.SortedLoader;
import tabulo.storage.TableNames;
import tabulo.storage.TabuloException;

/**
 * Entries in key order into an Accumulo table. The first {@link #WRITER_LIMIT} are held in memory: a load
 * that ends there goes through a batch writer (a bulk import costs about a second whatever its size);
 * a larger one streams into an RFile under {@code bulk/} of the work directory, which is then
 * bulk-imported (Accumulo moves the file into the table: no write-ahead log, no memory map). Durable
 * when {@link #close()} returns, either way. A kernel's output (deferred, below) goes to a file however
 * small when the client may import it ({@code deferAll}).
 *
 * <p>Runs ({@link #nextRun()}) each go into a file of their own in the same directory, imported together.
 * A loader of files only ({@link #filesOnly}) imports even small loads as files, so that all of a
 * command's cells land or none.
 *
 * <p>With a deferred-import directory (kernels in tablet servers, whose short-lived users may not bulk
 * import), the file is only published there, as {@code TABLE/RANDOM.rf} (written under a temporary name
 * and renamed when complete), for the client to import once the run is done.
 */
final class AccumuloBulkLoader implements SortedLoader {
  static final int WRITER_LIMIT = 50_000;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final AccumuloStore store;
  private final String table;
  private final String workDir;
  private final String deferredDir; // null: import at close
  private final boolean deferAll; // small loads into a deferred file too
  private boolean filesOnly; // even small loads go into a file: a batch writer cannot take back a failed load
  private final List<Path> published = new ArrayList<>(); // deferred files of earlier runs
  private final List<Key> keys = new ArrayList<>();
  private final List<Value> values = new ArrayList<>();
  private FileSystem fs;
  private Path dir;
  private RFileWriter file;
  private Path filePath;
  private byte[] checkedVisibility = new byte[0]; // the last label found valid
  private boolean failed; // an append failed: close() loads nothing, so the table keeps none of it

  AccumuloBulkLoader(AccumuloStore store, String table, String workDir, String deferredDir, boolean deferAll) {
    this.store = store;
    this.table = table;
    this.workDir = workDir;
    this.deferredDir = deferredDir;
    this.deferAll = deferAll;
  }

  /** A loader whose cells land all together or not at all, in files imported at close however few. */
  static AccumuloBulkLoader filesOnly(AccumuloStore store, String table, String workDir) {
    AccumuloBulkLoader l = new AccumuloBulkLoader(store, table, workDir, null, false);
    l.filesOnly = true;
    return l;
  }

  @Override
  public void append(Key key, Value value) {
    try {
      if (file != null) {
        checkVisibility(key);
        file.append(key, value);
        return;
      }
      keys.add(new Key(key)); // callers may reuse theirs
      values.add(new Value(value));
      if (keys.size() >= WRITER_LIMIT) {
        spillToFile();
      }
    } catch (IOException e) {
      failed = true;
      throw writeFailed(e);
    } catch (RuntimeException e) {
      failed = true;
      throw e;
    }
  }

  /** Opens the file and moves the buffered entries into it. */
  private void spillToFile() throws IOException {
    open();
    for (int i = 0; i < keys.size(); i++) {
      checkVisibility(keys.get(i));
      file.append(keys.get(i), values.get(i));
    }
    keys.clear();
    values.clear();
  }

  private void open() throws IOException {
    String name = HexFormat.of().formatHex(randomBytes());
    if (dir == null) {
      makeDirectory(name);
    }
    filePath = new Path(dir, name + (deferredDir != null ? TEMPORARY : ".rf"));
    // uncompressed (deflating cost more than everything else here; the table's compactions compress
    // later), so Tabulo's RFile writer, the same bytes as Accumulo's and several times faster
    file = new RFileWriter(createFile(fs, filePath));
  }

  private void makeDirectory(String name) throws IOException {
    fs = new Path(workDir).getFileSystem(WorkDirectory.HADOOP_CONF);
    if (fs instanceof LocalFileSystem local) {
      fs = local.getRawFileSystem(); // no .crc side files in the directory Accumulo imports
    }
    if (deferredDir == null) {
      // the client's own work directory: what is loaded is readable by its owner alone (a kernel in a
      // tablet server writes into the run's directory the client prepared, as the server's user)
      WorkDirectory.ensurePrivate(fs, new Path(workDir), "work directory");
    }
    dir = deferredDir != null ? new Path(deferredDir, table) : new Path(new Path(workDir, "bulk"), table + "-" + name);
    if (fs instanceof RawLocalFileSystem local) {
      java.nio.file.Files.createDirectories(java.nio.file.Path.of(local.pathToFile(dir).getPath()));
    } else {
      fs.mkdirs(dir);
    }
  }

  /**
   * A new file; on the local file system through java.nio: Hadoop's local file system (without its native
   * library) sets the mode of each new file and directory by starting a {@code chmod} process, tens of
   * milliseconds in a tablet server, several times for each unit of a kernel. The umask sets the mode.
   */
  private static java.io.OutputStream createFile(FileSystem fs, Path file) throws IOException {
    if (fs instanceof RawLocalFileSystem local) {
      return new java.io.BufferedOutputStream(java.nio.file.Files.newOutputStream(
          java.nio.file.Path.of(local.pathToFile(file).getPath()), java.nio.file.StandardOpenOption.CREATE_NEW,
          java.nio.file.StandardOpenOption.WRITE), 1 << 16);
    }
    return fs.create(file, false);
  }

  /**
   * Refuses a malformed visibility label as Accumulo's client file writer does (a file holding one would
   * break scans of the table), parsing each label once while consecutive keys share it.
   */
  private void checkVisibility(Key key) {
    ByteSequence cv = key.getColumnVisibilityData();
    if (cv.length() == 0 || java.util.Arrays.equals(cv.getBackingArray(), cv.offset(), cv.offset() + cv.length(),
        checkedVisibility, 0, checkedVisibility.length)) {
      return;
    }
    byte[] label = cv.toArray();
    new ColumnVisibility(label); // throws IllegalArgumentException if malformed
    checkedVisibility = label;
  }

  @Override
  public void nextRun() {
    if (failed) {
      return;
    }
    try {
      if (!keys.isEmpty()) {
        spillToFile(); // the next run's keys start again: buffered ones cannot wait for them
      }
      finishFile();
    } catch (IOException e) {
      failed = true;
      throw writeFailed(e);
    } catch (RuntimeException e) {
      failed = true;
      throw e;
    }
  }

  @Override
  public void close() {
    if (failed) {
      discard();
      return;
    }
    // a kernel's output, however small, goes into a file the client imports once: a batch writer may
    // apply a write twice when a tablet server dies after logging it but before acknowledging it, and
    // the output's combiner would then count those partial products twice
    boolean smallToFile = filesOnly || (deferredDir != null && deferAll);
    if (dir == null && !(smallToFile && !keys.isEmpty())) {
      writeThroughWriter();
      return;
    }
    try {
      if (!keys.isEmpty()) {
        spillToFile();
      }
      finishFile();
    } catch (IOException e) {
      discard();
      throw writeFailed(e);
    } catch (RuntimeException e) {
      discard();
      throw e;
    }
    if (deferredDir != null) {
      return;
    }
    try {
      store.client().tableOperations().importDirectory(dir.toString()).to(table).load();
    } catch (IOException e) {
      throw writeFailed(e);
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

  @Override
  public void abort() {
    failed = true;
    discard();
  }

  /** Closes the current file, if any; a deferred one gets its final name ({@code *.rf}: complete). */
  private void finishFile() throws IOException {
    if (file == null) {
      return;
    }
    RFileWriter f = file;
    file = null;
    f.close();
    if (deferredDir != null) {
      String complete = filePath.getName().substring(0, filePath.getName().length() - TEMPORARY.length()) + ".rf";
      Path done = new Path(dir, complete);
      if (!fs.rename(filePath, done)) {
        throw new IOException("cannot rename " + filePath);
      }
      published.add(done);
    }
  }

  /**
   * Imports what deferred loads published for each table under {@code deferredDir}, dropping files left
   * incomplete by a kernel that died; removes the directory.
   */
  static void importDeferred(AccumuloStore store, String deferredDir) {
    Path root = new Path(deferredDir);
    try {
      FileSystem fs = root.getFileSystem(WorkDirectory.HADOOP_CONF);
      if (!fs.exists(root)) {
        return;
      }
      for (org.apache.hadoop.fs.FileStatus t : fs.listStatus(root)) {
        List<String> files = new ArrayList<>();
        long bytes = 0;
        for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(t.getPath())) {
          if (f.getPath().getName().endsWith(".rf")) {
            files.add(f.getPath().toString());
            bytes += f.getLen();
          } else {
            fs.delete(f.getPath(), false); // incomplete, or a local checksum file
          }
        }
        String table = t.getPath().getName();
        if (files.isEmpty()) {
          continue;
        }
        if (bytes <= SMALL_OUTPUT_BYTES && TableNames.isReserved(table)) {
          writeThrough(store, fs, files, table);
        } else {
          store.client().tableOperations().importDirectory(t.getPath().toString()).to(table).load();
        }
      }
    } catch (IOException e) {
      throw new TabuloException("cannot read the kernels' bulk files in " + deferredDir + ": " + e.getMessage(), e);
    } catch (TableNotFoundException e) {
      throw new TabuloException("a kernel's output table is gone: " + e.getMessage(), e);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      throw new TabuloException("bulk import of the kernels' output from " + deferredDir + " failed: "
          + AccumuloStore.rootMessage(e), e);
    }
  }

  /**
   * Kernel output up to this size goes into its table through a batch writer: a bulk import is a FATE
   * operation (a tenth of a second or more however small), a batch write a few milliseconds. Only into a
   * run's temporaries, which nobody sees until they are published whole: a batch writer that fails
   * half-way leaves part of what it sent.
   */
  static final long SMALL_OUTPUT_BYTES = 1 << 20;

  /** The files' cells, exactly as stored (labels, timestamps, deletes), written through a batch writer. */
  private static void writeThrough(AccumuloStore store, FileSystem fs, List<String> files, String table) {
    try (org.apache.accumulo.core.client.Scanner cells = org.apache.accumulo.core.client.rfile.RFile.newScanner()
        .from(files.toArray(String[]::new)).withFileSystem(fs).withoutSystemIterators().build();
        tabulo.storage.TableWriter w = store.writer(table)) {
      Mutation m = null;
      ByteSequence row = null;
      for (java.util.Map.Entry<Key, Value> e : cells) {
        Key k = e.getKey();
        if (row == null || !k.getRowData().equals(row)) {
          if (m != null) {
            w.addMutation(m);
          }
          row = new org.apache.accumulo.core.data.ArrayByteSequence(k.getRowData().toArray());
          m = new Mutation(row.getBackingArray());
        }
        ColumnVisibility cv = new ColumnVisibility(k.getColumnVisibilityData().toArray());
        if (k.isDeleted()) {
          m.putDelete(k.getColumnFamilyData().toArray(), k.getColumnQualifierData().toArray(), cv, k.getTimestamp());
        } else {
          m.put(k.getColumnFamilyData().toArray(), k.getColumnQualifierData().toArray(), cv, k.getTimestamp(),
              e.getValue().get());
        }
      }
      if (m != null) {
        w.addMutation(m);
      }
    }
  }

  /** After a failed append: the half-written file, if any, goes; nothing reaches the table. */
  private void discard() {
    keys.clear();
    values.clear();
    try {
      if (file != null) {
        RFileWriter f = file;
        file = null;
        f.close();
      }
    } catch (IOException | RuntimeException e) {
      // the file is deleted next
    }
    try {
      if (fs != null && dir != null && deferredDir == null) {
        fs.delete(dir, true);
      } else if (fs != null && filePath != null) {
        fs.delete(filePath, false); // the directory is shared with the run's other loaders
        for (Path p : published) {
          fs.delete(p, false);
        }
      }
    } catch (IOException e) {
      // a leftover file that was never loaded
    }
  }

  private TabuloException writeFailed(IOException e) {
    return new TabuloException("cannot write a bulk-load file for table " + table + " in " + dir + ": "
        + e.getMessage(), e);
  }

  private static final String TEMPORARY = "_tmp"; // the other ending RFile names may have

  private void writeThroughWriter() {
    try (SortedLoader w = SortedLoader.through(store.writer(table))) {
      for (int i = 0; i < keys.size(); i++) {
        w.append(keys.get(i), values.get(i));
      }
    }
  }

  private static byte[] randomBytes() {
    byte[] b = new byte[8];
    RANDOM.nextBytes(b);
    return b;
  }
}
