package tabulo.algorithms.resident;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;

import tabulo.kernel.KernelCounters;
import tabulo.ops.ResultSplits;
import tabulo.ops.Session;
import tabulo.rfile.CellFields;
import tabulo.storage.Cells;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.SortedLoader;
import tabulo.storage.TableSettings;

/**
 * A graph table's structure held in this process as CSR arrays, read once, for a graph algorithm that
 * would otherwise read the table again every round (each PageRank round reads all of G) or write
 * intermediate tables (the undirected structure, degree vectors). {@link Resident} says when a graph is
 * held; outside this package it is only handed from there to an algorithm's in-memory version.
 *
 * <p>Vertices are the row and column keys (a column is {@code family:qualifier}, or the qualifier of the empty family), numbered in key order (UTF-8
 * bytes, the tables' order), so the smallest id is the smallest key. Every visible cell is an edge, its
 * value ignored (the structure, as {@code apply(ONE)}) unless the graph was read with its values
 * ({@link #weights}), for an algorithm that reads edge lengths.
 */
public final class ResidentGraph {
  private static final byte[] EMPTY = new byte[0];
  private final byte[][] keys;
  private final int[] offsets;
  private final int[] targets;
  private final double[] weights;
  private final boolean symmetric; // known to equal its transpose (else unknown)

  ResidentGraph(byte[][] keys, int[] offsets, int[] targets) {
    this(keys, offsets, targets, null);
  }

  /** With {@code weights}: each edge's value, beside {@link #targets} (null: the structure only). */
  ResidentGraph(byte[][] keys, int[] offsets, int[] targets, double[] weights) {
    this(keys, offsets, targets, weights, false);
  }

  /** With {@code symmetric}: known to have an edge (v, u) for each edge (u, v), so {@link #transposed} is itself. */
  ResidentGraph(byte[][] keys, int[] offsets, int[] targets, double[] weights, boolean symmetric) {
    this.keys = keys;
    this.offsets = offsets;
    this.targets = targets;
    this.weights = weights;
    this.symmetric = symmetric;
  }

  /** Whether this graph is known to be its own transpose (an undirected graph stored both ways). */
  boolean knownSymmetric() {
    return symmetric;
  }

  /** Whether the structure is its own transpose, found by transposing it (for a graph not yet known to be). */
  boolean isSymmetric() {
    if (symmetric) {
      return true;
    }
    ResidentGraph t = transposed();
    return Arrays.equals(offsets, t.offsets) && Arrays.equals(targets, t.targets);
  }

  /** The number of vertices. */
  int vertices() {
    return keys.length;
  }

  /** The number of edges (cells). */
  int edges() {
    return offsets[keys.length];
  }

  /** The key of vertex {@code v}. */
  byte[] key(int v) {
    return keys[v];
  }

  /** Where vertex v's out-edges start in {@link #targets}; {@code offsets()[v + 1]} is where they end. */
  int[] offsets() {
    return offsets;
  }

  /** The target vertex of every edge, grouped by source. */
  int[] targets() {
    return targets;
  }

  /**
   * Every edge's value as the session's codec reads it, beside {@link #targets}, NaN for a value it cannot
   * read; null when the graph was read without its values.
   */
  double[] weights() {
    return weights;
  }

