package tabulo.accumulo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;

import tabulo.storage.TabuloException;

/**
 * A throwaway MiniAccumuloCluster for benchmarks ({@code bench partition --tservers}), in a temporary
 * directory removed on close: N tablet servers, and every table of the default namespace placed by
 * {@link AlignedBalancer} (same row ranges of tables split alike on the same server).
 */
public final class MiniClusterAligned implements AutoCloseable {
  private final Path dir;
  private final MiniAccumuloClusterImpl cluster;
  private final AccumuloClient client;
  private final AccumuloStore store;

  private MiniClusterAligned(Path dir, MiniAccumuloClusterImpl cluster, AccumuloClient client) {
    this.dir = dir;
    this.cluster = cluster;
    this.client = client;
    this.store = new AccumuloStore(client);
  }

  /** Starts {@code tservers} tablet servers of {@code heapMb} each (full JIT, for kernels). */
  public static MiniClusterAligned start(int tservers, int heapMb) {
    Path dir = null;
    MiniAccumuloClusterImpl cluster = null;
    try {
      dir = Files.createTempDirectory("tabulo-bench-mac-");
      String password = MiniCluster.randomPassword();
      cluster = MiniCluster.create(dir.resolve("cluster"), password,
          new MiniCluster.TabletServers(tservers, heapMb, true), List.of());
      MiniCluster.start(cluster);
      AccumuloClient client = cluster.createAccumuloClient("root", new PasswordToken(password));
      client.namespaceOperations().setProperty("", "table.balancer", AlignedBalancer.class.getName());
      return new MiniClusterAligned(dir, cluster, client);
    } catch (Exception e) {
      MiniCluster.stop(cluster);
      deleteTree(dir);
      throw new TabuloException("cannot start a mini-accumulo cluster of " + tservers + " tablet servers: "
          + AccumuloProps.redact(String.valueOf(e)), e);
    }
  }

  public AccumuloStore store() {
    return store;
  }

  /** Returns once the balancer has no tablet left to move (every tablet on its aligned server). */
  public void settle() {
    try {
      client.instanceOperations().waitForBalance();
    } catch (Exception e) {
      throw new TabuloException("waiting for the tablets to settle: " + AccumuloStore.rootMessage(e), e);
    }
  }

  @Override
  public void close() {
    client.close();
    MiniCluster.stop(cluster);
    deleteTree(dir);
  }

  private static void deleteTree(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + dir, e);
    }
  }
}
