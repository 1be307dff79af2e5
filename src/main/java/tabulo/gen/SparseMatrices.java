package tabulo.gen;

import java.util.SplittableRandom;

import tabulo.math.CsrMatrix;
import tabulo.math.Monoids;
import tabulo.math.Triples;

/**
 * Generated matrices for partitioning benchmarks and tests: the 2D Poisson stiffness matrix, a plain
 * aggregation prolongator for it (an AMG setup's A P), a random sparse matrix and Graph500 graphs.
 */
public final class SparseMatrices {
  private SparseMatrices() {}

  /** The 5-point Laplacian on an n x n grid, rows in natural (row-major) order: 4 on the diagonal, -1 off. */
  public static CsrMatrix poisson2d(int n) {
    Triples t = new Triples();
    for (int y = 0; y < n; y++) {
      for (int x = 0; x < n; x++) {
        int i = y * n + x;
        t.add(i, i, 4);
        if (x > 0) {
          t.add(i, i - 1, -1);
        }
        if (x < n - 1) {
          t.add(i, i + 1, -1);
        }
        if (y > 0) {
          t.add(i, i - n, -1);
        }
        if (y < n - 1) {
          t.add(i, i + n, -1);
        }
      }
    }
    return CsrMatrix.of(n * n, n * n, t, Monoids.PLUS);
  }

  /** The 7-point Laplacian on an n x n x n mesh, rows in natural order: 6 on the diagonal, -1 off. */
  public static CsrMatrix poisson3d(int n) {
    Triples t = new Triples();
    int[][] steps = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (int z = 0; z < n; z++) {
      for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
          int i = (z * n + y) * n + x;
          t.add(i, i, 6);
          for (int[] d : steps) {
            int xx = x + d[0];
            int yy = y + d[1];
            int zz = z + d[2];
            if (xx >= 0 && xx < n && yy >= 0 && yy < n && zz >= 0 && zz < n) {
              t.add(i, (zz * n + yy) * n + xx, -1);
            }
          }
        }
      }
    }
    return CsrMatrix.of(n * n * n, n * n * n, t, Monoids.PLUS);
  }

  /**
   * Plain aggregation on the n x n grid: aggregates of {@code block x block} points, P(i, agg(i)) = 1, the
   * tentative prolongator of smoothed aggregation (pyamg's first step). Aggregates numbered row-major.
   */
  public static CsrMatrix aggregation2d(int n, int block) {
    int per = (n + block - 1) / block;
    Triples t = new Triples();
    for (int y = 0; y < n; y++) {
      for (int x = 0; x < n; x++) {
        t.add(y * n + x, (y / block) * per + x / block, 1);
      }
    }
    return CsrMatrix.of(n * n, per * per, t, Monoids.PLUS);
  }

  /** A rows x cols matrix with {@code perRow} entries per row at uniformly random columns (duplicates merged). */
  public static CsrMatrix random(int rows, int cols, int perRow, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Triples t = new Triples();
    for (int i = 0; i < rows; i++) {
      for (int e = 0; e < perRow; e++) {
        t.add(i, r.nextInt(cols), 1);
      }
    }
    return CsrMatrix.of(rows, cols, t, Monoids.PLUS);
  }

  /** A Graph500 graph at {@code scale}: edge factor 16, no permutation (Graphulo's experiment), duplicates merged. */
  public static CsrMatrix graph500(int scale, long seed) {
    return graph500(scale, seed, false);
  }

  /** As {@link #graph500(int, long)}, with {@code permute} the vertices relabelled (`gen graph500 --permute`). */
  public static CsrMatrix graph500(int scale, long seed, boolean permute) {
    return EdgeCounts.of(new Graph500(Graph500.Options.ofScale(scale).withSeed(seed).withPermute(permute)))
        .toMatrix();
  }
}
