package tabulo.embedded;

import java.nio.file.Path;
import java.util.List;

import org.apache.accumulo.core.data.Mutation;

import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * The writing child of {@link ReadersBesideWriterTest}: in round k it sets every row of each group to k
 * (one group per tablet, one flushed batch each), prints {@code ACK k} once both are durable, and now
 * and then flushes and compacts, so files come and go while readers run. Runs until killed.
 */
public final class RoundWriter {
  static final String[] GROUPS = {"a", "n"}; // table t is split at m: one group per tablet
  static final int ROWS = 10;

  public static void main(String[] args) throws Exception {
    EngineOptions options = EngineOptions.defaults().memtableBytes(64 << 10).maxFilesPerTablet(3);
    try (EmbeddedStore store = EmbeddedStore.open(Path.of(args[0]), EmbeddedStore.ROOT, options)) {
      store.create("t", TableSettings.defaults().splits(List.of("m")));
      System.out.println("READY");
      System.out.flush();
      for (int k = 1;; k++) {
        for (String g : GROUPS) {
          try (TableWriter w = store.writer("t")) {
            for (int r = 0; r < ROWS; r++) {
              Mutation m = new Mutation(g + r);
              m.put("", "v", Integer.toString(k));
              m.put("", "pad", "x".repeat(200));
              w.addMutation(m);
            }
          }
        }
        System.out.println("ACK " + k);
        System.out.flush();
        if (k % 5 == 0) {
          store.flush("t");
        }
        if (k % 11 == 0) {
          store.compact("t");
        }
      }
    }
  }
}
