package tabulo.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.zip.CRC32C;

import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.file.FileSKVIterator;

/**
 * Checks a table's files on disk without opening the table (so without replaying or changing anything):
 * the manifest, every write-ahead log the next open replays (read strictly), and every sorted file named
 * by the manifest, against its checksums (files written before checksums are read through instead).
 */
final class Verifier {
  private final Path db;
  private final List<VerifyReport.Damage> damage = new ArrayList<>();
  private long files;
  private long bytes;
  private long logs;
  private long unchecksummed;

  private Path readDir;
  private Path shownDir;

  Verifier(Path db) {
    this.db = db;
  }

  void table(String name, Path dir, EngineOptions options) {
    table(name, dir, dir, options);
  }

  /** Verifies a table read from {@code dir} (a reader's snapshot) and named in reports as {@code shownDir}. */
  void table(String name, Path dir, Path shownDir, EngineOptions options) {
    readDir = dir;
    this.shownDir = shownDir;
    TableManifest manifest;
    try {
      manifest = TableManifest.load(dir);
    } catch (IOException e) {
      damage.add(new VerifyReport.Damage(name, rel(dir.resolve(TableManifest.FILE_NAME)), message(e)));
      return;
    }
    verifyLogs(name, dir, manifest);
    for (TableManifest.TabletMeta t : manifest.tablets) {
      for (TableManifest.FileMeta f : t.files) {
        verifyFile(name, dir.resolve(f.name()), f, options);
      }
    }
  }

  private void verifyLogs(String name, Path dir, TableManifest manifest) {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "t*_*.log")) {
      for (Path p : entries) {
        Matcher m = Table.LOG_NAME.matcher(p.getFileName().toString());
        if (!m.matches()) {
          continue;
        }
        int tablet = Integer.parseInt(m.group(1));
        if (tablet >= manifest.tablets.size() || Long.parseLong(m.group(2)) < manifest.tablets.get(tablet).logNumber) {
          continue; // already in sorted files: the next open deletes it
        }
        logs++;
        try (LogReader r = new LogReader(p, name)) {
          byte[] record;
          while ((record = r.next()) != null) {
            try {
              LogRecords.decode(record);
            } catch (IOException e) {
              throw r.damaged(r.recordPosition(), e.getMessage());
            }
          }
        } catch (IOException e) {
          damage.add(new VerifyReport.Damage(name, rel(p), message(e)));
        }
      }
    } catch (IOException e) {
      damage.add(new VerifyReport.Damage(name, rel(dir), message(e)));
    }
  }

  private void verifyFile(String name, Path file, TableManifest.FileMeta meta, EngineOptions options) {
    files++;
    try {
      long size = Files.size(file);
      bytes += size;
      FileChecksums sums = FileChecksums.load(file);
      if (sums == null && meta.checksummed()) {
        throw new IOException("its checksum file " + FileChecksums.sideFile(file).getFileName() + " is missing");
      }
      if (sums == null) {
        unchecksummed++;
        readThrough(file, meta, options);
        return;
      }
      if (size != sums.length()) {
        throw new IOException("it has " + size + " bytes, its checksums cover " + sums.length());
      }
      checkChunks(file, sums);
    } catch (NoSuchFileException e) {
      damage.add(new VerifyReport.Damage(name, rel(file), "missing (the manifest names it)"));
    } catch (IOException | RuntimeException e) {
      damage.add(new VerifyReport.Damage(name, rel(file), message(e)));
    }
  }

  private static void checkChunks(Path file, FileChecksums sums) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(FileChecksums.CHUNK);
    CRC32C crc = new CRC32C();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      for (int i = 0; i < sums.chunks(); i++) {
        long start = (long) i * FileChecksums.CHUNK;
        buf.clear().limit((int) Math.min(FileChecksums.CHUNK, sums.length() - start));
        while (buf.hasRemaining()) {
          if (ch.read(buf, start + buf.position()) < 0) {
            throw new IOException("it ends before byte " + (start + buf.limit()));
          }
        }
        crc.reset();
        crc.update(buf.flip());
        if ((int) crc.getValue() != sums.crcs()[i]) {
          throw new IOException("checksum mismatch in bytes " + start + "-" + (start + buf.limit() - 1));
        }
      }
    }
  }

  /** A file without checksums: parse every entry and compare the count with the manifest's. */
  private static void readThrough(Path file, TableManifest.FileMeta meta, EngineOptions options) throws IOException {
    FileSKVIterator r = SortedFiles.openReader(file, false, SortedFiles.tableConfiguration(options.compression));
    try {
      r.seek(new Range(), List.of(), false);
      long n = 0;
      while (r.hasTop()) {
        n++;
        r.next();
      }
      if (n != meta.entries()) {
        throw new IOException("it holds " + n + " entries, the manifest says " + meta.entries());
      }
    } finally {
      r.close();
    }
  }

  private String rel(Path p) {
    Path shown = p.startsWith(readDir) ? shownDir.resolve(readDir.relativize(p)) : p;
    return db.relativize(shown).toString();
  }

  /** What went wrong, naming files as {@link #rel} does: where they lie, not as a reader's links to them. */
  private String message(Throwable e) {
    String m = e.getMessage();
    return m == null ? e.toString() : ReaderRegistration.namedInTable(m, readDir, shownDir);
  }

  VerifyReport report(int tables) {
    return new VerifyReport(tables, files, bytes, logs, unchecksummed, List.copyOf(damage));
  }
}
