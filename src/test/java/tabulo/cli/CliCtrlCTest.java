package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.storage.Store;
import tabulo.storage.TableNames;

/**
 * Ctrl-C (here SIGTERM, which runs the same shutdown) while an iterative algorithm or a multiply runs in a child
 * process: it stops at its next kernel run and the process deletes its temporaries before it exits, so
 * the database holds exactly what it held before (no temporary in the catalog, no table directory beside
 * the catalogued ones, no result).
 */
class CliCtrlCTest {
  @TempDir
  Path tmp;

  @Test
  void anAlgorithmStoppedByASignalLeavesNoTemporary() throws Exception {
    stoppedBySignalLeavesOnlyTheGraph("kt", "ktruss", "g", "kt", "--k", "3", "--in-tables");
  }

  /** mult opens its own session: it stops too, before C is published. */
  @Test
  void aMultiplyStoppedByASignalLeavesNoTemporaryAndNoProduct() throws Exception {
    stoppedBySignalLeavesOnlyTheGraph("c", "mult", "g", "g", "c");
  }

  private void stoppedBySignalLeavesOnlyTheGraph(String result, String... command) throws Exception {
    CliRunner cli = new CliRunner(tmp);
    ok(cli.run("gen", "graph500", "g", "--scale", "12", "--splits", "2"));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> args = new java.util.ArrayList<>(List.of(java, "-Xmx512m", "-XX:+UseSerialGC",
        "-Dlog4j2.loggerContextFactory=org.apache.logging.log4j.simple.SimpleLoggerContextFactory",
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--db", cli.db().toString()));
    args.addAll(List.of(command));
    Process child = new ProcessBuilder(args)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    boolean running = false;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!running && child.isAlive() && System.nanoTime() < deadline) {
      try (Store store = EmbeddedStore.openReadOnly(cli.db(), EmbeddedStore.ROOT)) {
        running = store.tables().stream().anyMatch(TableNames::isReserved); // its workspace is open
      }
      Thread.sleep(20);
    }
    assertTrue(running, "the child's run began (its workspace's marker appeared)");
    child.destroy(); // SIGTERM: the JVM's shutdown, as Ctrl-C's SIGINT
    assertTrue(child.waitFor(90, TimeUnit.SECONDS), "the child ended");
    try (Store store = EmbeddedStore.openReadOnly(cli.db(), EmbeddedStore.ROOT)) {
      assertEquals(List.of("g"), List.copyOf(store.tables()), "only the graph: no temporary, no result");
    }
    try (Stream<Path> dirs = Files.list(cli.db().resolve("tables"))) {
      assertEquals(1, dirs.count(), "no directory of a temporary is left either");
    }
    assertFalse(Files.exists(cli.db().resolve("tables").resolve(result)));
  }
}
