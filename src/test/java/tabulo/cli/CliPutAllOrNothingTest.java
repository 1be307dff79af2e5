package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.infoValue;
import static tabulo.cli.CliRunner.ok;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.cli.CliRunner.Result;

/**
 * {@code put} lands a whole file or nothing: on a full disk (a tiny tmpfs, where the machine lets a test
 * mount one) the table keeps exactly what it held; inputs larger than one sorted run land together, and of
 * cells with the same key the last in the input wins, across runs too.
 */
class CliPutAllOrNothingTest {
  @TempDir
  Path tmp;

  @Test
  void aPutThatFillsTheDiskWritesNothing() throws Exception {
    Path tiny = Files.createDirectories(tmp.resolve("tiny"));
    Assumptions.assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", tiny.toString()) == 0,
        "a tmpfs can be mounted here (root on Linux)");
    try {
      CliRunner cli = new CliRunner(tiny);
      cli.create("t", "r5");
      String small = "a\tq\t1\nr7\tf:q\t2\n";
      cli.put("t", small);
      StringBuilder big = new StringBuilder(); // about 10 MB of cells: more than the file system holds
      Random rnd = new Random(1);
      for (int i = 0; i < 250_000; i++) {
        big.append('r').append(rnd.nextInt(10)).append(String.format("%08d", rnd.nextInt(100_000_000)))
            .append("\tq").append(i % 5).append("\tvalue").append(i).append('\n');
      }
      Path input = Files.writeString(tmp.resolve("big.tsv"), big);
      Result r = cli.run("put", "t", input.toString());
      assertEquals(1, r.code(), r::toString);
      assertTrue(r.err().contains("put into table t failed, nothing was written: No space left on device"), r.err());
      long left;
      try (var files = Files.walk(cli.db())) { // what the failed put staged is gone, not only unreferenced
        left = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
      }
      assertTrue(left < 64 << 10, left + " bytes left in the database after the failed put");
      assertEquals(small, cli.scan("t"));
      assertEquals(2, infoValue(ok(cli.run("info", "t")), "entries"));
      ok(cli.run("verify", "t"));
      cli.put("t", "b\tq\t3\n"); // the space the failed put took is free again
      assertEquals("a\tq\t1\nb\tq\t3\nr7\tf:q\t2\n", cli.scan("t"));
    } finally {
      run("umount", "-l", tiny.toString());
    }
  }

  @Test
  void runsLandTogetherAndTheLastCellOfAKeyWins() {
    CliRunner cli = new CliRunner(tmp);
    cli.create("t", "k3", "k6");
    cli.put("t", "k1\tq0\told\nk9\tq9\tuntouched\n");
    Map<String, String> oracle = new TreeMap<>(Map.of("k1\tq0", "old", "k9\tq9", "untouched"));
    StringBuilder in = new StringBuilder();
    Random rnd = new Random(2);
    for (int i = 0; i < 2000; i++) {
      String cell = "k" + rnd.nextInt(9) + "\tq" + rnd.nextInt(4);
      in.append(cell).append("\tv").append(i).append('\n');
      oracle.put(cell, "v" + i); // the later line wins
    }
    int saved = PutCommand.runCells;
    PutCommand.runCells = 37; // dozens of runs, equal keys within and across them
    try {
      cli.put("t", in.toString());
    } finally {
      PutCommand.runCells = saved;
    }
    StringBuilder expected = new StringBuilder();
    oracle.forEach((cell, v) -> expected.append(cell).append('\t').append(v).append('\n'));
    assertEquals(expected.toString(), cli.scan("t"));
    cli.put("t", "k1\tq0\tnewest\n"); // a later put wins over every run of the earlier one
    assertTrue(cli.scan("t").contains("k1\tq0\tnewest\n"));
  }

  /**
   * put reads its input once, staging sorted runs as it goes: a bad last line, after dozens of runs were
   * staged, must still leave the table as it was and no staged file behind.
   */
  @Test
  void aBadLineAfterManyStagedRunsWritesNothing() throws IOException {
    CliRunner cli = new CliRunner(tmp);
    cli.create("t", "k5");
    cli.put("t", "k1\tq\tbefore\n");
    long filesBefore = fileCount(cli.db());
    StringBuilder in = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      in.append('k').append(i % 10).append("\tq").append(i).append("\tv\n");
    }
    in.append("k9\tq\tv\tA&&B\n");
    Path f = Files.writeString(tmp.resolve("bad-last.tsv"), in);
    int saved = PutCommand.runCells;
    PutCommand.runCells = 37;
    Result r;
    try {
      r = cli.run("put", "t", f.toString());
    } finally {
      PutCommand.runCells = saved;
    }
    assertEquals(1, r.code(), r::toString);
    assertEquals("tabulo: " + f + ":2001: invalid visibility \"A&&B\": empty term at byte 3\n", r.err());
    assertEquals("k1\tq\tbefore\n", cli.scan("t"));
    assertEquals(filesBefore, fileCount(cli.db()), "staged files were removed");
  }

  private static long fileCount(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).count();
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
  }
}
