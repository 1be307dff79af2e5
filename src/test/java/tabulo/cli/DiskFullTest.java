package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.List;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/**
 * A full disk, as the engine reports it (the temporary being written, the reason twice through the causes),
 * becomes one line naming the command as the user typed it, the reason once.
 */
class DiskFullTest {
  @TempDir
  Path tmp;

  /** On a real full disk (a 4 MB tmpfs, where one can be mounted): jaccard's temporaries fill it. */
  @Test
  void anAlgorithmThatFillsTheDiskIsNamedAsTyped() throws Exception {
    Path tiny = Files.createDirectories(tmp.resolve("tiny"));
    Assumptions.assumeTrue(mount(tiny) == 0, "a tmpfs can be mounted here (root on Linux)");
    try {
      CliRunner cli = new CliRunner(tiny);
      cli.okRun("gen", "graph500", "G", "--scale", "10");
      CliRunner.Result r = cli.run("jaccard", "G", "J");
      assertEquals(1, r.code(), r::toString);
      assertTrue(r.err().startsWith("tabulo: jaccard G J: stopped, the disk is full (" + DiskFull.REASON + ")"),
          r.err());
      assertEquals(1, r.err().split(DiskFull.REASON, -1).length - 1, r.err());
      assertEquals("G\n", CliRunner.ok(cli.run("tables")), "no J and no temporary left");
    } finally {
      new ProcessBuilder("umount", tiny.toString()).inheritIO().start().waitFor();
    }
  }

  private static int mount(Path dir) throws Exception {
    Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir.toString())
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    return p.waitFor();
  }

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

    assertFalse(DiskFull.saidWell("cannot write table J__run_0123456789abcdef_jaccard_1: " + DiskFull.REASON));
    assertFalse(DiskFull.saidWell("x: " + DiskFull.REASON + ": " + DiskFull.REASON));
    assertTrue(DiskFull.saidWell("put into table t failed, nothing was written: " + DiskFull.REASON));

    String[] bench = {"bench", "store", "--entries", "10"};
    assertEquals(List.of("bench store"), DiskFull.words(Main.commandLine(bench).parseArgs(bench)));
  }
}
