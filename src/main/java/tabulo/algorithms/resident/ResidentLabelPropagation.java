package tabulo.algorithms.resident;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tabulo.algorithms.LabelPropagation;
import tabulo.ops.Matrix;
import tabulo.ops.Session;

/**
 * {@link LabelPropagation} over G's arrays: the neighbour lists built once (undirected: each neighbour once;
 * directed: out- then in-neighbours, so a neighbour linked both ways twice; self-loops left out), labels held
 * as ranks in label order; each round sorts a vertex's neighbours' labels and takes the longest run, the
 * first (smallest) of equally long ones. The same rounds as in tables, ending early alike.
 */
public final class ResidentLabelPropagation {
  private ResidentLabelPropagation() {}

  /** The labels of {@code g} (read from {@code table}) into the new table {@code out}; returns the rounds run. */
  public static int run(ResidentGraph g, Matrix table, String out, LabelPropagation.Options o) {
    Labels l = labels(g, table, o);
    l.labels().publish(table.session(), out, "cdlp", table.table(), LabelPropagation.COLUMN);
    return l.rounds();
  }

  /** Each vertex's label (a vertex's key), and the rounds run. */
  public record Labels(VertexValues labels, int rounds) {}

  /** The labels of {@code g} (read from {@code table}). */
  public static Labels labels(ResidentGraph g, Matrix table, LabelPropagation.Options o) {
    Session s = table.session();
    int n = g.vertices();
    List<String> keys = new ArrayList<>(n);
    for (int v = 0; v < n; v++) {
      keys.add(new String(g.key(v), StandardCharsets.UTF_8));
    }
    int[] label = LabelPropagation.ranksInLabelOrder(keys);
    int[] byRank = new int[n]; // the vertex of each label's rank
    for (int v = 0; v < n; v++) {
      byRank[label[v] - 1] = v;
    }
    int[][] neighbours = o.directed() ? directed(g) : undirected(g);
    int round = 0;
    while (round < o.iterations()) {
      s.checkCancelled();
      round++;
      int[] next = new int[n];
      long changed = 0;
      for (int v = 0; v < n; v++) {
        next[v] = neighbours[v].length == 0 ? label[v] : mostFrequent(neighbours[v], label);
        changed += next[v] != label[v] ? 1 : 0;
      }
      label = next;
      o.listener().iteration(round, changed);
      if (changed == 0) {
        break;
      }
    }
    int[] labelVertex = new int[n];
    for (int v = 0; v < n; v++) {
      labelVertex[v] = byRank[label[v] - 1];
    }
    return new Labels(VertexValues.keys(g, labelVertex, null), round);
  }

  /** The most frequent of the neighbours' labels, the smallest of equally frequent ones. */
  private static int mostFrequent(int[] neighbours, int[] label) {
    int[] seen = new int[neighbours.length];
    for (int k = 0; k < seen.length; k++) {
      seen[k] = label[neighbours[k]];
    }
    Arrays.sort(seen);
    int best = seen[0];
    int most = 0;
    for (int start = 0, end; start < seen.length; start = end) {
      for (end = start + 1; end < seen.length && seen[end] == seen[start];) {
        end++;
      }
      if (end - start > most) { // only longer: an equally long later run has a larger label
        most = end - start;
        best = seen[start];
      }
    }
    return best;
  }

  /** Each vertex's out-neighbours then in-neighbours, self-loops left out. */
  private static int[][] directed(ResidentGraph g) {
    int n = g.vertices();
    int[] offsets = g.offsets();
    int[] targets = g.targets();
    int[] degree = new int[n];
    for (int u = 0; u < n; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        if (targets[k] != u) {
          degree[u]++;
          degree[targets[k]]++;
        }
      }
    }
    int[][] neighbours = new int[n][];
    for (int v = 0; v < n; v++) {
      neighbours[v] = new int[degree[v]];
      degree[v] = 0; // now the fill position
    }
    for (int u = 0; u < n; u++) {
      for (int k = offsets[u]; k < offsets[u + 1]; k++) {
        int v = targets[k];
        if (v != u) {
          neighbours[u][degree[u]++] = v;
          neighbours[v][degree[v]++] = u;
        }
      }
    }
    return neighbours;
  }

  /** Each vertex's neighbours in G ∪ G^T, each once, self-loops left out. */
  private static int[][] undirected(ResidentGraph g) {
    int[][] both = directed(g);
    for (int v = 0; v < both.length; v++) {
      int[] ns = both[v];
      Arrays.sort(ns);
      int distinct = 0;
      for (int k = 0; k < ns.length; k++) {
        if (k == 0 || ns[k] != ns[k - 1]) {
          ns[distinct++] = ns[k];
        }
      }
      both[v] = Arrays.copyOf(ns, distinct);
    }
    return both;
  }
}