  /** The vertex whose key is {@code key}, or -1. */
  int find(byte[] key) {
    int lo = 0;
    int hi = keys.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = Arrays.compareUnsigned(keys[mid], key);
      if (c == 0) {
        return mid;
      }
      if (c < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return -1;
  }

  /**
   * G ∪ G^T without self-loops: each vertex's neighbours once, in key order (the structure the undirected
   * algorithms use).
   */
  ResidentGraph undirected() {
    return withTranspose(false);
  }

  /**
   * G ∪ G^T, self-loops kept: each vertex's neighbours in either direction once, in key order (the structure
   * of an undirected search, whose degrees count a self-loop).
   */
  ResidentGraph symmetric() {
    return withTranspose(true);
  }

  private ResidentGraph withTranspose(boolean loops) {
    int n = keys.length;
    int[] count = new int[n + 1];
    for (int u = 0; u < n; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        if (targets[k] != u) {
          count[u + 1]++;
          count[targets[k] + 1]++;
        } else if (loops) {
          count[u + 1]++;
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
        } else if (loops) {
          both[fill[u]++] = u;
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
   * G^T: each vertex's in-edges as its targets, their sources in id order (a counting sort of the edges by
   * target, taken in source order); no weights, or this graph when it is {@link #knownSymmetric}.
   */
  ResidentGraph transposed() {
    if (symmetric) {
      return this;
    }
    int n = keys.length;
    int[] off = new int[n + 1];
    for (int t : targets) {
      off[t + 1]++;
    }
    for (int v = 0; v < n; v++) {
      off[v + 1] += off[v];
    }
    int[] fill = Arrays.copyOf(off, n);
    int[] sources = new int[targets.length];
    for (int u = 0; u < n; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        sources[fill[targets[k]]++] = u;
      }
    }
    return new ResidentGraph(keys, off, sources);
  }

  /**
   * Vertex ranges [from, to) of about equal edges plus vertices, at most {@code count}, in order: for a pass
   * over each vertex's edges split over workers.
   */
  List<int[]> edgeStretches(int count) {
    long total = (long) keys.length + targets.length;
    List<int[]> out = new ArrayList<>();
    int from = 0;
    for (int u = 0; u < keys.length; u++) {
      long done = (long) u + 1 + offsets[u + 1];
      if (done * count >= total * (out.size() + 1) && u + 1 < keys.length) {
        out.add(new int[] {from, u + 1});
        from = u + 1;
      }
    }
    out.add(new int[] {from, keys.length});
    return out;
  }

  /**
   * This graph with the row keys of table {@code table} added as vertices (those already here change
   * nothing; the others have no edge): for a vertex set larger than G's keys, such as LDBC's .v file.
   */
  ResidentGraph withVerticesOf(Session s, String table) {
    List<byte[]> listed = new ArrayList<>();
    try (Scan scan = s.store().scan(table, ScanSpec.all().auths(s.auths()))) {
      Cells cells = scan.cells(); // the cells' bytes in place, no Key per cell
      byte[] last = null;
      for (CellFields c = cells.next(); c != null; c = cells.next()) {
        if (last == null || !Arrays.equals(last, 0, last.length, c.row(), 0, c.rowLength())) {
          last = Arrays.copyOf(c.row(), c.rowLength());
          listed.add(last); // rows come in key order, each once per cell
        }
      }
    }
    // merge the two sorted key lists; old[v] is vertex v's new number
    List<byte[]> merged = new ArrayList<>(keys.length + listed.size());
    int[] old = new int[keys.length];
    int i = 0;
    int j = 0;
    while (i < keys.length || j < listed.size()) {
      int c = i == keys.length ? 1 : j == listed.size() ? -1 : Arrays.compareUnsigned(keys[i], listed.get(j));
      if (c <= 0) {
        old[i] = merged.size();
        merged.add(keys[i++]);
        j += c == 0 ? 1 : 0;
      } else {
        merged.add(listed.get(j++));
      }
    }
    if (merged.size() == keys.length) {
      return this;
    }
    int[] off = new int[merged.size() + 1];
    for (int v = 0; v < keys.length; v++) {
      off[old[v] + 1] = offsets[v + 1] - offsets[v];
    }
    for (int v = 0; v < merged.size(); v++) {
      off[v + 1] += off[v];
    }
    int[] renumbered = new int[targets.length];
    for (int k = 0; k < targets.length; k++) {
      renumbered[k] = old[targets[k]]; // edges keep their order: sources and targets only renumbered, in order
    }
    return new ResidentGraph(merged.toArray(new byte[0][]), off, renumbered, weights, symmetric);
  }

  /**
   * Vertex ranges [from, to) of about equal work (the neighbours' degrees summed: what a pass that meets
   * each neighbour's neighbours costs), at most {@code count}, in order: for a pass split over workers.
   */
  List<int[]> stretches(int count) {
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
  static void publish(Session s, String out, String role, String near, ToLongFunction<String> fill) {
    s.checkCancelled();
    String staged = s.workspace(out).create(role, TableSettings.defaults().splits(ResultSplits.of(s.store(), near)));
    KernelCounters written = new KernelCounters();
    written.entriesWritten.set(fill.applyAsLong(staged));
    s.tellRunEnded(written);
    s.checkCancelled();
    s.store().rename(staged, out);
  }

  /** {@link #publish}es OUT(u, v) = {@code value.apply(e)} for each edge e = (u, v) (null: no cell). */
  void publishEdges(Session s, String out, String role, String near, IntFunction<byte[]> value) {
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
  void publishVector(Session s, String out, String role, String near, String column,
      IntFunction<byte[]> value) {
    publishColumns(s, out, role, near, List.of(column), (v, c) -> value.apply(v));
  }

  /** A vertex's value in its {@code column}-th column, or null: no cell. */
  interface VertexValue {
    byte[] apply(int vertex, int column);
  }

  /**
   * {@link #publish}es OUT(v, {@code columns[c]}) = {@code value.apply(v, c)} for each vertex v and column
   * (null: no cell); {@code columns} in key order.
   */
  void publishColumns(Session s, String out, String role, String near, List<String> columns, VertexValue value) {
    byte[][] qualifiers = new byte[columns.size()][];
    for (int c = 0; c < qualifiers.length; c++) {
      qualifiers[c] = columns.get(c).getBytes(StandardCharsets.UTF_8);
      if (c > 0 && Arrays.compareUnsigned(qualifiers[c - 1], qualifiers[c]) >= 0) {
        throw new IllegalArgumentException("columns not in key order: " + columns);
      }
    }
    publish(s, out, role, near, staged -> {
      long cells = 0;
      try (SortedLoader loader = s.store().bulkLoad(staged)) {
        for (int v = 0; v < keys.length; v++) {
          for (int c = 0; c < qualifiers.length; c++) {
            byte[] x = value.apply(v, c);
            if (x != null) {
              loader.append(keys[v], EMPTY, qualifiers[c], EMPTY, 0, x);
              cells++;
            }
          }
        }
      }
      return cells;
    });
  }
}
