package tabulo.ops;

import java.util.regex.Pattern;

import org.apache.accumulo.core.data.Mutation;

import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableWriter;

/** Makes the runs of this process look killed to the next run, as after kill -9 (their markers are left). */
public final class DeadRuns {
  private static final Pattern MARKER = Pattern.compile(Pattern.quote(TableNames.RESERVED_PREFIX + "run_")
      + "[0-9a-f]{16}(_[0-9a-f]{8}_[0-9a-f]+_[0-9a-f]+)?");

  private DeadRuns() {}

  /** Every run marker in {@code store} now names a process that has ended (embedded engine: a write is stamped newer than the ones before). */
  public static void markDead(Store store) throws Exception {
    Process p = new ProcessBuilder("true").start();
    long started = p.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(1L);
    p.waitFor();
    for (String t : store.tables()) {
      if (MARKER.matcher(t).matches()) {
        try (TableWriter w = store.writer(t)) {
          Mutation m = new Mutation("owner");
          m.put("", "host", Workspace.Owner.current().host()); // a marker not given its owner yet gets one too
          m.put("", "pid", Long.toString(p.pid())); // stamped newer than the run's own owner row
          m.put("", "started", Long.toString(started));
          w.addMutation(m);
        }
      }
    }
  }
}
