package tabulo.accumulo;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Keeps a MiniAccumuloCluster's files private: its directory is 700 and every file in its {@code conf/}
 * (the site file with the instance secret, the client file with the root password, the site files
 * written per server) is 600. Does nothing on file systems without POSIX permissions.
 */
final class ClusterFiles {
  private static final Set<PosixFilePermission> DIR_700 = PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> GROUP_OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
      PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
      PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  private ClusterFiles() {}

  /** Creates {@code dir} (and missing parents) or takes the existing one, and makes it 700. */
  static void createPrivateDirectory(Path dir) throws IOException {
    Files.createDirectories(dir);
    if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
      Files.setPosixFilePermissions(dir, DIR_700);
    }
  }

  /** Takes group's and others' access away from every regular file in {@code conf}. */
  static void makeConfPrivate(Path conf) throws IOException {
    if (!Files.isDirectory(conf) || !Files.getFileStore(conf).supportsFileAttributeView("posix")) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(conf)) {
      for (Path f : files) {
        if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
          Set<PosixFilePermission> mode = Files.getPosixFilePermissions(f);
          if (mode.removeAll(GROUP_OTHERS)) {
            Files.setPosixFilePermissions(f, mode);
          }
        }
      }
    }
  }
}
