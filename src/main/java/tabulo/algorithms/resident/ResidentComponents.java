package tabulo.algorithms.resident;

import tabulo.algorithms.Components;
import tabulo.algorithms.IterationListener;
import tabulo.ops.Matrix;
import tabulo.ops.Session;

/**
 * {@link Components} over G's arrays by union-find: every edge joins its ends' parts (in either direction;
 * union by the smaller root, path halving), so a part's root is its smallest id, hence its smallest key;
 * one pass over the edges, reported as one round, then each vertex's root key written in key order.
 */
public final class ResidentComponents {
  private ResidentComponents() {}

  /** The components of {@code g} (read from {@code table}) into the new table {@code out}; returns 1. */
  public static int run(ResidentGraph g, Matrix table, String out, IterationListener listener) {
    Session s = table.session();
    components(g, listener).publish(s, out, "components", table.table(), Components.COLUMN);
    return 1;
  }

  /** Each vertex's component of {@code g}, as the key of its root (its smallest vertex). */
  public static VertexValues components(ResidentGraph g, IterationListener listener) {
    int[] root = unionFind(g);
    listener.iteration(1, root.length);
    return VertexValues.keys(g, root, null);
  }

  /** Each vertex's part as its smallest vertex id (edges joined in either direction; self-loops change nothing). */
  private static int[] unionFind(ResidentGraph g) {
    int[] parent = new int[g.vertices()];
    for (int v = 0; v < parent.length; v++) {
      parent[v] = v;
    }
    int[] offsets = g.offsets();
    int[] targets = g.targets();
    for (int u = 0; u < parent.length; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        int a = find(parent, u);
        int b = find(parent, targets[k]);
        if (a < b) {
          parent[b] = a;
        } else if (b < a) {
          parent[a] = b;
        }
      }
    }
    for (int v = 0; v < parent.length; v++) {
      parent[v] = parent[parent[v]]; // roots are smaller than their members, so one pass in id order flattens
    }
    return parent;
  }

  private static int find(int[] parent, int v) {
    while (parent[v] != v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  }
}
