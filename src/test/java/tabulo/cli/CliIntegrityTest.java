package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/** The command line's side of data integrity: verify, repair, and one-line errors naming what is damaged. */
class CliIntegrityTest {
  /** Where read-only commands link the files they read; messages name the files in tables/ instead. */
  private static final String READERS = "/readers/";

  @TempDir
  Path dir;

  private static Path find(Path db, String regex) throws IOException {
    try (Stream<Path> s = Files.walk(db)) {
      return s.filter(p -> p.getFileName().toString().matches(regex))
          .max(Comparator.comparingLong(p -> p.toFile().length())).orElseThrow();
    }
  }

  /** Puts 20,000 cells into table T, flushes them, and flips a bit a third of the way into its sorted file. */
  private static Path damagedSortedFileOfT(CliRunner cli) throws IOException {
    cli.create("T");
    StringBuilder tsv = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      tsv.append("r").append(i).append("\tq\t").append(i * 7919L).append('\n');
    }
    cli.put("T", tsv.toString());
    cli.okRun("flush", "T");
    assertTrue(cli.okRun("verify", "T").out().contains("no damage"));
    Path rf = find(cli.db(), "\\d+\\.rf");
    byte[] b = Files.readAllBytes(rf);
    b[b.length / 3] ^= 0x40;
    Files.write(rf, b);
    return rf;
  }

  @Test
  void verifyReportsADamagedSortedFileWithItsTableAndScanNamesBoth() throws IOException {
    CliRunner cli = new CliRunner(dir);
    cli.create("U");
    cli.put("U", "a\tq\t1\n");
    cli.okRun("flush", "U");
    Path rf = damagedSortedFileOfT(cli);

    CliRunner.Result v = cli.run("verify");
    assertEquals(1, v.code(), v.toString());
    String rel = cli.db().relativize(rf).toString();
    assertTrue(v.out().contains("damaged\ttable T\t" + rel + "\t"), v.toString());
    assertTrue(v.err().contains("verify found 1 damaged file"), v.toString());
    assertEquals(0, cli.run("verify", "U").code(), "the other table is intact");

    CliRunner.Result scan = cli.run("scan", "T");
    assertEquals(1, scan.code(), scan.toString());
    String err = scan.err();
    assertTrue(err.contains("table T") && err.contains(rf.toString()) && err.contains("checksum mismatch"), err);
    assertEquals(1, err.lines().count(), err);
  }

  /** compact reading a damaged file says so in one line, as scan does (it printed an exception's name, text twice). */
  @Test
  void compactOfADamagedSortedFileNamesTableAndFileOnce() throws IOException {
    CliRunner cli = new CliRunner(dir);
    Path rf = damagedSortedFileOfT(cli);
    byte[] damaged = Files.readAllBytes(rf);
    CliRunner.Result compact = cli.run("compact", "T");
    CliRunner.assertErrorStartsWith(compact, 1,
        "cannot compact table T: sorted file " + rf + " is damaged: checksum mismatch in bytes ");
    assertEquals(1, compact.err().split("is damaged", -1).length - 1, compact.toString());
    assertFalse(compact.err().contains("Exception"), compact.toString());
    assertArrayEquals(damaged, Files.readAllBytes(rf), "the damaged file is left as it was");
  }

  /**
   * repair mends write-ahead logs only: on a damaged sorted file it names the file, says it cannot mend it
   * and what to do instead, fails, and leaves the file as it was; the advice it gives works.
   */
  @Test
  void repairOfADamagedSortedFileSaysItCannotMendItAndFails() throws IOException {
    CliRunner cli = new CliRunner(dir);
    Path rf = damagedSortedFileOfT(cli);
    byte[] damaged = Files.readAllBytes(rf);
    CliRunner.Result r = cli.run("repair", "T");
    assertEquals(1, r.code(), r.toString());
    String rel = cli.db().relativize(rf).toString();
    assertTrue(r.out().contains("repair T: " + rel + " is damaged (checksum mismatch in bytes "), r.toString());
    CliRunner.assertNoStackTrace(r);
    assertEquals(List.of("tabulo: table T still has 1 damaged file(s) that repair cannot mend (it salvages "
        + "write-ahead logs only): rename the table aside ('tabulo rename T T_damaged') and import an export of "
        + "it under its name ('tabulo import T DIR'), or write its data again"), CliRunner.lines(r.err()));
    assertArrayEquals(damaged, Files.readAllBytes(rf), "the damaged file is left as it was");

    cli.okRun("rename", "T", "T_damaged");
    assertEquals(List.of("T_damaged"), cli.okRun("tables").outLines());
    assertArrayEquals(damaged, Files.readAllBytes(rf), "renamed, the damaged file is still there");
  }

  @Test
  void aDamagedLogStopsTheOpenAndRepairSalvagesTheRest() throws IOException {
    CliRunner cli = new CliRunner(dir);
    try (EmbeddedStore store = EmbeddedStore.open(cli.db(), EmbeddedStore.ROOT)) {
      store.create("T", TableSettings.defaults());
      try (TableWriter w = store.writer("T")) {
        for (int batch = 0; batch < 20; batch++) {
          Mutation m = new Mutation("row" + (char) ('a' + batch));
          m.put("", "q", "value of batch " + batch);
          w.addMutation(m);
          w.flush(); // one log record per batch
        }
      }
    }
    Path log = find(cli.db(), "t0_\\d+\\.log");
    byte[] b = Files.readAllBytes(log);
    b[b.length / 2] ^= 0x01;
    Files.write(log, b);

    CliRunner.Result scan = cli.run("scan", "T");
    assertEquals(1, scan.code(), scan.toString());
    assertTrue(scan.err().contains(log.toString() + " of table T is damaged at byte "), scan.toString());
    assertTrue(scan.err().contains("tabulo repair T"), scan.toString());
    assertTrue(Files.exists(log), "the log is kept");
    CliRunner.Result v = cli.run("verify");
    assertEquals(1, v.code(), v.toString());
    // read through this reader's links in readers/, named where the user finds the log
    assertTrue(v.out().contains("damaged\ttable T\t" + cli.db().relativize(log) + "\twrite-ahead log " + log
        + " of table T is damaged at byte "), v.toString());
    assertFalse(v.out().contains(READERS), v.toString());

    String repaired = cli.okRun("repair", "T").out();
    assertTrue(repaired.matches("(?s).*kept 19 record\\(s\\), lost (at least )?1 \\(.*\\.damaged.*"), repaired);
    assertTrue(repaired.matches("(?s).*lost (at least )?1 record\\(s\\).*"), repaired);
    List<String> rows = cli.okRun("scan", "T").outLines();
    assertEquals(19, rows.size(), rows.toString());
    assertTrue(cli.okRun("verify").out().contains("no damage"));
  }

  /** A damaged manifest or checksum file is named in tables/, where it lies, by readers too. */
  @Test
  void aDamagedManifestOrChecksumFileIsNamedWhereItLies() throws IOException {
    CliRunner cli = new CliRunner(dir);
    cli.create("T");
    cli.create("U");
    cli.put("T", "a\tq\t1\n");
    cli.put("U", "a\tq\t1\n");
    Path manifest = cli.db().resolve("tables/1/MANIFEST");
    byte[] b = Files.readAllBytes(manifest);
    b[b.length / 2] ^= 0x01;
    Files.write(manifest, b);
    Path sums = find(cli.db().resolve("tables/2"), "\\d+\\.rf\\.crc32c");
    b = Files.readAllBytes(sums);
    b[b.length / 2] ^= 0x01;
    Files.write(sums, b);

    for (String command : List.of("scan", "info")) {
      CliRunner.assertError(cli.run(command, "T"), 1,
          "cannot open table T: damaged metadata file " + manifest + ": checksum mismatch");
    }
    CliRunner.Result v = cli.run("verify");
    assertEquals(1, v.code(), v.toString());
    assertTrue(v.out().contains("damaged\ttable T\ttables/1/MANIFEST\tdamaged metadata file " + manifest
        + ": checksum mismatch"), v.toString());
    assertTrue(v.out().contains("damaged\ttable U\t" + cli.db().relativize(sums).toString().replace(".crc32c", "")
        + "\tchecksum file " + sums + " is damaged"), v.toString());
    assertFalse(v.out().contains(READERS), v.toString());
  }

  @Test
  void helpListsVerifyAndRepairAndAccumuloRefusesThem() throws IOException {
    String help = CliRunner.ok(CliRunner.raw("--help"));
    assertTrue(help.contains("  verify ") && help.contains("  repair "), help);
    Path props = dir.resolve("client.properties");
    Files.writeString(props, "auth.principal=root\n");
    for (String command : List.of("verify", "repair")) {
      CliRunner.Result r = CliRunner.raw("--accumulo", props.toString(), command, "T");
      assertEquals(1, r.code(), r.toString());
      assertTrue(r.err().contains(command + " works on the embedded engine only"), r.toString());
    }
  }

  /** The LOCK file cannot be opened: the message says why (it used to name the file only). */
  @Test
  void lockWithoutPermissionSaysPermissionDenied() throws Exception {
    CliRunner cli = new CliRunner(dir);
    cli.okRun("tables");
    Path lock = cli.db().resolve("LOCK");
    Files.setPosixFilePermissions(lock, PosixFilePermissions.fromString("---------"));
    String err;
    if (!"root".equals(System.getProperty("user.name"))) {
      err = cli.run("create", "u").err(); // a writing command: readers do not take the LOCK
    } else {
      // root ignores file modes unless it gives up the capability to: run the command in a child that does
      Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "needs setpriv to drop root's override");
      Process p = new ProcessBuilder("/usr/bin/setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--",
          Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m", "-XX:TieredStopAtLevel=1",
          "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--db", cli.db().toString(), "create", "u")
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(1, p.waitFor(), err);
    }
    assertTrue(err.contains("cannot open database " + cli.db() + ": permission denied: " + lock), err);
  }
}
