package tabulo.accumulo;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.minicluster.MemoryUnit;
import org.apache.accumulo.minicluster.ServerType;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloConfigImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MiniAccumuloCluster per test JVM, started on first use and shared by every test class;
 * stopped (and its temp directory removed) by a JVM shutdown hook.
 *
 * <p>The cluster runs ZooKeeper, one tablet server, a manager and a garbage collector, each in its
 * own child JVM. The public {@code MiniAccumuloConfig} of 2.1.4 has no way to pass JVM flags, so
 * {@link FastCluster} hooks the two places {@code MiniAccumuloClusterImpl} builds child command
 * lines and adds {@link #CHILD_JVM_FLAGS} (C1 only, serial GC, small initial heap: 2.1.4 hard-codes
 * {@code -XX:+AlwaysPreTouch}, so the initial heap is touched in full at start-up). Heaps: tablet
 * server 384 MB, ZooKeeper 96 MB, garbage collector 64 MB, manager 128 MB. Measured on a 2-core
 * machine: about 7 s to start, about 580 MB resident for the four child JVMs (stock settings:
 * 10-15 s and about 960 MB).
 *
 * <p>Extra child JVM flags can be given in the system property {@code tabulo.mac.jvmFlags}
 * (space-separated), and the number of tablet servers in {@code tabulo.mac.tservers}.
 */
public final class MiniAccumulo {
  private static final Logger log = LoggerFactory.getLogger(MiniAccumulo.class);

  /** Flags for every child JVM: start fast, stay small. */
  static final List<String> CHILD_JVM_FLAGS = List.of("-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC", "-Xms32m", "-XX:ReservedCodeCacheSize=64m", "-XX:-UsePerfData");

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
      byte[] pw = new byte[18];
      new SecureRandom().nextBytes(pw);
      String password = Base64.getUrlEncoder().withoutPadding().encodeToString(pw);

      MiniAccumuloConfigImpl cfg = new MiniAccumuloConfigImpl(dir.toFile(), password);
      cfg.setInstanceName("tabulo");
      cfg.setNumTservers(Integer.getInteger("tabulo.mac.tservers", 1));
      cfg.setDefaultMemory(128, MemoryUnit.MEGABYTE);
      cfg.setMemory(ServerType.TABLET_SERVER, 384, MemoryUnit.MEGABYTE);
      cfg.setMemory(ServerType.ZOOKEEPER, 96, MemoryUnit.MEGABYTE);
      cfg.setMemory(ServerType.GARBAGE_COLLECTOR, 64, MemoryUnit.MEGABYTE);
      Map<String, String> site = new HashMap<>(cfg.getSiteConfig());
      // the garbage collector only deletes unused files: keep it quiet during tests
      site.put(Property.GC_CYCLE_START.getKey(), "1h");
      site.put(Property.GC_CYCLE_DELAY.getKey(), "1h");
      site.put(Property.GENERAL_MICROMETER_ENABLED.getKey(), "false");
      cfg.setSiteConfig(site);

      MiniAccumuloClusterImpl c = new FastCluster(cfg);
      starting = c;
      Runtime.getRuntime().addShutdownHook(new Thread(MiniAccumulo::shutdown, "mini-accumulo-stop"));
      c.start();
      // 2.1.4's stop() builds its ServerContext lazily; from a shutdown hook that fails
      // (AccumuloVFSClassLoader's static init adds a shutdown hook: "Shutdown in progress") and
      // stop() gives up before stopping ZooKeeper, which then outlives the JVM. Build it now.
      c.getServerContext();
      client = c.createAccumuloClient("root", new PasswordToken(password));
      store = new AccumuloStore(client);
      cluster = c;
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
      if (starting != null) {
        starting.stop(); // returns at once if MAC's own shutdown hook already stopped it
      }
    } catch (Throwable e) {
      log.warn("stopping MiniAccumuloCluster: {}", e.toString());
    } finally {
      // whatever stop() left running (it gives up half-way on some errors, and a failed start
      // leaves processes behind) must not outlive us: every MAC child runs accumulo.start.Main
      List<ProcessHandle> children = ProcessHandle.current().children()
          .filter(p -> p.info().commandLine().orElse("").contains("org.apache.accumulo.start.Main"))
          .collect(Collectors.toList());
      for (ProcessHandle p : children) {
        p.destroy();
      }
      for (ProcessHandle p : children) {
        try {
          p.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
          p.destroyForcibly();
        }
      }
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

  /**
   * MiniAccumuloClusterImpl with extra JVM flags for its children. Server processes are started
   * through the public {@code _exec(Class, ServerType, Map, String...)} and one-off tools
   * (Initialize, SetGoalState) through {@code exec(Class, List, String...)}; both end in the
   * private method that builds the command line, which takes the JVM arguments as a list.
   */
  static final class FastCluster extends MiniAccumuloClusterImpl {
    FastCluster(MiniAccumuloConfigImpl config) throws IOException {
      super(config);
    }

    private static List<String> childFlags() {
      List<String> flags = new ArrayList<>(CHILD_JVM_FLAGS);
      String extra = System.getProperty("tabulo.mac.jvmFlags", "").trim();
      if (!extra.isEmpty()) {
        flags.addAll(List.of(extra.split("\\s+")));
      }
      return flags;
    }

    @Override
    public ProcessInfo exec(Class<?> clazz, List<String> jvmArgs, String... args)
        throws IOException {
      List<String> all = childFlags();
      if (jvmArgs != null) {
        all.addAll(jvmArgs); // after ours, so an explicit -Xmx here wins
      }
      return super.exec(clazz, all, args);
    }

    /** Mirrors the 2.1.4 implementation (minus remote debugging), routed through {@link #exec}. */
    @Override
    public ProcessInfo _exec(Class<?> clazz, ServerType serverType,
        Map<String, String> configOverrides, String... args) throws IOException {
      List<String> jvmOpts = new ArrayList<>();
      if (serverType == ServerType.ZOOKEEPER) {
        // ZooKeeper's log4j 1.2 JMX support does not work with log4j2
        jvmOpts.add("-Dzookeeper.jmx.log4j.disable=true");
      }
      jvmOpts.add("-Xmx" + getConfig().getMemory(serverType));
      if (configOverrides != null && !configOverrides.isEmpty()) {
        File siteFile =
            Files.createTempFile(getConfig().getConfDir().toPath(), "accumulo", ".properties")
                .toFile();
        Map<String, String> conf = new HashMap<>(getConfig().getSiteConfig());
        conf.putAll(configOverrides);
        try (Writer w = Files.newBufferedWriter(siteFile.toPath())) {
          for (Map.Entry<String, String> e : conf.entrySet()) {
            w.append(e.getKey()).append('=').append(e.getValue()).append('\n');
          }
        }
        jvmOpts.add("-Daccumulo.properties=" + siteFile.getName());
      }
      return exec(clazz, jvmOpts, args);
    }
  }
}
