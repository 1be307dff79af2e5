package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.assertError;
import static tabulo.cli.CliRunner.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.accumulo.MiniClusterDaemon;
import tabulo.cli.CliRunner.Result;

/**
 * {@code mini-accumulo start} leaves a working cluster behind in a detached JVM; {@code stop} ends every
 * process it started. (A second cluster next to the shared one: about 12 s.)
 */
class CliMiniAccumuloTest {
  @TempDir
  Path tmp;

  @Test
  void startUseStop() throws Exception {
    Path dir = tmp.resolve("mac");
    List<Result> results = new ArrayList<>();
    List<Long> pids = new ArrayList<>();
    try {
      long t0 = System.nanoTime();
      Result start = CliRunner.raw("mini-accumulo", "start", dir.toString());
      results.add(start);
      ok(start);
      long millis = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(millis < 60_000, "start took " + millis + " ms");
      Path props = dir.resolve("accumulo-client.properties");
      assertTrue(start.out().startsWith("started\t" + props.toAbsolutePath() + "\t"), start::toString);
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(props)));
      for (String l : Files.readAllLines(dir.resolve("mini-accumulo.pid"))) {
        pids.add(Long.parseLong(l.trim()));
      }
      assertTrue(pids.size() >= 4, "daemon + ZooKeeper, manager, tablet server, gc: " + pids);
      Properties p = new Properties();
      try (var r = Files.newBufferedReader(props)) {
        p.load(r);
      }
      String password = p.getProperty("auth.token");
      assertEquals("root", p.getProperty("auth.principal"));

      results.add(CliRunner.raw("mini-accumulo", "status", dir.toString()));
      assertTrue(ok(results.get(results.size() - 1)).startsWith("running\t"));
      assertError(CliRunner.raw("mini-accumulo", "start", dir.toString()), 1,
          "a mini-accumulo is already running in " + dir + " (pid " + pids.get(0) + ")");

      CliRunner cli = new CliRunner(tmp);
      Path in = cli.file("r1\tq\t1\nr2\tf:q\t2\n");
      String[][] commands = {{"create", "t", "--splits", "r1"}, {"put", "t", in.toString()}, {"scan", "t"},
          {"info", "t"}, {"scan", "missing"}};
      for (String[] c : commands) {
        String[] full = new String[c.length + 2];
        full[0] = "--accumulo";
        full[1] = props.toString();
        System.arraycopy(c, 0, full, 2, c.length);
        results.add(CliRunner.raw(full));
      }
      assertEquals("r1\tq\t1\nr2\tf:q\t2\n", ok(results.get(results.size() - 3)));
      assertError(results.get(results.size() - 1), 1, "no such table: missing");
      for (Result r : results) {
        assertFalse(r.out().contains(password) || r.err().contains(password), r::toString);
      }
      assertFalse(Files.readString(dir.resolve("mini-accumulo.log")).contains(password));
    } finally {
      Result stop = CliRunner.raw("mini-accumulo", "stop", dir.toString());
      if (!pids.isEmpty()) {
        assertEquals("stopped\t" + dir + "\n", ok(stop));
      }
      for (long pid : pids) {
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "process " + pid + " still alive");
      }
    }
    assertFalse(Files.exists(dir.resolve(MiniClusterDaemon.PID)));
    assertEquals("stopped\n", ok(CliRunner.raw("mini-accumulo", "status", dir.toString())));
    assertError(CliRunner.raw("mini-accumulo", "stop", dir.toString()), 1, "no mini-accumulo is running in " + dir);
  }
}
