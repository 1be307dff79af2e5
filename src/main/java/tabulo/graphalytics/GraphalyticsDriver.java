package tabulo.graphalytics;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import tabulo.algorithms.resident.VertexValues;
import tabulo.ops.Session;
import tabulo.ops.Workspace;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * LDBC Graphalytics' driver: loads a dataset (or reuses the loaded copy while its files are unchanged),
 * runs one algorithm with the dataset's parameters, writes LDBC's output file and optionally validates it
 * against a reference output, timing each part.
 */
public final class GraphalyticsDriver {
  /**
   * A run: DATASET (the path without extension), the algorithm, the output file, the reference output or
   * null, whether to compute in tables, the graph's table name or null (from the dataset's name).
   */
  public record RunOptions(String dataset, Algorithm algorithm, Path output, Path expected, boolean inTables,
      String as, BooleanSupplier cancelled) {}

  /** What {@link #load} did: the stamp of the graph now loaded, whether it was loaded now, how long it took. */
  public record Loaded(LoadedGraph graph, LoadedGraph.Stamp stamp, boolean fresh, double seconds) {}

  private GraphalyticsDriver() {}

  /**
   * Loads {@code dataset} into graph {@code as} (null: named after the dataset), unless it is loaded there
   * with the same files and {@code always} is false.
   */
  public static Loaded load(Store store, String dataset, String as, boolean always, BooleanSupplier cancelled) {
    long start = System.nanoTime();
    Dataset d = Dataset.open(dataset);
    LoadedGraph g = as != null ? LoadedGraph.named(as) : LoadedGraph.of(d);
    Workspace.clearDeadRuns(store); // a load killed while replacing the graph: finished before its stamp is read
    LoadedGraph.Stamp stamp = g.stamp(store);
    boolean fresh = always || stamp == null || !stamp.fingerprint().equals(d.fingerprint());
    if (fresh) {
      stamp = DatasetLoader.load(store, d, g, cancelled);
    }
    return new Loaded(g, stamp, fresh, (System.nanoTime() - start) / 1e9);
  }

  /** Runs one algorithm as {@code o} says. */
  public static RunReport run(Store store, RunOptions o) {
    long start = System.nanoTime();
    Dataset d = Dataset.open(o.dataset());
    Algorithm.Parameters p = o.algorithm().parameters(d); // a missing parameter is an error before any load
    Loaded loaded = load(store, o.dataset(), o.as(), false, o.cancelled());
    LoadedGraph.Stamp stamp = loaded.stamp();
    if (o.algorithm() == Algorithm.SSSP && !stamp.negativeWeight().isEmpty()) {
      throw new TabuloException(stamp.negativeWeight() + " (sssp needs weights of 0 or more)");
    }
    long processing = System.nanoTime();
    // a user table (some algorithms refuse reserved names for OUT), dropped at the end
    String result = loaded.graph().edges() + "_" + o.algorithm().label() + "_" + Long.toHexString(System.nanoTime());
    try (Session s = Session.open(store).inMemory(!o.inTables()).inMemoryFromAfar(true)
        .cancelled(o.cancelled())) {
      VertexValues held = AlgorithmRunner.inMemory(s, loaded.graph(), stamp.directed(), o.algorithm(), p);
      if (held != null) {
        HeldOutputWriter.write(s, loaded.graph(), held, o.algorithm(), p.source(), o.output());
      } else {
        AlgorithmRunner.run(s, loaded.graph(), stamp.directed(), o.algorithm(), p, result);
        OutputWriter.write(s, loaded.graph(), result, o.algorithm(), p.source(), o.output());
      }
    } finally {
      if (store.exists(result)) {
        store.delete(result);
      }
    }
    long end = System.nanoTime();
    String difference = o.expected() == null ? null
        : Validator.firstDifference(o.algorithm(), o.expected(), o.output());
    return new RunReport(d.name(), o.algorithm().label(), loaded.graph().edges(), loaded.fresh(),
        stamp.vertexCount(), stamp.edgeCount(), loaded.seconds(),
        (end - processing) / 1e9, (end - start) / 1e9, o.expected() == null ? null : difference == null,
        difference);
  }
}
