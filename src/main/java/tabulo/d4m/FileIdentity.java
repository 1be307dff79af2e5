package tabulo.d4m;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HexFormat;

/**
 * What makes an input file "the same file" for ingest: its absolute path, size, modification time and
 * the SHA-256 of its bytes. A file recorded as ingested under this identity is skipped by later runs;
 * one that changed in any of them is a new file.
 */
record FileIdentity(String path, long size, String modified, String sha256) {
  /** The size and modification time of a file, read before and after it is used to see it did not change. */
  record Stat(long size, String modified) {
    static Stat of(Path file) {
      try {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new Stat(a.size(), a.lastModifiedTime().toString());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
    }
  }

  static FileIdentity of(Path file, Stat stat, byte[] sha256) {
    return new FileIdentity(file.toAbsolutePath().normalize().toString(), stat.size(), stat.modified(),
        HexFormat.of().formatHex(sha256));
  }

  /** The identity without the path, as the record table's qualifier: {@code size=N;modified=T;sha256=H}. */
  String qualifier() {
    return "size=" + size + ";modified=" + modified + ";sha256=" + sha256;
  }
}
