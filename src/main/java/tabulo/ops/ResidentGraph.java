package tabulo.ops;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;

import tabulo.kernel.KernelCounters;
import tabulo.storage.SortedLoader;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;

/**
 * A graph table's structure held in this process as CSR arrays, read once, for a graph algorithm that
 * would otherwise read the table again every round (PageRank's 20 to 100 rounds each read all of G) or
 * write intermediate tables (the undirected structure, degree vectors). Only where the kernels run next to
 * the data in this process ({@link Session#holdsGraphsInMemory}): tablet servers keep nothing between
 * kernel runs, and there the algorithms compute in tables.
 *
 * <p>Vertices are the row and column keys (a column is {@code family:qualifier}, or the qualifier of the empty family), numbered in key order (UTF-8
 * bytes, the tables' order), so the smallest id is the smallest key. Every visible cell is an edge, its
 * value ignored (the structure, as {@code apply(ONE)}). A graph with a labelled cell is not held: a result
 * cell must carry the labels of the cells it came from, which the table kernels do.
 */
public final class ResidentGraph {
  private static final byte[] EMPTY = new byte[0];
  private final byte[][] keys;
  private final int[] offsets;
  private final int[] targets;

  ResidentGraph(byte[][] keys, int[] offsets, int[] targets) {
    this.keys = keys;
    this.offsets = offsets;
    this.targets = targets;
  }

  /**
   * The structure of {@code g} as the session's reader sees it, or null when it is not to be held: the
   * session does not hold graphs in memory, a visible cell is labelled, or it has more than
   * {@code maxEdges} cells (read up to there).
   */
  public static ResidentGraph load(Matrix g, long maxEdges) {
    return load(g, maxEdges, null);
  }

  /**
   * As {@link #load}, for an algorithm writing {@code out}: null also unless OUT is a plain new table (a
   * mask, an accumulator, a temporary or an existing table: the operations' way, and their errors).
   */
  public static ResidentGraph loadFor(Matrix g, Target out) {
    boolean plainNew = out.mask() == null && out.accum() == null && out.table() != null
        && !g.session().store().exists(out.table());
    return plainNew ? load(g, defaultMaxEdges(), out.table()) : null;
  }

  private static ResidentGraph load(Matrix g, long maxEdges, String out) {
    Session s = g.session();
    if (!s.holdsGraphsInMemory() || s.store().info(g.table()).knownEntries() > 2 * maxEdges) {
      return null; // stored entries count versions and deletes too: only far too many is a reason not to try
    }
    if (out != null) {
      TableNames.checkUserTable(out); // before the graph is read
    }
    return ResidentGraphLoader.load(s, g.table(), maxEdges);
  }

  /** The largest graph, in cells, held in memory: about 1/64 of the heap (its arrays and keys fit twice over). */
  public static long defaultMaxEdges() {
    return Runtime.getRuntime().maxMemory() / 64;
  }

  /** The number of vertices. */
  public int vertices() {
    return keys.length;
  }

  /** The number of edges (cells). */
  public int edges() {
    return offsets[keys.length];
  }

  /** The key of vertex {@code v}. */
  public byte[] key(int v) {
    return keys[v];
  }

  /** Where vertex v's out-edges start in {@link #targets}; {@code offsets()[v + 1]} is where they end. */
  public int[] offsets() {
    return offsets;
  }

  /** The target vertex of every edge, grouped by source. */
  public int[] targets() {
    return targets;
  }

