package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * A full disk, as the engine reports it (the temporary being written, the reason twice through the causes),
 * becomes one line naming the command as the user typed it, the reason once.
 */
class DiskFullTest {
  @Test
  void namesTheCommandAsTypedAndTheReasonOnce() {
    FileSystemException cause = new FileSystemException("/db/tables/1f/3.rf", null, DiskFull.REASON);
    UncheckedIOException ex = new UncheckedIOException(
        "cannot write table J__run_0123456789abcdef_jaccard_1: /db/tables/1f/3.rf: " + DiskFull.REASON, cause);
    assertTrue(DiskFull.is(new RuntimeException("kernel failed", ex)));
    assertFalse(DiskFull.is(new UncheckedIOException("cannot write", new FileSystemException("x", null, "denied"))));

    String[] args = {"--db", "/tmp/db", "jaccard", "G", "J"};
    CommandLine cl = Main.commandLine(args);
    List<String> words = DiskFull.words(cl.parseArgs(args));
    assertEquals(List.of("jaccard", "G", "J"), words);
    String message = DiskFull.message(words);
    assertTrue(message.startsWith("jaccard G J: "), message);
    assertEquals(1, message.split(DiskFull.REASON, -1).length - 1, message);
    assertFalse(message.contains("__run_"), message);

    String[] bench = {"bench", "store", "--entries", "10"};
    assertEquals(List.of("bench store"), DiskFull.words(Main.commandLine(bench).parseArgs(bench)));
  }
}
