package tabulo.accumulo;

import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.minicluster.MemoryUnit;
import org.apache.accumulo.minicluster.ServerType;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloConfigImpl;

/**
 * A MiniAccumuloCluster configured to start fast and stay small; used by {@code tabulo mini-accumulo}
 * and by the tests.
 *
 * <p>The cluster runs ZooKeeper, tablet servers, a manager and a garbage collector, each in its own
 * child JVM. The public {@code MiniAccumuloConfig} of 2.1.4 has no way to pass JVM flags, so
 * {@link FastCluster} hooks the two places {@code MiniAccumuloClusterImpl} builds child command
 * lines and adds {@link #CHILD_JVM_FLAGS} (C1 only, serial GC, small initial heap: 2.1.4 hard-codes
 * {@code -XX:+AlwaysPreTouch}, so the initial heap is touched in full at start-up). Heaps: tablet
 * server 384 MB, ZooKeeper 96 MB, garbage collector 64 MB, manager 128 MB: it starts faster and stays
 * smaller than with the stock settings. The garbage collector's cycle is set to an hour (it only deletes
 * unused files).
 */
public final class MiniCluster {
  /** Flags for every child JVM: start fast, stay small. */
  public static final List<String> CHILD_JVM_FLAGS = List.of("-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC", "-Xms32m", "-XX:ReservedCodeCacheSize=64m", "-XX:-UsePerfData");

  /** Every MiniAccumuloCluster child process runs this class. */
  static final String CHILD_MAIN = "org.apache.accumulo.start.Main";

  /** Accumulo's tool that initialises an instance (given the root password on its command line). */
  static final String INITIALIZE = "org.apache.accumulo.server.init.Initialize";

  private MiniCluster() {}

  /** A random root password (18 random bytes, URL-safe base64). */
  public static String randomPassword() {
    byte[] pw = new byte[18];
    new SecureRandom().nextBytes(pw);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(pw);
  }

  /**
   * A configured, not yet started cluster in {@code dir} (which must not exist or be empty), instance
   * name {@code tabulo}, root password {@code password}; extra child JVM flags after ours.
   */
  public static MiniAccumuloClusterImpl create(Path dir, String password, int tservers, List<String> extraJvmFlags)
      throws IOException {
    return create(dir, password, new TabletServers(tservers, 384, false), extraJvmFlags);
  }

  /**
   * How many tablet servers, their heap, and whether they compile hot code fully (C2: slower to start,
   * much faster for kernels that run long) rather than stopping at C1 like the other processes.
   */
  public record TabletServers(int count, int heapMb, boolean optimizingJit) {}

  /** As above, with tablet servers sized for work (kernels and imports run there). */
  public static MiniAccumuloClusterImpl create(Path dir, String password, TabletServers tservers,
      List<String> extraJvmFlags) throws IOException {
    // the cluster writes the root password and the instance secret into its conf/ with the umask's
    // mode (644): its directory is private before anything is written into it
    ClusterFiles.createPrivateDirectory(dir);
    MiniAccumuloConfigImpl cfg = new MiniAccumuloConfigImpl(dir.toFile(), password);
    cfg.setInstanceName("tabulo");
    cfg.setNumTservers(tservers.count());
    cfg.setDefaultMemory(128, MemoryUnit.MEGABYTE);
    cfg.setMemory(ServerType.TABLET_SERVER, tservers.heapMb(), MemoryUnit.MEGABYTE);
    cfg.setMemory(ServerType.ZOOKEEPER, 96, MemoryUnit.MEGABYTE);
    cfg.setMemory(ServerType.GARBAGE_COLLECTOR, 64, MemoryUnit.MEGABYTE);
    Map<String, String> site = new HashMap<>(cfg.getSiteConfig());
    site.put(Property.GC_CYCLE_START.getKey(), "1h");
    site.put(Property.GC_CYCLE_DELAY.getKey(), "1h");
    site.put(Property.GENERAL_MICROMETER_ENABLED.getKey(), "false");
    // a killed tablet server's tablets move after its ZooKeeper session expires: 10 s, not 30
    site.put(Property.INSTANCE_ZK_TIMEOUT.getKey(), "10s");
    // a test cluster serves this machine only (ZooKeeper already binds 127.0.0.1)
    site.put(Property.RPC_PROCESS_BIND_ADDRESS.getKey(), LOOPBACK);
    // servers trust whoever knows the instance secret: not Accumulo's well-known default
    site.put(Property.INSTANCE_SECRET.getKey(), randomPassword());
    cfg.setSiteConfig(site);
    List<String> flags = new ArrayList<>(CHILD_JVM_FLAGS);
    flags.addAll(extraJvmFlags);
    FastCluster cluster = new FastCluster(cfg, flags, tservers.optimizingJit());
    ClusterFiles.makeConfPrivate(cfg.getConfDir().toPath());
    return cluster;
  }

