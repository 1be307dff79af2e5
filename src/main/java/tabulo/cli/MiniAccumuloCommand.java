package tabulo.cli;

import java.nio.file.Path;
import java.util.Optional;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.accumulo.MiniClusterDaemon;
import tabulo.storage.TabuloException;

@Command(name = "mini-accumulo", description = {"A local Apache Accumulo 2.1 instance to try Tabulo on.",
    "A MiniAccumuloCluster: ZooKeeper, a manager, tablet servers and a garbage collector, each a JVM."},
    subcommands = {MiniAccumuloCommand.Start.class, MiniAccumuloCommand.Stop.class, MiniAccumuloCommand.Status.class})
final class MiniAccumuloCommand implements Runnable {
  @ParentCommand
  Main main;

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a subcommand is required (start, stop, status)");
  }

  @Command(name = "start", description = {"Start a MiniAccumuloCluster in DIR, running in the background.",
      "DIR is created if needed. Returns once the cluster is ready (about 10 s), " +
      "leaving it in a detached JVM (log DIR/" + MiniClusterDaemon.LOG + ", data DIR/"
          + MiniClusterDaemon.CLUSTER + ").",
      "Writes DIR/" + MiniClusterDaemon.PROPS + " (mode 600) for user root with a " +
      "random password: 'tabulo --accumulo DIR/" + MiniClusterDaemon.PROPS + " ...'.",
      "Private: DIR/" + MiniClusterDaemon.CLUSTER + " is mode 700, files holding a secret 600; " +
      "its servers listen on 127.0.0.1 only (use it from this machine).",
      "Memory: about 0.3 GB plus 0.4 GB per tablet server.",
      "Stop it with 'mini-accumulo stop DIR'. Prints: started<TAB>PROPERTIES<TAB>PID."})
  static final class Start implements Runnable {
    @ParentCommand
    MiniAccumuloCommand parent;

    @Parameters(index = "0", paramLabel = "DIR")
    Path dir;

    @Option(names = "--tservers", paramLabel = "N", description = "Tablet servers (default ${DEFAULT-VALUE}).")
    int tservers = 1;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Give up after this long (default ${DEFAULT-VALUE}).")
    long timeout = 180;

    @Override
    public void run() {
      MiniClusterDaemon.Started s = MiniClusterDaemon.start(dir, tservers, timeout);
      parent.main.out().println("started\t" + s.properties() + "\t" + s.pid());
    }
  }

  @Command(name = "stop", description = {"Stop the MiniAccumuloCluster in DIR; waits for its processes to end.",
      "Its files stay in DIR (a stopped cluster cannot be started again).",
      "Prints: stopped<TAB>DIR."})
  static final class Stop implements Runnable {
    @ParentCommand
    MiniAccumuloCommand parent;

    @Parameters(index = "0", paramLabel = "DIR")
    Path dir;

    @Override
    public void run() {
      if (!MiniClusterDaemon.stop(dir, 60)) {
        throw new TabuloException("no mini-accumulo is running in " + dir);
      }
      parent.main.out().println("stopped\t" + dir);
    }
  }

  @Command(name = "status", description = {"Whether a MiniAccumuloCluster started by 'start' runs in DIR.",
      "Prints running<TAB>PROPERTIES<TAB>PID, or stopped (exit 0 either way)."})
  static final class Status implements Runnable {
    @ParentCommand
    MiniAccumuloCommand parent;

    @Parameters(index = "0", paramLabel = "DIR")
    Path dir;

    @Override
    public void run() {
      Optional<ProcessHandle> d = MiniClusterDaemon.daemon(dir);
      if (d.isPresent()) {
        parent.main.out().println("running\t" + dir.toAbsolutePath().resolve(MiniClusterDaemon.PROPS) + "\t" + d.get().pid());
      } else {
        parent.main.out().println("stopped");
      }
    }
  }
}
