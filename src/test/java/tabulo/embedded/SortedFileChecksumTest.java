package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map.Entry;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Sorted files carry CRC32C checksums in a side file: one changed byte inside an {@code .rf} makes the scan
 * fail naming the table and the file (before, the changed value came back silently), and {@code verify}
 * reports it. The {@code .rf} itself stays a plain RFile that Accumulo's own reader reads.
 */
class SortedFileChecksumTest {
  private static final int ENTRIES = 30_000;

  @TempDir
  Path dir;

  private Path writeOneFile(Path db, String codec) {
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, EngineOptions.defaults().compression(codec))) {
      store.create("t", TableSettings.defaults());
      try (TableWriter w = store.writer("t")) {
        for (int i = 0; i < ENTRIES; i++) {
          Mutation m = new Mutation(String.format("row%06d", i));
          m.put("", "q", "value" + i + "-" + Long.toHexString(i * 0x9E3779B97F4A7C15L));
          w.addMutation(m);
        }
      }
      store.compact("t");
    }
    return only(db, ".rf");
  }

  private static Path only(Path db, String suffix) {
    try (Stream<Path> s = Files.walk(db)) {
      List<Path> files = s.filter(p -> p.getFileName().toString().endsWith(suffix)).toList();
      assertEquals(1, files.size(), files.toString());
      return files.get(0);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "gz"})
  void aChangedByteIsAnErrorNamingTableAndFile(String codec) throws IOException {
    Path db = dir.resolve("db-" + codec);
    Path rf = writeOneFile(db, codec);
    assertTrue(Files.exists(FileChecksums.sideFile(rf)), "a side file of checksums");
    assertTrue(Files.size(rf) > 2L * FileChecksums.CHUNK, "several chunks: " + Files.size(rf));

    // Plain RFile: Accumulo's public reader, on Hadoop's ordinary local file system, reads every entry.
    try (Scanner s = RFile.newScanner().from(rf.toString()).withFileSystem(plainLocalFileSystem())
        .build()) {
      long n = 0;
      for (Entry<Key, Value> e : s) {
        assertEquals(String.format("row%06d", n), e.getKey().getRow().toString());
        n++;
      }
      assertEquals(ENTRIES, n);
    }

    byte[] bytes = Files.readAllBytes(rf);
    int at = bytes.length / 2;
    bytes[at] ^= 0x01;
    Files.write(rf, bytes);

    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, EngineOptions.defaults().compression(codec))) {
      RuntimeException e = assertThrows(RuntimeException.class, () -> store.scanAll("t", ScanSpec.all()));
      String message = fullMessage(e);
      assertTrue(message.contains("table t"), message);
      assertTrue(message.contains(rf.getFileName().toString()), message);
      assertTrue(message.contains("checksum mismatch"), message);

      VerifyReport v = store.verify(null);
      assertFalse(v.ok());
      assertEquals(1, v.damage().size());
      VerifyReport.Damage d = v.damage().get(0);
      assertEquals("t", d.table());
      assertEquals(db.relativize(rf).toString(), d.file());
      long chunk = at / FileChecksums.CHUNK * FileChecksums.CHUNK;
      assertTrue(d.problem().contains("bytes " + chunk + "-"), d.problem());
    }
  }

  @Test
  void aLostSideFileIsAnErrorNotAnUncheckedRead() throws IOException {
    Path db = dir.resolve("db");
    Path rf = writeOneFile(db, "none");
    Files.delete(FileChecksums.sideFile(rf));
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      String message = fullMessage(assertThrows(RuntimeException.class, () -> store.scanAll("t", ScanSpec.all())));
      assertTrue(message.contains("table t") && message.contains(rf.getFileName() + " has lost its checksum file"),
          message);
      assertEquals(1, store.verify("t").damage().size());
    }
  }

  @Test
  void cleanDatabaseVerifiesAndCompactionLeavesNoOrphanSideFiles() throws IOException {
    Path db = dir.resolve("db");
    writeOneFile(db, "none");
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      VerifyReport v = store.verify(null);
      assertTrue(v.ok(), v.toString());
      assertEquals(1, v.files());
      assertEquals(0, v.unchecksummedFiles());
    }
    only(db, FileChecksums.SUFFIX); // the replaced files' checksums went with them
  }

  /** Files written before checksums (no side file, no manifest flag) are still read, and compaction adds them. */
  @Test
  void filesWithoutChecksumsFromEarlierVersionsStillRead() throws IOException {
    Path db = dir.resolve("db");
    Path rf = writeOneFile(db, "none");
    Files.delete(FileChecksums.sideFile(rf));
    TableManifest m = TableManifest.load(rf.getParent());
    for (TableManifest.TabletMeta t : m.tablets) {
      t.files.replaceAll(f -> new TableManifest.FileMeta(f.name(), f.entries(), f.bytes(), f.traits(), false));
    }
    m.save(rf.getParent());
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      assertEquals(ENTRIES, store.scanAll("t", ScanSpec.all()).size());
      VerifyReport v = store.verify(null);
      assertTrue(v.ok(), v.toString());
      assertEquals(1, v.unchecksummedFiles());
      store.compact("t");
      VerifyReport after = store.verify(null);
      assertEquals(0, after.unchecksummedFiles(), "compaction rewrote it with checksums");
      assertEquals(ENTRIES, store.scanAll("t", ScanSpec.all()).size());
    }
  }

  private static FileSystem plainLocalFileSystem() throws IOException {
    FileSystem fs = new RawLocalFileSystem();
    fs.initialize(java.net.URI.create("file:///"), new Configuration());
    return fs;
  }

  private static String fullMessage(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append(" / ");
    }
    return sb.toString();
  }
}
