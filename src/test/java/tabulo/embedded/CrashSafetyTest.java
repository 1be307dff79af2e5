package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.ScanSpec;

/**
 * Kills a writing child JVM with SIGKILL at random moments, 24 times. After each kill the database must
 * open, hold every batch whose flush returned (and the deletes they made), hold no value that was never
 * written, and accept the next writer.
 */
class CrashSafetyTest {
  private static final int KILLS = 24;

  @TempDir
  Path dir;

  @Test
  void survivesKillMinusNine() throws Exception {
    Path db = dir.resolve("db");
    Random rnd = new Random(42);
    long nextBatch = 0;
    long lastAcked = -1;
    for (int round = 0; round < KILLS; round++) {
      AtomicLong acked = new AtomicLong(-1);
      AtomicLong acks = new AtomicLong();
      Process child = start(db, nextBatch);
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      Thread reader = new Thread(() -> {
        try {
          String line;
          while ((line = out.readLine()) != null) {
            if (line.startsWith("ACK ")) {
              acked.set(Long.parseLong(line.substring(4)));
              acks.incrementAndGet();
            }
          }
        } catch (Exception e) {
          // the child died
        }
      });
      reader.start();
      if (round % 4 == 3) {
        Thread.sleep(rnd.nextInt(400)); // often while the child is still opening (recovering) the database
      } else {
        int waitFor = rnd.nextInt(40); // kill after a random number of acknowledged batches ...
        long deadline = System.currentTimeMillis() + 60_000;
        while (acks.get() < waitFor && child.isAlive() && System.currentTimeMillis() < deadline) {
          Thread.sleep(1);
        }
        Thread.sleep(rnd.nextInt(30)); // ... and a random moment after it
      }
      child.destroyForcibly(); // SIGKILL on Linux
      child.waitFor();
      reader.join();
      if (acked.get() >= 0) {
        lastAcked = acked.get();
      }
      long attempted = Math.max(lastAcked, nextBatch) + 200; // an upper bound on what the child may have written
      verify(db, lastAcked, attempted, round);
      nextBatch = Math.max(nextBatch, lastAcked + 1);
    }
    assertTrue(lastAcked > 100, "the children acknowledged only " + lastAcked + " batches");
  }

  private Process start(Path db, long firstBatch) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), CrashWriter.class.getName(), db.toString(), Long.toString(firstBatch));
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    return pb.start();
  }

  private void verify(Path db, long lastAcked, long attempted, int round) {
    Map<String, String> cells = new HashMap<>();
    try (EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      for (Entry<Key, Value> e : store.scanAll("t", ScanSpec.all())) {
        Key k = e.getKey();
        assertEquals("q", k.getColumnQualifier().toString());
        cells.put(k.getRow().toString(), e.getValue().toString());
      }
    }
    String where = "after kill " + round + " (last acknowledged batch " + lastAcked + ")";
    for (long n = 0; n <= lastAcked; n++) {
      for (int j = 0; j < CrashWriter.ROWS_PER_BATCH; j++) {
        String row = CrashWriter.row(n, j);
        boolean deleted = j == 0 && n + 5 <= lastAcked;
        boolean maybeDeleted = j == 0 && !deleted; // by a batch written but not acknowledged
        if (deleted) {
          assertFalse(cells.containsKey(row), "row " + row + " was deleted by an acknowledged batch " + where);
        } else if (!(maybeDeleted && !cells.containsKey(row))) {
          assertEquals(CrashWriter.value(n, j), cells.get(row), "row " + row + " " + where);
        }
      }
    }
    for (int h = 0; h < CrashWriter.HOT_ROWS; h++) {
      if (lastAcked >= 0) {
        String v = cells.get("hot" + h);
        assertNotNull(v, "hot row " + h + " " + where);
        long n = Long.parseLong(v);
        assertTrue(n >= lastAcked && n <= attempted, "hot row " + h + " = " + n + " " + where);
      }
    }
    for (Map.Entry<String, String> e : cells.entrySet()) {
      String row = e.getKey();
      if (!row.startsWith("hot")) {
        long n = Long.parseLong(row.substring(1, 9));
        int j = Integer.parseInt(row.substring(10));
        assertEquals(CrashWriter.value(n, j), e.getValue(), "corrupt value in row " + row + " " + where);
        assertEquals(CrashWriter.row(n, j), row, "unexpected row " + where);
      }
    }
  }
}
