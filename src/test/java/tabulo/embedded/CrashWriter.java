package tabulo.embedded;

import java.nio.file.Path;
import java.util.List;

import org.apache.accumulo.core.data.Mutation;

import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * The child process of {@link CrashSafetyTest}: writes numbered batches forever, printing
 * {@code ACK n} after batch n's flush returned (so batch n is promised durable), with flushes and
 * compactions mixed in, until it is killed.
 */
public final class CrashWriter {
  static final int ROWS_PER_BATCH = 40;
  static final int HOT_ROWS = 5;

  public static void main(String[] args) throws Exception {
    Path db = Path.of(args[0]);
    long batch = Long.parseLong(args[1]);
    EngineOptions options = EngineOptions.defaults().memtableBytes(256 << 10).writerBufferBytes(16 << 10)
        .maxFilesPerTablet(4);
    EmbeddedStore store = EmbeddedStore.open(db, EmbeddedStore.ROOT, options);
    if (!store.exists("t")) {
      store.create("t", TableSettings.defaults().splits(List.of("b", "m")));
    }
    System.out.println("READY");
    System.out.flush();
    TableWriter w = store.writer("t");
    for (;; batch++) {
      for (Mutation m : batch(batch)) {
        w.addMutation(m);
      }
      w.flush();
      System.out.println("ACK " + batch);
      System.out.flush();
      if (batch % 7 == 0) {
        store.flush("t");
      }
      if (batch % 23 == 0) {
        store.compact("t");
      }
    }
  }

  static String row(long batch, int j) {
    // spread over the tablets: rows start with a, c..l, or n..z
    char lead = "acdefghnoprstuvwxyz".charAt((int) ((batch * 7 + j) % 19));
    return String.format("%c%08d-%02d", lead, batch, j);
  }

  static String value(long batch, int j) {
    return "v" + batch + "-" + j;
  }

  /** Batch n: ROWS_PER_BATCH new rows, the hot rows overwritten with n, and (n >= 5) a delete of a row of batch n-5. */
  static List<Mutation> batch(long n) {
    List<Mutation> out = new java.util.ArrayList<>();
    for (int j = 0; j < ROWS_PER_BATCH; j++) {
      Mutation m = new Mutation(row(n, j));
      m.put("", "q", value(n, j));
      out.add(m);
    }
    for (int h = 0; h < HOT_ROWS; h++) {
      Mutation m = new Mutation("hot" + h);
      m.put("", "q", Long.toString(n));
      out.add(m);
    }
    if (n >= 5) {
      Mutation d = new Mutation(row(n - 5, 0));
      d.putDelete("", "q");
      out.add(d);
    }
    return out;
  }
}
