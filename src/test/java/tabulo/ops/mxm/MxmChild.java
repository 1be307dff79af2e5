package tabulo.ops.mxm;

import java.nio.file.Path;

import tabulo.embedded.EmbeddedStore;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmSettings;

/** The child process of {@link MxmRestartTest}: runs one multiply until it finishes or is killed. */
public final class MxmChild {
  public static void main(String[] args) {
    try (EmbeddedStore store = EmbeddedStore.open(Path.of(args[0]), EmbeddedStore.ROOT)) {
      System.out.println("STARTED");
      System.out.flush();
      Mxm.multiply(store, "A", "B", "C", MxmOptions.defaults().algorithm(Algorithm.valueOf(args[1])).transposeA(true),
          MxmSettings.defaults().batchRows(200));
      System.out.println("DONE");
    }
  }
}
