package tabulo.partition;

import java.nio.charset.StandardCharsets;

import tabulo.math.CsrMatrix;

/**
 * Demirci and Aykanat's 3-constraint bipartite model of C = A B (section 4): a vertex u_i per row of A with
 * weights (nnz(a_i), 0, nnz(c_i)), a vertex v_j per row of B with weights (0, nnz(b_j), 0), and an edge
 * (u_i, v_j) per nonzero a_ij costing nnz(b_j), the B entries fetched if row i and row j lie in different
 * parts. A column of A with no row in B is a B vertex of weight 0 (its edges cost nothing).
 *
 * <p>Rows are numbered in key order ({@code aKeys}, {@code bKeys} sorted, unsigned bytes), the order a part's
 * rows are read in. In the {@link #graph()} vertex {@code i < rowsOfA()} is u_i and {@code rowsOfA() + j} is
 * v_j.
 */
public final class BipartiteModel {
  final byte[][] aKeys;
  final byte[][] bKeys;
  final int[] aStart; // row i of A: its distinct columns as B rows aCol[aStart[i] .. aStart[i+1])
  final int[] aCol;
  final long[] nnzA;
  final long[] nnzB;
  final long[] nnzC;

  BipartiteModel(byte[][] aKeys, byte[][] bKeys, int[] aStart, int[] aCol, long[] nnzA, long[] nnzB,
      long[] nnzC) {
    this.aKeys = aKeys;
    this.bKeys = bKeys;
    this.aStart = aStart;
    this.aCol = aCol;
    this.nnzA = nnzA;
    this.nnzB = nnzB;
    this.nnzC = nnzC;
  }

  /**
   * The model of in-memory matrices (benchmarks, tests): row i of either is keyed by i in fixed-width
   * decimal, so key order is index order and A's row i and B's row i share a key.
   */
  public static BipartiteModel of(CsrMatrix a, CsrMatrix b) {
    if (a.cols() != b.rows()) {
      throw new IllegalArgumentException("cannot multiply " + a.rows() + " x " + a.cols() + " by " + b.rows()
          + " x " + b.cols());
    }
    int[] aStart = new int[a.rows() + 1];
    int[] aCol = new int[a.nnz()];
    long[] nnzA = new long[a.rows()];
    for (int i = 0; i < a.rows(); i++) {
      aStart[i + 1] = a.rowStart(i + 1);
      nnzA[i] = a.rowLength(i);
      for (int p = a.rowStart(i); p < a.rowStart(i + 1); p++) {
        aCol[p] = a.col(p);
      }
    }
    int[] bStart = new int[b.rows() + 1];
    int[] bCol = new int[b.nnz()];
    long[] nnzB = new long[b.rows()];
    for (int j = 0; j < b.rows(); j++) {
      bStart[j + 1] = b.rowStart(j + 1);
      nnzB[j] = b.rowLength(j);
      for (int q = b.rowStart(j); q < b.rowStart(j + 1); q++) {
        bCol[q] = b.col(q);
      }
    }
    long[] nnzC = SymbolicProduct.rowCounts(a.rows(), aStart, aCol, bStart, bCol, b.cols());
    return new BipartiteModel(indexKeys(a.rows()), indexKeys(b.rows()), aStart, aCol, nnzA, nnzB, nnzC);
  }

  private static byte[][] indexKeys(int n) {
    byte[][] keys = new byte[n][];
    for (int i = 0; i < n; i++) {
      keys[i] = String.format("%010d", i).getBytes(StandardCharsets.UTF_8);
    }
    return keys;
  }

  public int rowsOfA() {
    return aKeys.length;
  }

  public int rowsOfB() {
    return bKeys.length;
  }

  public byte[] keyOfA(int i) {
    return aKeys[i];
  }

  public byte[] keyOfB(int j) {
    return bKeys[j];
  }

  public long edges() {
    return aCol.length;
  }

  /** The graph the partitioner sees: A vertices first, then B vertices, each edge in both directions. */
  public WeightedGraph graph() {
    int m = rowsOfA();
    int n = m + rowsOfB();
    int[] degree = new int[n + 1];
    for (int i = 0; i < m; i++) {
      degree[i + 1] = aStart[i + 1] - aStart[i];
    }
    for (int j : aCol) {
      degree[m + j + 1]++;
    }
    int[] start = new int[n + 1];
    for (int v = 0; v < n; v++) {
      start[v + 1] = start[v] + degree[v + 1];
    }
    int[] next = java.util.Arrays.copyOf(start, n);
    int[] adj = new int[start[n]];
    long[] cost = new long[start[n]];
    for (int i = 0; i < m; i++) {
      for (int p = aStart[i]; p < aStart[i + 1]; p++) {
        int j = aCol[p];
        int e = next[i]++;
        adj[e] = m + j;
        cost[e] = nnzB[j];
        int f = next[m + j]++;
        adj[f] = i;
        cost[f] = nnzB[j];
      }
    }
    long[] weight = new long[n * WeightedGraph.CONSTRAINTS];
    for (int i = 0; i < m; i++) {
      weight[i * 3] = nnzA[i];
      weight[i * 3 + 2] = nnzC[i];
    }
    for (int j = 0; j < rowsOfB(); j++) {
      weight[(m + j) * 3 + 1] = nnzB[j];
    }
    return new WeightedGraph(n, start, adj, cost, weight);
  }

  /** A partition of {@link #graph()}'s vertices as parts of A's and B's rows. */
  public Assignment assignment(int parts, int[] vertexPart) {
    int m = rowsOfA();
    return new Assignment(parts, java.util.Arrays.copyOf(vertexPart, m),
        java.util.Arrays.copyOfRange(vertexPart, m, m + rowsOfB()));
  }

  /** Eq. (2): the summed cost nnz(b_j) of the nonzeros a_ij whose row i and row j lie in different parts. */
  public long cut(Assignment p) {
    long cut = 0;
    for (int i = 0; i < rowsOfA(); i++) {
      for (int q = aStart[i]; q < aStart[i + 1]; q++) {
        if (p.ofB()[aCol[q]] != p.ofA()[i]) {
          cut += nnzB[aCol[q]];
        }
      }
    }
    return cut;
  }

  /** Per part the entries of A, B and C it holds: {@code [part][0..2]}. */
  public long[][] loads(Assignment p) {
    long[][] w = new long[p.parts()][3];
    for (int i = 0; i < rowsOfA(); i++) {
      w[p.ofA()[i]][0] += nnzA[i];
      w[p.ofA()[i]][2] += nnzC[i];
    }
    for (int j = 0; j < rowsOfB(); j++) {
      w[p.ofB()[j]][1] += nnzB[j];
    }
    return w;
  }

  /** Total entries of A, B and C. */
  public long[] totals() {
    long[] t = new long[3];
    for (int i = 0; i < rowsOfA(); i++) {
      t[0] += nnzA[i];
      t[2] += nnzC[i];
    }
    for (long b : nnzB) {
      t[1] += b;
    }
    return t;
  }
}
