package tabulo.ops;

import java.util.Arrays;
import java.util.function.IntFunction;

import tabulo.kernel.KernelCounters;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;

/**
 * A graph table's structure held in this process as CSR arrays, read once, for an iterative algorithm
 * that would otherwise read the table again every round (PageRank's 20 to 100 rounds each read all of
 * G). Only where the kernels run in this process ({@link Session#holdsGraphsInMemory}): tablet servers
 * keep nothing between kernel runs, and there the algorithms compute every round in tables.
 *
 * <p>Vertices are the row and column keys (a column is {@code family:qualifier}, or the qualifier of the empty family), numbered in key order (UTF-8
 * bytes, the tables' order), so the smallest id is the smallest key. Every visible cell is an edge, its
 * value ignored (the structure, as {@code apply(ONE)}). A graph with a labelled cell is not held: a result
 * cell must carry the labels of the cells it came from, which the table kernels do.
 */
public final class ResidentGraph {
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
    Session s = g.session();
    if (!s.holdsGraphsInMemory() || s.store().info(g.table()).knownEntries() > 2 * maxEdges) {
      return null; // stored entries count versions and deletes too: only far too many is a reason not to try
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
   * Writes OUT(u, v) = {@code value.apply(e)} for each edge e = (u, v) (null: no cell) into a new table of
   * the session's workspace near {@code out}, split like {@code near}; returns its name.
   */
  public String writeEdges(Session s, String out, String role, String near, IntFunction<byte[]> value) {
    String into = s.workspace(out).create(role, TableSettings.defaults().splits(s.store().splits(near)));
    byte[] empty = new byte[0];
    KernelCounters written = new KernelCounters();
    try (SortedLoader loader = s.store().bulkLoad(into)) {
      for (int u = 0; u < keys.length; u++) {
        for (int e = offsets[u]; e < offsets[u + 1]; e++) { // targets in key order: the cells' order
          byte[] x = value.apply(e);
          if (x != null) {
            loader.append(keys[u], empty, keys[targets[e]], empty, 0, x);
            written.entriesWritten.incrementAndGet();
          }
        }
      }
    }
    s.tellRunEnded(written); // a command reports the cells OUT holds from its last run's counters
    return into;
  }

  /**
   * Writes OUT(v, {@code column}) = {@code value.apply(v)} (a stored value; null: no cell) into the new
   * table {@code into} of the session's workspace near {@code out}, split like {@code near}; returns its name.
   */
  public String write(Session s, String out, String role, String near, String column, IntFunction<byte[]> value) {
    Store store = s.store();
    String into = s.workspace(out).create(role, TableSettings.defaults().splits(store.splits(near)));
    byte[] empty = new byte[0];
    byte[] qualifier = column.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    KernelCounters written = new KernelCounters();
    try (SortedLoader loader = store.bulkLoad(into)) {
      for (int v = 0; v < keys.length; v++) {
        byte[] x = value.apply(v);
        if (x != null) {
          loader.append(keys[v], empty, qualifier, empty, 0, x);
          written.entriesWritten.incrementAndGet();
        }
      }
    }
    s.tellRunEnded(written);
    return into;
  }
}
