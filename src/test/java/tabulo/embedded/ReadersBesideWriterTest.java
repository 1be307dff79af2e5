package tabulo.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.TabuloException;

/**
 * Read-only processes beside a writing one, as SQLite's WAL mode allows: a writer child keeps writing
 * rounds, flushing and compacting (so files are deleted all the time) while reader children open the
 * database read-only again and again. Each open must see, in each group, one round for every row (a
 * committed state), at least the round acknowledged before the reader started and never a round not yet
 * written, rounds never going back from one open to the next. A second writer is still refused, and a
 * reader killed with SIGKILL while holding a snapshot pins no file once another process opens the database.
 */
class ReadersBesideWriterTest {
  @TempDir
  Path dir;

  @Test
  void readersSeeCommittedStatesBesideAWriterAndAKilledReaderPinsNothing() throws Exception {
    Path db = dir.resolve("db");
    Process writer = child(RoundWriter.class, db.toString());
    List<Process> readers = new ArrayList<>();
    AtomicLong lastAck = new AtomicLong();
    try {
      BufferedReader wout = reader(writer);
      assertEquals("READY", wout.readLine());
      Thread acks = new Thread(() -> {
        try {
          for (String line; (line = wout.readLine()) != null;) {
            if (line.startsWith("ACK ")) {
              lastAck.set(Long.parseLong(line.substring(4)));
            }
          }
        } catch (IOException e) {
          // the writer was killed
        }
      });
      acks.setDaemon(true);
      acks.start();
      awaitAck(lastAck, 3, writer);

      TabuloException second = assertThrows(TabuloException.class,
          () -> EmbeddedStore.open(db, EmbeddedStore.ROOT).close());
      assertTrue(second.getMessage().contains("is in use by another process"), second.getMessage());

      Process victim = child(RoundReader.class, db.toString(), "0");
      readers.add(victim);
      BufferedReader vout = reader(victim);
      assertEquals("READY", vout.readLine());
      assertEquals("HOLDING", vout.readLine());
      victim.destroyForcibly().waitFor();
      assertTrue(readerEntries(db).size() >= 2, "the killed reader left its lock file and links");
      awaitAck(lastAck, lastAck.get() + 12, writer); // past a compaction: the files it linked are deleted

      int opens = 0;
      long highestSeen = 0;
      for (int r = 0; r < 4; r++) {
        long ackBefore = lastAck.get();
        Process rd = child(RoundReader.class, db.toString(), "5");
        readers.add(rd);
        BufferedReader rout = reader(rd);
        assertEquals("READY", rout.readLine());
        long[] previous = new long[RoundWriter.GROUPS.length];
        for (String line; (line = rout.readLine()) != null;) {
          assertTrue(line.startsWith("SEEN"), line);
          String[] f = line.split(" ");
          for (int g = 0; g < RoundWriter.GROUPS.length; g++) {
            assertEquals(RoundWriter.GROUPS[g], f[1 + 2 * g]);
            long k = Long.parseLong(f[2 + 2 * g]);
            assertTrue(k >= ackBefore, line + ": round " + ackBefore + " was acknowledged before the reader started");
            highestSeen = Math.max(highestSeen, k);
            assertTrue(k >= previous[g], line + ": went back from round " + previous[g]);
            previous[g] = k;
          }
          opens++;
        }
        assertTrue(rd.waitFor(2, TimeUnit.MINUTES));
        assertEquals(0, rd.exitValue(), "reader failed");
      }
      assertEquals(20, opens);
      assertTrue(writer.isAlive(), "the writer went on beside the readers");
      assertEquals(List.of(), readerEntries(db), "no reader left anything: the killed one's links are gone");
      writer.destroyForcibly().waitFor();
      acks.join(); // every acknowledgement read: a reader saw no round past the one being written
      assertTrue(highestSeen <= lastAck.get() + 1, "saw round " + highestSeen + ", acknowledged " + lastAck.get());
    } finally {
      for (Process p : readers) {
        p.destroyForcibly().waitFor();
      }
      writer.destroyForcibly().waitFor();
    }
  }

  private static void awaitAck(AtomicLong lastAck, long round, Process writer) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (lastAck.get() < round) {
      assertTrue(writer.isAlive(), "the writer died");
      assertTrue(System.nanoTime() < deadline, "the writer made no progress");
      Thread.sleep(20);
    }
  }

  private static List<Path> readerEntries(Path db) throws IOException {
    Path readers = db.resolve(ReaderRegistration.DIRECTORY);
    if (!Files.isDirectory(readers)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(readers)) {
      return new ArrayList<>(s.toList());
    }
  }

  private static BufferedReader reader(Process p) {
    return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
  }

  private static Process child(Class<?> main, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), main.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }
}
