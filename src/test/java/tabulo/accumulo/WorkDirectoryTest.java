package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.TabuloException;

/**
 * The work directory and its {@code secrets/} are used only when private: created 700, an existing one
 * refused (with how to fix it) when other users may read or write it or when it belongs to someone else,
 * also through a symbolic link. Through both local Hadoop file systems the Accumulo code uses (the
 * checksummed one for credential stores, the raw one for bulk files).
 */
class WorkDirectoryTest {
  @TempDir
  Path tmp;

  private static FileSystem local() throws IOException {
    FileSystem fs = new LocalFileSystem();
    fs.initialize(java.net.URI.create("file:///"), new Configuration());
    return fs;
  }

  private static FileSystem raw() throws IOException {
    FileSystem fs = new RawLocalFileSystem();
    fs.initialize(java.net.URI.create("file:///"), new Configuration());
    return fs;
  }

  private static org.apache.hadoop.fs.Path h(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  private static String mode(Path p) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @Test
  void missingDirectoryIsCreatedPrivate() throws IOException {
    Path work = tmp.resolve("a").resolve("work");
    WorkDirectory.ensurePrivate(local(), h(work), "work directory");
    assertEquals("rwx------", mode(work));
    WorkDirectory.ensurePrivate(raw(), h(work.resolve("secrets")), "credential directory");
    assertEquals("rwx------", mode(work.resolve("secrets")));
    WorkDirectory.ensurePrivate(local(), h(work), "work directory"); // an existing private one is fine
  }

  @Test
  void directoryOthersMayReadOrWriteIsRefused() throws IOException {
    for (String m : new String[] {"rwxrwxrwx", "rwxr-xr-x", "rwx---rwx", "rwx-w----"}) {
      Path work = Files.createDirectory(tmp.resolve("work-" + m.replace('-', '_')));
      Files.setPosixFilePermissions(work, PosixFilePermissions.fromString(m));
      for (FileSystem fs : new FileSystem[] {local(), raw()}) {
        TabuloException e = assertThrows(TabuloException.class,
            () -> WorkDirectory.ensurePrivate(fs, h(work), "work directory"));
        assertEquals("the work directory " + h(work) + " (tabulo.work.dir) can be read or written by other users"
            + " (mode " + m + "): it holds credentials; run 'chmod 700 " + h(work) + "' or set tabulo.work.dir"
            + " in the client properties file to a directory of your own", e.getMessage());
      }
      assertEquals(m, mode(work), "left as it was");
    }
    // secrets/ is checked on its own: a private work directory does not make an open secrets/ safe
    Path work = Files.createDirectory(tmp.resolve("w"), PosixFilePermissions.asFileAttribute(
        PosixFilePermissions.fromString("rwx------")));
    Path secrets = Files.createDirectory(work.resolve("secrets"));
    Files.setPosixFilePermissions(secrets, PosixFilePermissions.fromString("rwxr--r--"));
    TabuloException e = assertThrows(TabuloException.class,
        () -> WorkDirectory.ensurePrivate(local(), h(secrets), "credential directory"));
    assertEquals("the credential directory " + h(secrets) + " (tabulo.work.dir) can be read or written by other"
        + " users (mode rwxr--r--): it holds credentials; run 'chmod 700 " + h(secrets) + "' or set"
        + " tabulo.work.dir in the client properties file to a directory of your own", e.getMessage());
    // execute alone lets others pass through to names they know, not list or change anything
    Files.setPosixFilePermissions(secrets, PosixFilePermissions.fromString("rwx--x--x"));
    WorkDirectory.ensurePrivate(local(), h(secrets), "credential directory");
  }

  @Test
  void directoryOfAnotherUserIsRefused() throws IOException {
    Path work;
    String owner;
    if (isRoot()) {
      work = Files.createDirectory(tmp.resolve("theirs"));
      Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwx------"));
      UserPrincipal nobody = nobody();
      Files.setOwner(work, nobody);
      owner = nobody.getName();
    } else {
      work = Path.of("/"); // root's
      owner = "root";
    }
    for (FileSystem fs : new FileSystem[] {local(), raw()}) {
      TabuloException e = assertThrows(TabuloException.class,
          () -> WorkDirectory.ensurePrivate(fs, h(work), "work directory"));
      assertEquals("the work directory " + h(work) + " (tabulo.work.dir) belongs to user " + owner + ", not to "
          + System.getProperty("user.name") + ": it would receive credentials, so Tabulo refuses it; set"
          + " tabulo.work.dir in the client properties file to a directory of your own, or have " + owner
          + " remove it", e.getMessage());
    }
  }

  @Test
  void symbolicLinkIsCheckedAndSoIsWhatItPointsTo() throws IOException {
    assumeTrue(isRoot(), "making files of another user needs root");
    UserPrincipal nobody = nobody();
    // another user's link (in a shared temporary directory) to a directory of ours
    Path mine = Files.createDirectory(tmp.resolve("mine"), PosixFilePermissions.asFileAttribute(
        PosixFilePermissions.fromString("rwx------")));
    Path theirLink = Files.createSymbolicLink(tmp.resolve("their-link"), mine);
    Files.getFileAttributeView(theirLink, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).setOwner(nobody);
    assertEquals(nobody.getName(), Files.getOwner(theirLink, LinkOption.NOFOLLOW_LINKS).getName());
    assertThrows(TabuloException.class, () -> WorkDirectory.ensurePrivate(local(), h(theirLink), "work directory"));
    // our link to another user's directory
    Path theirs = Files.createDirectory(tmp.resolve("theirs"), PosixFilePermissions.asFileAttribute(
        PosixFilePermissions.fromString("rwx------")));
    Files.setOwner(theirs, nobody);
    Path myLink = Files.createSymbolicLink(tmp.resolve("my-link"), theirs);
    TabuloException e = assertThrows(TabuloException.class,
        () -> WorkDirectory.ensurePrivate(local(), h(myLink), "work directory"));
    assertEquals(true, e.getMessage().contains("belongs to user " + nobody.getName()), e.getMessage());
    // our link to our directory
    Path ok = Files.createSymbolicLink(tmp.resolve("ok-link"), mine);
    WorkDirectory.ensurePrivate(local(), h(ok), "work directory");
  }

  private static boolean isRoot() {
    return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
  }

  private static UserPrincipal nobody() throws IOException {
    return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
  }
}
