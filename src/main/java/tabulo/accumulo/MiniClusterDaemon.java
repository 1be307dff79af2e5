package tabulo.accumulo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;

import tabulo.storage.TabuloException;

/**
 * {@code tabulo mini-accumulo}: a MiniAccumuloCluster that outlives the command that started it.
 *
 * <p>{@link #start} launches this class's {@link #main} in a detached JVM of its own (in a new session
 * via {@code setsid} when available, output to {@code DIR/mini-accumulo.log}), handing it the random
 * root password on standard input (never on a command line). That JVM starts the cluster in
 * {@code DIR/cluster} (its ZooKeeper, manager, tablet servers and garbage collector are its child JVMs),
 * writes {@code DIR/accumulo-client.properties} (mode 600) and then {@code DIR/mini-accumulo.pid}
 * (its pid, then the pids of the cluster's processes), and waits. {@link #stop} sends it SIGTERM: its
 * shutdown hook stops the cluster; whatever survives (after a SIGKILL, say) is killed by pid.
 */
public final class MiniClusterDaemon {
  public static final String PROPS = "accumulo-client.properties";
  public static final String PID = "mini-accumulo.pid";
  public static final String LOG = "mini-accumulo.log";
  public static final String CLUSTER = "cluster";
  /** The daemon's first JVM argument: identifies it (ProcessHandle.Info shows only the first 4 kB). */
  static final String MARKER = "-Dtabulo.mini-accumulo=";

  private MiniClusterDaemon() {}

