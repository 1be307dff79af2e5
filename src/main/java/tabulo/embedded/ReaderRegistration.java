package tabulo.embedded;

import tabulo.util.PrivateFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.UUID;
import java.util.regex.Matcher;

/**
 * A read-only process beside the database's writer. It registers as {@code readers/ID.lock}, locked for
 * as long as it lives, and takes each table it reads as a snapshot: hard links, in {@code readers/ID/},
 * to the files and logs the table's committed manifest names, plus a copy of that manifest. The writer
 * deletes files as before; a linked file lives on until the reader lets go of it. A process that dies
 * releases its lock, and whoever opens the database next removes its links ({@link #removeDead}), so a
 * killed reader pins nothing for longer than that.
 */
final class ReaderRegistration implements AutoCloseable {
  static final String DIRECTORY = "readers";
  private static final String LOCK_SUFFIX = ".lock";
  /** Snapshot attempts before giving up on a table its writer keeps changing. */
  private static final int ATTEMPTS = 100;

  private final Path lockFile;
  private final Path snapshots;
  private final FileChannel channel;
  private final FileLock lock;
  private int next;

  private ReaderRegistration(Path lockFile, Path snapshots, FileChannel channel, FileLock lock) {
    this.lockFile = lockFile;
    this.snapshots = snapshots;
    this.channel = channel;
    this.lock = lock;
  }

  /** Registers this process as a reader of the database in {@code db}: lock first, then the directory. */
  static ReaderRegistration register(Path db) throws IOException {
    Path readers = db.resolve(DIRECTORY);
    PrivateFiles.createDirectories(readers);
    String id = UUID.randomUUID().toString();
    Path lockFile = readers.resolve(id + LOCK_SUFFIX);
    FileChannel ch = PrivateFiles.open(lockFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    FileLock lock = ch.lock();
    if (!Files.exists(lockFile)) { // taken for a dead reader's between creating and locking it
      lock.release();
      ch.close();
      return register(db);
    }
    Path snapshots = readers.resolve(id);
    PrivateFiles.createDirectories(snapshots);
    return new ReaderRegistration(lockFile, snapshots, ch, lock);
  }

  /**
   * Removes the links of readers that are gone: their lock file is no longer locked. A live reader's
   * lock fails to be taken (by another process) or overlaps (in this one), and it is left alone.
   */
  static void removeDead(Path db) throws IOException {
    Path readers = db.resolve(DIRECTORY);
    if (!Files.isDirectory(readers)) {
      return;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(readers, "*" + LOCK_SUFFIX)) {
      for (Path lockFile : entries) {
        String name = lockFile.getFileName().toString();
        Path snapshots = readers.resolve(name.substring(0, name.length() - LOCK_SUFFIX.length()));
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
          FileLock lock;
          try {
            lock = ch.tryLock();
          } catch (OverlappingFileLockException e) {
            lock = null; // a reader in this process
          }
          if (lock != null) {
            EmbeddedStore.deleteRecursively(snapshots);
            Files.deleteIfExists(lockFile);
            lock.release();
          }
        } catch (NoSuchFileException e) {
          // closed meanwhile
        }
      }
    }
  }

  /**
   * Links a consistent committed state of the table in {@code tableDir} into a fresh directory of this
   * reader and returns it: a manifest, the files it names and the logs to replay. Consistent means the
   * manifest did not change while the links were made, so no log it needs was deleted meanwhile;
   * otherwise (the writer committed), the reader tries again.
   */
  Path snapshot(Path tableDir, String tableName) throws IOException {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Path into = snapshots.resolve(Integer.toString(next++));
      PrivateFiles.createDirectories(into);
      try {
        if (linkCommittedState(tableDir, into)) {
          return into;
        }
      } catch (NoSuchFileException | FileAlreadyExistsException e) {
        // a file deleted by a compaction that committed meanwhile: try again
      }
      EmbeddedStore.deleteRecursively(into);
    }
    throw new IOException("table " + tableName + " changed " + ATTEMPTS + " times while it was being opened"
        + " read-only; try again");
  }

  private static boolean linkCommittedState(Path tableDir, Path into) throws IOException {
    byte[] manifestBytes = Files.readAllBytes(tableDir.resolve(TableManifest.FILE_NAME));
    try (FileChannel copy = PrivateFiles.open(into.resolve(TableManifest.FILE_NAME),
        StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      copy.write(java.nio.ByteBuffer.wrap(manifestBytes));
    }
    TableManifest manifest;
    try {
      manifest = TableManifest.load(into);
    } catch (IOException e) { // damaged: so is the manifest it was copied from, the one to name
      throw new IOException(namedInTable(e.getMessage(), into, tableDir), e);
    }
    for (TableManifest.TabletMeta t : manifest.tablets) {
      for (TableManifest.FileMeta f : t.files) {
        link(tableDir, into, f.name());
        if (f.checksummed()) {
          link(tableDir, into, f.name() + FileChecksums.SUFFIX);
        }
      }
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(tableDir, "t*_*.log")) {
      for (Path p : entries) {
        Matcher m = Table.LOG_NAME.matcher(p.getFileName().toString());
        if (m.matches()) {
          int tablet = Integer.parseInt(m.group(1));
          if (tablet < manifest.tablets.size()
              && Long.parseLong(m.group(2)) >= manifest.tablets.get(tablet).logNumber) {
            link(tableDir, into, p.getFileName().toString());
          }
        }
      }
    }
    return Arrays.equals(manifestBytes, Files.readAllBytes(tableDir.resolve(TableManifest.FILE_NAME)));
  }

  /**
   * {@code message} naming the files of a snapshot in {@code snapshot} (this reader's links, in
   * {@code readers/}) as the files they link to in {@code tableDir}, where the user finds them.
   */
  static String namedInTable(String message, Path snapshot, Path tableDir) {
    String sep = snapshot.getFileSystem().getSeparator();
    return message == null ? null : message.replace(snapshot + sep, tableDir + sep);
  }

  private static void link(Path from, Path into, String name) throws IOException {
    Files.createLink(into.resolve(name), from.resolve(name));
  }

  /** Lets go of every snapshot and ends the registration. */
  @Override
  public void close() throws IOException {
    try {
      EmbeddedStore.deleteRecursively(snapshots);
      Files.deleteIfExists(lockFile);
    } finally {
      lock.release();
      channel.close();
    }
  }
}
