package tabulo.algorithms.resident;

import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.storage.TableNames;

/**
 * When a graph algorithm computes over G held in this process ({@link ResidentGraph}) instead of in tables.
 * Each algorithm asks first and runs its in-memory version when it gets a graph:
 * {@code ResidentGraph held = Resident.graphFor(g); if (held != null) return ResidentX.run(held, ...);}.
 * G is held only when
 * <ul>
 * <li>the session allows it and its kernels run in this process ({@link Session#holdsGraphsInMemory}):
 * tablet servers keep nothing between kernel runs, so there the algorithms compute in tables;
 * <li>no cell the reader sees is labelled: a result cell must carry the labels of the cells it came from,
 * which the table kernels do;
 * <li>the reader sees at most {@link #maxEdges} cells, a 64th of the heap's size in bytes (a table storing
 * more than twice as many entries, versions and deletes included, is not read at all);
 * <li>for an algorithm writing a {@link Target}: OUT is a plain new table (a mask, an accumulator, a
 * temporary or an existing table take the operations' way, and their errors).
 * </ul>
 * A held graph is taken from its image beside the table when one is current ({@link ResidentImage}, made
 * by {@link #keepImage}), and read from the table otherwise.
 */
public final class Resident {
  private Resident() {}

  /** G held in memory, or null: compute in tables. */
  public static ResidentGraph graphFor(Matrix g) {
    return graphFor(g, maxEdges());
  }

  /** As {@link #graphFor(Matrix)}, for an algorithm writing {@code out}; OUT's name is checked before G is read. */
  public static ResidentGraph graphFor(Matrix g, Target out) {
    return graphFor(g, out, false);
  }

  /**
   * As {@link #graphFor(Matrix, Target)}, with each edge's value read by the session's codec too (for an
   * algorithm over edge lengths; NaN where the codec cannot read a value).
   */
  public static ResidentGraph weightedGraphFor(Matrix g, Target out) {
    return graphFor(g, out, true);
  }

  /** As {@link #graphFor(Matrix)}, with each edge's value read by the session's codec too. */
  public static ResidentGraph weightedGraphFor(Matrix g) {
    return load(g, maxEdges(), null, true);
  }

  private static ResidentGraph graphFor(Matrix g, Target out, boolean values) {
    boolean plainNew = out.mask() == null && out.accum() == null && out.table() != null
        && !g.session().store().exists(out.table());
    return plainNew ? load(g, maxEdges(), out.table(), values) : null;
  }

  /** As {@link #graphFor(Matrix)} with a bound of {@code maxEdges} cells (read up to there). */
  static ResidentGraph graphFor(Matrix g, long maxEdges) {
    return load(g, maxEdges, null, false);
  }

  private static ResidentGraph load(Matrix g, long maxEdges, String out, boolean values) {
    Session s = g.session();
    if (!s.holdsGraphsInMemory() || s.store().info(g.table()).knownEntries() > 2 * maxEdges) {
      return null; // stored entries count versions and deletes too: only far too many is a reason not to try
    }
    if (out != null) {
      TableNames.checkUserTable(out); // before the graph is read
    }
    ResidentGraph kept = ResidentImage.read(s, g.table(), maxEdges, values);
    return kept != null ? kept : ResidentGraphLoader.load(s, g.table(), maxEdges, values);
  }

  /**
   * Reads graph table {@code table} as an algorithm held in memory would (with each edge's value by the
   * session's codec too when {@code values}) and keeps its image beside the table ({@link ResidentImage}),
   * so that later algorithms on it, in this process or another, take its arrays from there while the table
   * is unchanged instead of reading every cell. Returns whether it kept one: not on a host without side
   * files (Accumulo), for a graph not held in memory (labelled cells, too many edges), or when the table
   * changed while it was read. For a writer of the store.
   */
  public static boolean keepImage(Session s, String table, boolean values) {
    return ResidentImage.write(s, table, maxEdges(), values);
  }

  /** The largest graph, in cells, held in memory: about 1/64 of the heap (its arrays and keys fit twice over). */
  private static long maxEdges() {
    return Runtime.getRuntime().maxMemory() / 64;
  }
}
