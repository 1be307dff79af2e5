package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;
import tabulo.storage.TabuloException;

/**
 * Damage to a write-ahead log: a torn last record is what a crash leaves and is dropped silently; a bit
 * flipped anywhere else stops the open with an error naming table, log and offset, keeps the log, and
 * {@code repair} salvages every other record. Record boundaries come from serializing the batches here,
 * independently of the engine's reader.
 */
class LogDamageTest {
  private static final int BATCHES = 10;
  private static final int ROWS = 5;

  @TempDir
  Path dir;

  /** Writes BATCHES batches, one log record each, and closes without flushing: the data lives in the log. */
  private Path writeLogOnly(Path db) throws IOException {
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      store.create("t", TableSettings.defaults());
      try (TableWriter w = store.writer("t")) {
        for (int b = 0; b < BATCHES; b++) {
          for (Mutation m : batch(b)) {
            w.addMutation(m);
          }
          w.flush();
        }
      }
    }
    try (Stream<Path> s = Files.walk(db)) {
      List<Path> logs = s.filter(p -> p.getFileName().toString().matches("t0_\\d+\\.log")).toList();
      Path biggest = logs.get(0);
      for (Path p : logs) {
        biggest = Files.size(p) > Files.size(biggest) ? p : biggest;
      }
      return biggest;
    }
  }

  private static List<Mutation> batch(int b) {
    List<Mutation> ms = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Mutation m = new Mutation(String.format("r%02d_%d", b, r));
      m.put("", "q", "value-" + b + "-" + r + "-".repeat(20 * r));
      ms.add(m);
    }
    return ms;
  }

  /** Rows of every batch except those listed. */
  private static TreeSet<String> rowsExcept(int... missing) {
    TreeSet<String> rows = new TreeSet<>();
    outer:
    for (int b = 0; b < BATCHES; b++) {
      for (int x : missing) {
        if (x == b) {
          continue outer;
        }
      }
      for (int r = 0; r < ROWS; r++) {
        rows.add(String.format("r%02d_%d", b, r));
      }
    }
    return rows;
  }

  private static TreeSet<String> rows(EmbeddedStore store) {
    TreeSet<String> rows = new TreeSet<>();
    for (Entry<Key, Value> e : store.scanAll("t", ScanSpec.all())) {
      rows.add(e.getKey().getRow().toString());
    }
    return rows;
  }

  /** Start offsets of each record in a version 2 log: magic, then [length][crc][crc][payload]. */
  private static long[] recordStarts() throws IOException {
    long[] starts = new long[BATCHES + 1];
    long at = 8;
    for (int b = 0; b < BATCHES; b++) {
      starts[b] = at;
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeLong(0);
      out.writeInt(ROWS);
      for (Mutation m : batch(b)) {
        m.write(out);
      }
      at += 12 + bytes.size();
    }
    starts[BATCHES] = at;
    return starts;
  }

  @Test
  void tornLastRecordIsDroppedSilently() throws IOException {
    Path db = dir.resolve("db");
    Path log = writeLogOnly(db);
    long[] starts = recordStarts();
    assertEquals(starts[BATCHES], Files.size(log), "the log holds exactly the ten records");
    byte[] bytes = Files.readAllBytes(log);
    long cut = (starts[BATCHES - 1] + starts[BATCHES]) / 2; // half of the last record, as a crash leaves it
    Files.write(log, java.util.Arrays.copyOf(bytes, (int) cut));
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      assertEquals(rowsExcept(BATCHES - 1), rows(store));
    }
    try (Stream<Path> s = Files.walk(db)) {
      assertFalse(s.anyMatch(p -> p.toString().endsWith(".damaged")));
    }
  }

  @Test
  void bitFlipInAPayloadStopsTheOpenKeepsTheLogAndRepairLosesOneRecord() throws IOException {
    Path db = dir.resolve("db");
    Path log = writeLogOnly(db);
    long[] starts = recordStarts();
    int victim = 4;
    long flip = (starts[victim] + 12 + starts[victim + 1]) / 2;
    byte[] damaged = flipBit(log, flip);

    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      TabuloException e = assertThrows(TabuloException.class, () -> store.scanAll("t", ScanSpec.all()));
      assertTrue(e.getMessage().contains("table t"), e.getMessage());
      assertTrue(e.getMessage().contains(log.getFileName().toString()), e.getMessage());
      assertTrue(e.getMessage().contains("at byte " + starts[victim] + " "), e.getMessage());
    }
    assertArrayEquals(damaged, Files.readAllBytes(log), "the damaged log is kept as it was");
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      assertThrows(TabuloException.class, () -> store.scanAll("t", ScanSpec.all()), "still refused");
      RepairReport r = store.repair("t");
      assertNull(r.openError());
      RepairReport.Log l = r.logs().stream().filter(RepairReport.Log::repaired).findFirst().orElseThrow();
      assertEquals(BATCHES - 1, l.keptRecords());
      assertEquals(1, l.lostRecords());
      assertFalse(l.lostAtLeast());
      assertEquals(starts[victim + 1] - starts[victim], l.lostBytes());
      assertEquals(starts[victim], l.firstDamage());
      assertArrayEquals(damaged, Files.readAllBytes(log.resolveSibling(l.keptAs())), "original kept beside");
      assertEquals(rowsExcept(victim), rows(store));
    }
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      assertEquals(rowsExcept(victim), rows(store), "the salvage is durable");
      assertTrue(store.verify(null).ok());
    }
  }

  @Test
  void bitFlipInARecordHeaderIsDamageAndRepairResynchronizes() throws IOException {
    Path db = dir.resolve("db");
    Path log = writeLogOnly(db);
    long[] starts = recordStarts();
    int victim = 6;
    flipBit(log, starts[victim] + 2); // the length field: without a header checksum this looked like a torn tail
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      TabuloException e = assertThrows(TabuloException.class, () -> store.scanAll("t", ScanSpec.all()));
      assertTrue(e.getMessage().contains("at byte " + starts[victim] + " "), e.getMessage());
      VerifyReport v = store.verify("t");
      assertEquals(1, v.damage().size());
      assertTrue(v.damage().get(0).file().endsWith(log.getFileName().toString()));
      RepairReport r = store.repair("t");
      RepairReport.Log l = r.logs().stream().filter(RepairReport.Log::repaired).findFirst().orElseThrow();
      assertEquals(BATCHES - 1, l.keptRecords());
      assertTrue(l.lostAtLeast());
      assertEquals(1, l.lostRecords());
      assertEquals(starts[victim + 1] - starts[victim], l.lostBytes(), "resumes exactly at the next record");
      assertEquals(rowsExcept(victim), rows(store));
    }
  }

  @Test
  void damagedLastCompleteRecordIsDamageNotATornTail() throws IOException {
    Path db = dir.resolve("db");
    Path log = writeLogOnly(db);
    long[] starts = recordStarts();
    flipBit(log, starts[BATCHES] - 3); // inside the last record, which is complete: it was acknowledged
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      assertThrows(TabuloException.class, () -> store.scanAll("t", ScanSpec.all()));
      store.repair("t");
      assertEquals(rowsExcept(BATCHES - 1), rows(store));
    }
  }

  @Test
  void logsOfTheFormerFormatAreStillReadAndCheckedForDamage() throws IOException {
    Path db = dir.resolve("db");
    Path log = writeLogOnly(db);
    // Rewrite the same records in the version 1 layout: no magic, [length][crc32c][payload].
    byte[] v2 = Files.readAllBytes(log);
    long[] starts = recordStarts();
    ByteArrayOutputStream v1 = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(v1);
    long[] v1Starts = new long[BATCHES];
    for (int b = 0; b < BATCHES; b++) {
      v1Starts[b] = v1.size();
      int len = (int) (starts[b + 1] - starts[b] - 12);
      CRC32C crc = new CRC32C();
      crc.update(v2, (int) starts[b] + 12, len);
      out.writeInt(len);
      out.writeInt((int) crc.getValue());
      out.write(v2, (int) starts[b] + 12, len);
    }
    byte[] old = v1.toByteArray();
    Path db2 = dir.resolve("db2");
    copy(db, db2);
    Path log2 = db2.resolve(db.relativize(log));
    Files.write(log2, old);
    try (EmbeddedStore store = EmbeddedStore.open(db2, EmbeddedStore.ROOT)) {
      assertEquals(rowsExcept(), rows(store), "a version 1 log replays");
    }

    Path db3 = dir.resolve("db3");
    copy(db, db3);
    Path log3 = db3.resolve(db.relativize(log));
    old[(int) v1Starts[3] + 20] ^= 0x10;
    Files.write(log3, old);
    try (EmbeddedStore store = EmbeddedStore.open(db3, EmbeddedStore.ROOT)) {
      TabuloException e = assertThrows(TabuloException.class, () -> store.scanAll("t", ScanSpec.all()));
      assertTrue(e.getMessage().contains("at byte " + v1Starts[3] + " "), e.getMessage());
      RepairReport r = store.repair("t");
      assertEquals(1, r.lostRecords());
      assertEquals(rowsExcept(3), rows(store));
    }
  }

  private static byte[] flipBit(Path file, long offset) throws IOException {
    byte[] b = Files.readAllBytes(file);
    b[(int) offset] ^= 0x04;
    Files.write(file, b);
    return b;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path q = to.resolve(from.relativize(p));
        if (Files.isDirectory(p)) {
          Files.createDirectories(q);
        } else {
          Files.copy(p, q);
        }
      }
    }
  }
}
