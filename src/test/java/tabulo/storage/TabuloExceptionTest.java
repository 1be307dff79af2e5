package tabulo.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.ingest.CsvReader;

/** java.nio's exceptions carry only the file's name; messages must say what went wrong with it. */
class TabuloExceptionTest {
  @TempDir
  Path dir;

  private TabuloException opening(Path file) {
    IOException e = assertThrows(IOException.class, () -> Files.newInputStream(file).close());
    return TabuloException.cannotRead(file, e);
  }

  @Test
  void aMissingFileSaysNoSuchFile() {
    Path gone = dir.resolve("gone.csv");
    assertEquals("cannot read " + gone + ": no such file", opening(gone).getMessage());
  }

  @Test
  void anUnreadableFileSaysPermissionDenied() throws IOException {
    Assumptions.assumeFalse("root".equals(System.getProperty("user.name")), "root reads every file");
    Path locked = Files.writeString(dir.resolve("locked.csv"), "a\n1\n");
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    assertEquals("cannot read " + locked + ": permission denied", opening(locked).getMessage());
  }

  /** A file that vanishes while the reader is on it: the failure names the file and the reason. */
  @Test
  void aReadThatFailsMidFileNamesTheFile() {
    InputStream vanished = new InputStream() {
      @Override
      public int read() throws IOException {
        throw new java.nio.file.NoSuchFileException("x.csv");
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        throw new java.nio.file.NoSuchFileException("x.csv");
      }
    };
    try (CsvReader r = new CsvReader(vanished, "x.csv")) {
      assertEquals("cannot read x.csv: no such file", assertThrows(TabuloException.class, r::next).getMessage());
    }
  }
}