  /** The address a test cluster's servers listen on. */
  static final String LOOPBACK = "127.0.0.1";

  /**
   * Starts the cluster and prepares it to be stopped from a shutdown hook: 2.1.4's stop() builds its
   * ServerContext lazily, which fails from a shutdown hook (AccumuloVFSClassLoader's static init adds a
   * shutdown hook: "Shutdown in progress"), and stop() then gives up before stopping ZooKeeper.
   */
  public static void start(MiniAccumuloClusterImpl cluster) throws IOException, InterruptedException {
    cluster.start();
    ClusterFiles.makeConfPrivate(cluster.getConfig().getConfDir().toPath()); // whatever start wrote there
    cluster.getServerContext();
  }

  /** MiniAccumuloCluster child processes of this JVM still running. */
  public static List<ProcessHandle> childProcesses() {
    return ProcessHandle.current().children()
        .filter(p -> p.info().commandLine().orElse("").contains(CHILD_MAIN))
        .collect(Collectors.toList());
  }

  /**
   * Stops the cluster (if not null), then ends whatever child processes stop() left running (it gives up
   * half-way on some errors, and a failed start leaves processes behind): they must not outlive us.
   */
  public static void stop(MiniAccumuloClusterImpl cluster) {
    Throwable failure = null;
    try {
      if (cluster != null) {
        cluster.stop();
      }
    } catch (Throwable e) {
      failure = e;
    } finally {
      List<ProcessHandle> children = childProcesses();
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
    }
    if (failure instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * MiniAccumuloClusterImpl with extra JVM flags for its children. Server processes are started
   * through the public {@code _exec(Class, ServerType, Map, String...)} and one-off tools
   * (Initialize, SetGoalState) through {@code exec(Class, List, String...)}; both end in the
   * private method that builds the command line, which takes the JVM arguments as a list.
   */
  static final class FastCluster extends MiniAccumuloClusterImpl {
    private final List<String> flags;
    private final boolean optimizingTabletServers;

    FastCluster(MiniAccumuloConfigImpl config, List<String> flags, boolean optimizingTabletServers)
        throws IOException {
      super(config);
      this.flags = List.copyOf(flags);
      this.optimizingTabletServers = optimizingTabletServers;
    }

    @Override
    public ProcessInfo exec(Class<?> clazz, List<String> jvmArgs, String... args)
        throws IOException {
      List<String> all = new ArrayList<>(flags);
      if (jvmArgs != null) {
        all.addAll(jvmArgs); // after ours, so an explicit -Xmx here wins
      }
      List<String> rest = new ArrayList<>(List.of(args));
      int pw = rest.indexOf("--password");
      if (clazz.getName().equals(INITIALIZE) && pw >= 0 && pw + 1 < rest.size()) {
        // the root password goes through a pipe, not the command line others can read
        String password = rest.remove(pw + 1);
        rest.remove(pw);
        ProcessInfo p = super.exec(InitializeWithStdinPassword.class, all, rest.toArray(String[]::new));
        try (java.io.OutputStream in = p.getProcess().getOutputStream()) {
          in.write((password + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return p;
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
      if (serverType == ServerType.TABLET_SERVER && optimizingTabletServers) {
        // after our C1-only, serial-GC flags, so these win: full JIT, and a collector using every core
        jvmOpts.addAll(List.of("-XX:TieredStopAtLevel=4", "-XX:-UseSerialGC", "-XX:+UseParallelGC"));
      }
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