  /** Daemon entry point: {@code DIR TSERVERS}; the root password is the first line of standard input. */
  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]).toAbsolutePath();
    int tservers = Integer.parseInt(args[1]);
    String password;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      password = in.readLine();
    }
    if (password == null || password.isEmpty()) {
      System.err.println("mini-accumulo: no password on standard input");
      System.exit(1);
    }
    AccumuloProps.secret(password);
    long t0 = System.nanoTime();
    // tablet servers with room for the multiply kernels and bulk imports that users try on it
    MiniAccumuloClusterImpl cluster = MiniCluster.create(dir.resolve(CLUSTER), password,
        new MiniCluster.TabletServers(tservers, 2048, true), List.of());
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.err.println("mini-accumulo: stopping");
      MiniCluster.stop(cluster);
      try {
        Files.deleteIfExists(dir.resolve(PID));
      } catch (IOException e) {
        // stop treats a pid file of a dead process as stale
      }
      System.err.println("mini-accumulo: stopped");
    }, "mini-accumulo-stop"));
    try {
      MiniCluster.start(cluster);
      AccumuloProps.writePasswordFile(dir.resolve(PROPS), cluster.getInstanceName(), cluster.getZooKeepers(),
          "root", password);
      StringBuilder pids = new StringBuilder().append(ProcessHandle.current().pid()).append('\n');
      for (ProcessHandle p : MiniCluster.childProcesses()) {
        pids.append(p.pid()).append('\n');
      }
      Path tmp = dir.resolve(PID + ".tmp");
      Files.writeString(tmp, pids);
      Files.move(tmp, dir.resolve(PID), StandardCopyOption.ATOMIC_MOVE);
    } catch (Throwable e) {
      System.err.println("mini-accumulo: start failed: " + AccumuloProps.redact(String.valueOf(e)));
      System.exit(1); // the shutdown hook stops what started
    }
    System.err.printf("mini-accumulo: ready in %d ms, %s%n", (System.nanoTime() - t0) / 1_000_000,
        dir.resolve(PROPS));
    new CountDownLatch(1).await(); // until SIGTERM
  }

  /** What {@link #start} started. */
  public record Started(long pid, Path properties, long millis) {}

  /** Starts a cluster in DIR in a detached JVM; returns once it is ready (or fails). */
  public static Started start(Path dir, int tservers, long timeoutSeconds) {
    if (tservers < 1) {
      throw new TabuloException("--tservers must be at least 1");
    }
    Path abs = dir.toAbsolutePath();
    Optional<ProcessHandle> running = daemon(abs);
    if (running.isPresent()) {
      throw new TabuloException("a mini-accumulo is already running in " + dir + " (pid " + running.get().pid() + ")");
    }
    if (Files.exists(abs.resolve(CLUSTER))) {
      throw new TabuloException(dir.resolve(CLUSTER) + " exists (a stopped mini-accumulo cannot be restarted): "
          + "use a new directory or delete it");
    }
    try {
      Files.createDirectories(abs);
      Files.deleteIfExists(abs.resolve(PID));
      Files.deleteIfExists(abs.resolve(PROPS));
    } catch (IOException e) {
      throw new TabuloException("cannot use directory " + dir + ": " + e.getMessage(), e);
    }
    List<String> cmd = new ArrayList<>();
    for (String setsid : List.of("/usr/bin/setsid", "/bin/setsid")) {
      if (Files.isExecutable(Path.of(setsid))) {
        cmd.add(setsid); // its own session: no hang-up when the terminal closes
        break;
      }
    }
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add(MARKER + abs); // first, so it is within the 4 kB of command line the JDK reports
    cmd.addAll(List.of("-Xmx192m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData"));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(MiniClusterDaemon.class.getName());
    cmd.add(abs.toString());
    cmd.add(Integer.toString(tservers));
    Path log = abs.resolve(LOG);
    String password = MiniCluster.randomPassword();
    AccumuloProps.secret(password);
    long t0 = System.nanoTime();
    Process p;
    try {
      p = new ProcessBuilder(cmd).directory(abs.toFile()).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
      try (OutputStream in = p.getOutputStream()) {
        in.write((password + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new TabuloException("cannot start mini-accumulo: " + e.getMessage(), e);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    try {
      while (true) {
        if (Files.exists(abs.resolve(PID))) {
          return new Started(p.pid(), abs.resolve(PROPS), (System.nanoTime() - t0) / 1_000_000);
        }
        if (!p.isAlive()) {
          throw new TabuloException("mini-accumulo failed to start (exit " + p.exitValue() + "); see " + log);
        }
        if (System.nanoTime() > deadline) {
          p.destroy();
          throw new TabuloException("mini-accumulo did not start within " + timeoutSeconds + " s; see " + log);
        }
        Thread.sleep(100);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroy();
      throw new TabuloException("interrupted while starting mini-accumulo", e);
    }
  }

  /** The daemon running in DIR, if any (its pid file names a live process running this class). */
  public static Optional<ProcessHandle> daemon(Path dir) {
    List<Long> pids = pids(dir);
    if (pids.isEmpty()) {
      return Optional.empty();
    }
    return ProcessHandle.of(pids.get(0)).filter(ProcessHandle::isAlive)
        .filter(h -> h.info().commandLine().map(c -> c.contains(MARKER)).orElse(true));
  }

  private static List<Long> pids(Path dir) {
    Path f = dir.toAbsolutePath().resolve(PID);
    List<Long> out = new ArrayList<>();
    try {
      for (String l : Files.readAllLines(f)) {
        if (!l.isBlank()) {
          out.add(Long.parseLong(l.trim()));
        }
      }
    } catch (IOException | NumberFormatException e) {
      return List.of();
    }
    return out;
  }

  /** Stops the cluster in DIR; returns false if none was running. Waits until its processes are gone. */
  public static boolean stop(Path dir, long timeoutSeconds) {
    Path abs = dir.toAbsolutePath();
    if (!Files.exists(abs.resolve(PID))) {
      return false;
    }
    List<Long> pids = pids(abs);
    Optional<ProcessHandle> d = daemon(abs);
    boolean wasRunning = d.isPresent();
    if (d.isPresent()) {
      ProcessHandle h = d.get();
      h.destroy(); // SIGTERM: the shutdown hook stops the cluster
      try {
        h.onExit().get(timeoutSeconds, TimeUnit.SECONDS);
      } catch (Exception e) {
        h.destroyForcibly();
      }
    }
    // cluster processes left behind (the daemon was killed, or its stop gave up)
    List<ProcessHandle> left = new ArrayList<>();
    for (Long pid : pids.subList(Math.min(1, pids.size()), pids.size())) {
      ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
          .filter(h -> h.info().command().map(c -> c.endsWith("java")).orElse(false))
          .ifPresent(left::add);
    }
    for (ProcessHandle h : left) {
      wasRunning = true;
      h.destroy();
    }
    for (ProcessHandle h : left) {
      try {
        h.onExit().get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        h.destroyForcibly();
      }
    }
    try {
      Files.deleteIfExists(abs.resolve(PID));
    } catch (IOException e) {
      throw new TabuloException("cannot remove " + abs.resolve(PID) + ": " + e.getMessage(), e);
    }
    return wasRunning;
  }
}
