package tabulo.partition;

/**
 * An undirected graph in compressed form with {@link #CONSTRAINTS} weights per vertex and a cost per edge,
 * the input of the {@link Partitioner}. Each edge is stored in both directions; vertex {@code v}'s
 * neighbours are {@code adj[start[v] .. start[v+1])} with costs {@code cost[...]} at the same positions.
 */
public final class WeightedGraph {
  /** Weights per vertex: nnz(A), nnz(B), nnz(C) in the SpGEMM model. */
  public static final int CONSTRAINTS = 3;

  final int n;
  final int[] start;
  final int[] adj;
  final long[] cost;
  final long[] weight; // vertex v, constraint c at v * CONSTRAINTS + c

  WeightedGraph(int n, int[] start, int[] adj, long[] cost, long[] weight) {
    this.n = n;
    this.start = start;
    this.adj = adj;
    this.cost = cost;
    this.weight = weight;
  }

  public int vertices() {
    return n;
  }

  long weight(int v, int c) {
    return weight[v * CONSTRAINTS + c];
  }

  /** The sum of each constraint's weights over all vertices. */
  long[] totals() {
    long[] t = new long[CONSTRAINTS];
    for (int v = 0; v < n; v++) {
      for (int c = 0; c < CONSTRAINTS; c++) {
        t[c] += weight(v, c);
      }
    }
    return t;
  }

  /** The cost of the edges whose ends lie in different parts (each edge counted once). */
  public long cut(int[] part) {
    long twice = 0;
    for (int v = 0; v < n; v++) {
      for (int e = start[v]; e < start[v + 1]; e++) {
        if (part[adj[e]] != part[v]) {
          twice += cost[e];
        }
      }
    }
    return twice / 2;
  }
}
