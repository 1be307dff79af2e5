package tabulo.accumulo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;

import tabulo.storage.TabuloException;

/**
 * The client's work directory ({@code tabulo.work.dir}) and its {@code secrets/} hold kernels' credential
 * stores and files about to be bulk loaded: they are created 700, and an existing one is used only if it
 * belongs to the current user and no one else may read or write it. (A directory another user made in
 * the shared temporary directory, mode 777, would otherwise receive our credentials; the default name
 * {@code tabulo-work-USER} is easy to guess.)
 */
final class WorkDirectory {
  /** Hadoop's configuration, read once: making one per call re-reads its XML resources (tens of ms). */
  static final org.apache.hadoop.conf.Configuration HADOOP_CONF = new org.apache.hadoop.conf.Configuration();

  static final String SECRETS = "secrets";
  private static final FsPermission MODE_700 = new FsPermission((short) 0700);

  private WorkDirectory() {}

  /**
   * Creates {@code dir} private, or checks that the existing one is; {@code what} names it in messages
   * ("work directory", "credential directory").
   */
  static void ensurePrivate(FileSystem fs, Path dir, String what) throws IOException {
    if (!fs.exists(dir)) {
      FileSystem.mkdirs(fs, dir, MODE_700); // then sets the mode explicitly, whatever the umask
    }
    if ("file".equals(fs.getUri().getScheme())) {
      checkLocal(java.nio.file.Path.of(fs.makeQualified(dir).toUri()), dir, what);
    } else {
      checkRemote(fs.getFileStatus(dir), dir, what);
    }
  }

  /** A local directory: owner (of a symbolic link and of what it points to) by uid, mode by POSIX bits. */
  private static void checkLocal(java.nio.file.Path local, Path dir, String what) throws IOException {
    if (!Files.getFileStore(local).supportsFileAttributeView("unix")) {
      return; // no owners or modes to check (not a POSIX file system)
    }
    long me = new com.sun.security.auth.module.UnixSystem().getUid();
    for (LinkOption[] follow : new LinkOption[][] {{LinkOption.NOFOLLOW_LINKS}, {}}) {
      int owner = (Integer) Files.getAttribute(local, "unix:uid", follow);
      if (owner != me) {
        throw notOwned(dir, what, Files.getOwner(local, follow).getName(), System.getProperty("user.name"));
      }
    }
    if (!Files.isDirectory(local)) {
      throw new TabuloException("the " + what + " " + dir + " (" + AccumuloStore.WORK_DIR_PROPERTY
          + ") is not a directory: " + otherDirectory());
    }
    Set<PosixFilePermission> mode = Files.getPosixFilePermissions(local);
    if (mode.contains(PosixFilePermission.GROUP_READ) || mode.contains(PosixFilePermission.GROUP_WRITE)
        || mode.contains(PosixFilePermission.OTHERS_READ) || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw exposed(dir, what, PosixFilePermissions.toString(mode));
    }
  }

  /** A directory on another file system (HDFS): its owner and permission as that file system reports them. */
  private static void checkRemote(FileStatus st, Path dir, String what) throws IOException {
    String me = UserGroupInformation.getCurrentUser().getShortUserName();
    if (!me.equals(st.getOwner())) {
      throw notOwned(dir, what, st.getOwner(), me);
    }
    if (!st.isDirectory()) {
      throw new TabuloException("the " + what + " " + dir + " (" + AccumuloStore.WORK_DIR_PROPERTY
          + ") is not a directory: " + otherDirectory());
    }
    FsPermission p = st.getPermission();
    if (p.getGroupAction().implies(FsAction.READ) || p.getGroupAction().implies(FsAction.WRITE)
        || p.getOtherAction().implies(FsAction.READ) || p.getOtherAction().implies(FsAction.WRITE)) {
      throw exposed(dir, what, p.toString());
    }
  }

  private static TabuloException notOwned(Path dir, String what, String owner, String me) {
    return new TabuloException("the " + what + " " + dir + " (" + AccumuloStore.WORK_DIR_PROPERTY
        + ") belongs to user " + owner + ", not to " + me + ": it would receive credentials, so Tabulo refuses it; "
        + otherDirectory() + ", or have " + owner + " remove it");
  }

  private static TabuloException exposed(Path dir, String what, String mode) {
    return new TabuloException("the " + what + " " + dir + " (" + AccumuloStore.WORK_DIR_PROPERTY
        + ") can be read or written by other users (mode " + mode + "): it holds credentials; run 'chmod 700 "
        + dir + "' or " + otherDirectory());
  }

  private static String otherDirectory() {
    return "set " + AccumuloStore.WORK_DIR_PROPERTY + " in the client properties file to a directory of your own";
  }
}
