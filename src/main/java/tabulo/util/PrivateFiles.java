package tabulo.util;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Creates the database's files and directories private to their owner (600 and 700) whatever the umask:
 * cells are readable by label only through Tabulo, so the files must not be readable by other users.
 */
public final class PrivateFiles {
  private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  public static final Set<PosixFilePermission> FILE = EnumSet.of(PosixFilePermission.OWNER_READ,
      PosixFilePermission.OWNER_WRITE);
  public static final Set<PosixFilePermission> DIRECTORY = EnumSet.of(PosixFilePermission.OWNER_READ,
      PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

  private PrivateFiles() {}

  /** Opens a file, creating it (600) if the options say so. */
  public static FileChannel open(Path file, OpenOption... options) throws IOException {
    Set<OpenOption> set = Set.of(options);
    if (!POSIX) {
      return FileChannel.open(file, set);
    }
    boolean existed = Files.exists(file);
    FileChannel ch = FileChannel.open(file, set, attribute(FILE));
    if (!existed) {
      restrict(file, FILE); // the attribute passed the umask, which may have removed owner bits too
    }
    return ch;
  }

  /** Creates a directory and its missing parents, each new one 700. */
  public static void createDirectories(Path dir) throws IOException {
    Path absolute = dir.toAbsolutePath();
    if (Files.isDirectory(absolute)) {
      return;
    }
    Path parent = absolute.getParent();
    if (parent != null) {
      createDirectories(parent);
    }
    try {
      if (POSIX) {
        Files.createDirectory(absolute, attribute(DIRECTORY));
        restrict(absolute, DIRECTORY);
      } else {
        Files.createDirectory(absolute);
      }
    } catch (java.nio.file.FileAlreadyExistsException e) {
      if (!Files.isDirectory(absolute)) {
        throw e;
      }
    }
  }

  /** Makes an existing directory 700. */
  public static void restrictDirectory(Path dir) throws IOException {
    restrict(dir, DIRECTORY);
  }

  /** Makes an existing file 600 (one written by a library that applies the umask). */
  public static void restrictFile(Path file) throws IOException {
    restrict(file, FILE);
  }

  private static void restrict(Path p, Set<PosixFilePermission> perms) throws IOException {
    if (POSIX) {
      Files.setPosixFilePermissions(p, perms);
    }
  }

  private static FileAttribute<Set<PosixFilePermission>> attribute(Set<PosixFilePermission> perms) {
    return PosixFilePermissions.asFileAttribute(perms);
  }
}