  /**
   * G ∪ G^T without self-loops: each vertex's neighbours once, in key order (the structure the undirected
   * algorithms use).
   */
  public ResidentGraph undirected() {
    int n = keys.length;
    int[] count = new int[n + 1];
    for (int u = 0; u < n; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        if (targets[k] != u) {
          count[u + 1]++;
          count[targets[k] + 1]++;
        }
      }
    }
    for (int v = 0; v < n; v++) {
      count[v + 1] += count[v];
    }
    int[] fill = Arrays.copyOf(count, n);
    int[] both = new int[count[n]];
    for (int u = 0; u < n; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        int v = targets[k];
        if (v != u) {
          both[fill[u]++] = v;
          both[fill[v]++] = u;
        }
      }
    }
    int[] off = new int[n + 1];
    int kept = 0;
    for (int u = 0; u < n; u++) { // sorted, an edge stored both ways kept once
      Arrays.sort(both, count[u], count[u + 1]);
      off[u] = kept;
      for (int k = count[u]; k < count[u + 1]; k++) {
        if (k == count[u] || both[k] != both[k - 1]) {
          both[kept++] = both[k];
        }
      }
    }
    off[n] = kept;
    return new ResidentGraph(keys, off, Arrays.copyOf(both, kept));
  }

  /**
   * Vertex ranges [from, to) of about equal work (the neighbours' degrees summed: what a pass that meets
   * each neighbour's neighbours costs), at most {@code count}, in order: for a pass split over workers.
   */
  public List<int[]> stretches(int count) {
    long total = 0;
    for (int target : targets) {
      total += offsets[target + 1] - offsets[target];
    }
    List<int[]> out = new ArrayList<>();
    long done = 0;
    int from = 0;
    for (int u = 0; u < keys.length; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        done += offsets[targets[k] + 1] - offsets[targets[k]];
      }
      if (done * count >= total * (out.size() + 1) && u + 1 < keys.length) {
        out.add(new int[] {from, u + 1});
        from = u + 1;
      }
    }
    out.add(new int[] {from, keys.length});
    return out;
  }

  /**
   * Publishes the new table {@code out}: {@code fill} writes a staged table of the session's workspace
   * (named by {@code role}, split like {@code near}) and returns the cells it wrote, which the session's
   * run listener hears as a kernel run's (a command reports what OUT holds); then the staged table is
   * renamed to OUT, whole, unless the session was cancelled meanwhile.
   */
  public static void publish(Session s, String out, String role, String near, ToLongFunction<String> fill) {
    s.checkCancelled();
    String staged = s.workspace(out).create(role, TableSettings.defaults().splits(ResultSplits.of(s.store(), near)));
    KernelCounters written = new KernelCounters();
    written.entriesWritten.set(fill.applyAsLong(staged));
    s.tellRunEnded(written);
    s.checkCancelled();
    s.store().rename(staged, out);
  }

  /** {@link #publish}es OUT(u, v) = {@code value.apply(e)} for each edge e = (u, v) (null: no cell). */
  public void publishEdges(Session s, String out, String role, String near, IntFunction<byte[]> value) {
    publish(s, out, role, near, staged -> {
      long cells = 0;
      try (SortedLoader loader = s.store().bulkLoad(staged)) {
        for (int u = 0; u < keys.length; u++) {
          for (int e = offsets[u]; e < offsets[u + 1]; e++) { // targets in key order: the cells' order
            byte[] x = value.apply(e);
            if (x != null) {
              loader.append(keys[u], EMPTY, keys[targets[e]], EMPTY, 0, x);
              cells++;
            }
          }
        }
      }
      return cells;
    });
  }

  /** {@link #publish}es OUT(v, {@code column}) = {@code value.apply(v)} for each vertex v (null: no cell). */
  public void publishVector(Session s, String out, String role, String near, String column,
      IntFunction<byte[]> value) {
    byte[] qualifier = column.getBytes(StandardCharsets.UTF_8);
    publish(s, out, role, near, staged -> {
      long cells = 0;
      try (SortedLoader loader = s.store().bulkLoad(staged)) {
        for (int v = 0; v < keys.length; v++) {
          byte[] x = value.apply(v);
          if (x != null) {
            loader.append(keys[v], EMPTY, qualifier, EMPTY, 0, x);
            cells++;
          }
        }
      }
      return cells;
    });
  }
}
