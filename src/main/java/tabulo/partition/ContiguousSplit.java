package tabulo.partition;

import java.util.Arrays;

/**
 * The split RRp and Graphulo use: the row keys of A and B together (A's row i and B's row i are one key when
 * they share it), in key order, cut into K ranges of equal numbers of keys (n/K rounded down or up): the key of
 * rank r (0-based, of n) goes to part floor(r K / n), and every row with that key with it.
 */
public final class ContiguousSplit {
  private ContiguousSplit() {}

  public static Assignment of(BipartiteModel m, int parts) {
    byte[][] a = m.aKeys;
    byte[][] b = m.bKeys;
    int[] rankA = new int[a.length];
    int[] rankB = new int[b.length];
    int i = 0;
    int j = 0;
    int rank = 0;
    while (i < a.length || j < b.length) {
      int cmp = i == a.length ? 1 : j == b.length ? -1 : Arrays.compareUnsigned(a[i], b[j]);
      if (cmp <= 0) {
        rankA[i++] = rank;
      }
      if (cmp >= 0) {
        rankB[j++] = rank;
      }
      rank++;
    }
    int keys = rank;
    int[] ofA = new int[a.length];
    int[] ofB = new int[b.length];
    for (int p = 0; p < a.length; p++) {
      ofA[p] = partOf(rankA[p], keys, parts);
    }
    for (int p = 0; p < b.length; p++) {
      ofB[p] = partOf(rankB[p], keys, parts);
    }
    return new Assignment(parts, ofA, ofB);
  }

  private static int partOf(int rank, int keys, int parts) {
    return (int) ((long) rank * parts / keys);
  }
}
