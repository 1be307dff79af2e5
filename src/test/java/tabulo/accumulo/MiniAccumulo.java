package tabulo.accumulo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MiniAccumuloCluster per test JVM, started on first use and shared by every test class;
 * stopped (and its temp directory removed) by a JVM shutdown hook. The cluster is a
 * {@link MiniCluster} (fast-starting child JVMs; see there): two tablet servers, a manager, a garbage
 * collector and ZooKeeper, about 7 s to start.
 *
 * <p>Extra child JVM flags can be given in the system property {@code tabulo.mac.jvmFlags}
 * (space-separated), and the number of tablet servers in {@code tabulo.mac.tservers}.
 */
public final class MiniAccumulo {
  private static final Logger log = LoggerFactory.getLogger(MiniAccumulo.class);

  private static MiniAccumuloClusterImpl cluster;
  private static AccumuloClient client;
  private static AccumuloStore store;
  private static MiniAccumuloClusterImpl starting; // set before start(), for the shutdown hook
  private static RuntimeException startFailure;
  private static Path dir;
  private static long startMillis;

  private MiniAccumulo() {}

  /** A client for the root user of the shared cluster (do not close it). */
  public static synchronized AccumuloClient client() {
    start();
    return client;
  }

  /** The root client if the shared cluster was started in this JVM, else null (nothing is started). */
  static synchronized AccumuloClient clientIfStarted() {
    return cluster == null ? null : client;
  }

  /** A store acting for root on the shared cluster (do not close it). */
  public static synchronized AccumuloStore store() {
    start();
    return store;
  }

  /** The cluster itself, for host-specific tests. */
  public static synchronized MiniAccumuloClusterImpl cluster() {
    start();
    return cluster;
  }

  /** The root password of the shared cluster (random per JVM; never logged). */
  public static synchronized String rootPassword() {
    start();
    return cluster.getConfig().getRootPassword();
  }

  /** The accumulo-client.properties file the cluster wrote for root. */
  public static synchronized Path clientPropertiesFile() {
    start();
    return cluster.getConfig().getClientPropsFile().toPath();
  }

  /** Milliseconds the cluster took to start. */
  static synchronized long startMillis() {
    start();
    return startMillis;
  }

  private static void start() {
    if (cluster != null) {
      return;
    }
    if (startFailure != null) {
      throw new IllegalStateException("MiniAccumuloCluster failed to start earlier", startFailure);
    }
    try {
      doStart();
    } catch (RuntimeException e) {
      startFailure = e;
      throw e;
    }
  }

  private static void doStart() {
    long t0 = System.nanoTime();
    try {
      dir = Files.createTempDirectory("tabulo-mac-");
      String password = MiniCluster.randomPassword();
      List<String> extra = new ArrayList<>();
      java.net.URL childLogging = MiniAccumulo.class.getResource("/log4j2-mac.xml");
      if (childLogging != null) {
        extra.add("-Dlog4j2.configurationFile=" + Path.of(childLogging.toURI()));
      }
      String flags = System.getProperty("tabulo.mac.jvmFlags", "").trim();
      if (!flags.isEmpty()) {
        extra.addAll(List.of(flags.split("\\s+")));
      }
      MiniAccumuloClusterImpl c = MiniCluster.create(dir, password,
          Integer.getInteger("tabulo.mac.tservers", 2), extra);
      starting = c;
      Runtime.getRuntime().addShutdownHook(new Thread(MiniAccumulo::shutdown, "mini-accumulo-stop"));
      MiniCluster.start(c);
      client = c.createAccumuloClient("root", new PasswordToken(password));
      store = new AccumuloStore(client);
      cluster = c;
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start MiniAccumuloCluster in " + dir, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted starting MiniAccumuloCluster", e);
    }
    startMillis = (System.nanoTime() - t0) / 1_000_000;
    log.info("MiniAccumuloCluster started in {} ms in {}", startMillis, dir);
  }

  private static synchronized void shutdown() {
    try {
      if (client != null) {
        client.close();
      }
    } catch (Throwable e) {
      log.warn("closing the client: {}", e.toString());
    } finally {
      // returns at once if MAC's own shutdown hook already stopped it; ends leftover children
      MiniCluster.stop(starting);
      deleteTree(dir);
    }
  }

  private static void deleteTree(Path root) {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      log.warn("cannot remove {}: {}", root, e.toString());
    }
  }
}
