package tabulo.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mini-accumulo start} keeps its secrets private and its servers off the network: every file under
 * DIR holding the root password or the instance secret is mode 600 (and DIR/cluster is 700), the instance
 * secret is not Accumulo's well-known default, and every process of the cluster listens on the loopback
 * address only (checked against the kernel's socket table, /proc/net/tcp and tcp6).
 */
class MiniClusterPrivacyTest {
  @TempDir
  Path tmp;

  @Test
  void secretsAreOwnerOnlyAndServersListenOnLoopback() throws Exception {
    Path dir = tmp.resolve("mac");
    // every command line seen on the machine while the cluster starts (others can read them too)
    Set<String> commandLines = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.atomic.AtomicBoolean starting = new java.util.concurrent.atomic.AtomicBoolean(true);
    Thread watcher = new Thread(() -> {
      while (starting.get()) {
        ProcessHandle.allProcesses().forEach(p -> p.info().arguments().ifPresent(a -> commandLines.add(
            String.join(" ", a))));
        try {
          Thread.sleep(10); // Initialize runs for seconds
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    watcher.setDaemon(true);
    watcher.start();
    try {
      try {
        MiniClusterDaemon.start(dir, 1, 180);
      } finally {
        starting.set(false);
        watcher.join();
      }
      String password = property(dir.resolve(MiniClusterDaemon.PROPS), "auth.token");
      Path cluster = dir.resolve(MiniClusterDaemon.CLUSTER);
      String instanceSecret = property(cluster.resolve("conf").resolve("accumulo.properties"), "instance.secret");
      assertTrue(password != null && password.length() >= 16, "password");
      assertTrue(instanceSecret != null, "instance secret");
      assertTrue(commandLines.stream().anyMatch(c -> c.contains("Initialize")), "saw the instance initialised");
      List<String> leaking = commandLines.stream().filter(c -> c.contains(password))
          .map(c -> c.replace(password, "****")).toList();
      List<String> holding = new ArrayList<>();
      List<String> exposed = new ArrayList<>();
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          String text;
          try {
            text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
          } catch (IOException e) {
            continue; // removed while we walked (logs roll, temporary files)
          }
          if (text.contains(password) || text.contains(instanceSecret)) {
            holding.add(dir.relativize(f).toString());
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(f);
            if (!Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE).containsAll(mode)) {
              exposed.add(dir.relativize(f) + " " + java.nio.file.attribute.PosixFilePermissions.toString(mode));
            }
          }
        }
      }
      assertTrue(holding.contains(MiniClusterDaemon.PROPS), "found the secrets at all: " + holding);
      assertTrue(holding.contains("cluster/conf/accumulo-client.properties"), holding::toString);

      List<Long> pids = new ArrayList<>();
      for (String l : Files.readAllLines(dir.resolve(MiniClusterDaemon.PID))) {
        pids.add(Long.parseLong(l.trim()));
      }
      List<java.net.InetSocketAddress> listening = ListeningSockets.of(pids);
      assertTrue(listening.size() >= 4, "ZooKeeper, manager, tablet server, gc listen: " + listening);
      assertAll(
          () -> assertEquals(List.of(), exposed, "files holding a secret readable by others"),
          () -> assertEquals(List.of(), leaking, "command lines holding the root password"),
          () -> assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
              PosixFilePermission.OWNER_EXECUTE), Files.getPosixFilePermissions(cluster), "DIR/cluster is 700"),
          () -> assertTrue(instanceSecret.length() >= 16 && !instanceSecret.equals("DONTTELL"),
              "instance secret must be random, not Accumulo's default"),
          () -> assertEquals(List.of(), listening.stream().filter(a -> !a.getAddress().isLoopbackAddress()).toList(),
              "sockets listening beyond this machine"));
    } finally {
      MiniClusterDaemon.stop(dir, 60);
    }
  }

  private static String property(Path file, String key) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file)) {
      p.load(r);
    }
    return p.getProperty(key);
  }
}
