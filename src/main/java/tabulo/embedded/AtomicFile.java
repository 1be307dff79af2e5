package tabulo.embedded;

import tabulo.util.PrivateFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a small file atomically: write a temporary, fsync it, rename over the target, fsync the folder.
 * Files of {@link ScratchTables} are not fsynced (renames stay atomic).
 */
final class AtomicFile {
  /** How many fsyncs this process made through here (a test counts what an operation costs). */
  static final java.util.concurrent.atomic.AtomicLong FSYNCS = new java.util.concurrent.atomic.AtomicLong();

  private AtomicFile() {}

  static void write(Path target, byte[] content) throws IOException {
    boolean sync = !ScratchTables.holds(target);
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.deleteIfExists(tmp); // so the new one is created private
    try (FileChannel ch = PrivateFiles.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ByteBuffer buf = ByteBuffer.wrap(content);
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
      if (sync) {
        ch.force(true);
        FSYNCS.incrementAndGet();
      }
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(tmp); // the target is as it was; leave no half-written temporary
      } catch (IOException again) {
        e.addSuppressed(again);
      }
      throw e;
    }
    try {
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("file system cannot rename atomically: " + target.getParent(), e);
    }
    if (sync) {
      syncDirectory(target.getParent());
    }
  }

  /**
   * Writes a new file and fsyncs its content, but not its folder: for a file that matters only once a
   * manifest in the same folder names it, whose commit ({@link #write}) syncs the folder and so the name
   * too. Left half-written by a crash, it is named by no manifest and removed at the next open.
   */
  static void writeUnnamed(Path target, byte[] content) throws IOException {
    try (FileChannel ch = PrivateFiles.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ByteBuffer buf = ByteBuffer.wrap(content);
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
      if (!ScratchTables.holds(target)) {
        ch.force(true);
      }
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(target);
      } catch (IOException again) {
        e.addSuppressed(again);
      }
      throw e;
    }
  }

  /** Makes a rename or a new file in {@code dir} durable. */
  static void syncDirectory(Path dir) throws IOException {
    if (ScratchTables.holds(dir)) {
      return;
    }
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
      FSYNCS.incrementAndGet();
    } catch (IOException e) {
      // Some file systems refuse to open directories; the rename is then as durable as they make it.
    }
  }

  static void syncFile(Path file) throws IOException {
    if (ScratchTables.holds(file)) {
      return;
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.force(true);
      FSYNCS.incrementAndGet();
    }
  }
}
