package tabulo.partition;

import java.util.Arrays;
import java.util.List;

/**
 * What each part of an assignment costs the row-by-row multiply when a part is one server and fetches each B
 * row it needs once (one batch per part): entries of A it reads, entries of B it reads from its own server and
 * from others, partial products it computes and entries of C it writes. Exact on the model.
 */
public final class PartCosts {
  /** One part's costs. */
  public record Part(long aEntries, long localB, long remoteB, long partialProducts, long cEntries) {}

  private PartCosts() {}

  /** Each part on a server of its own. */
  public static Part[] of(BipartiteModel m, Assignment p) {
    return of(m, p, p.parts());
  }

  /**
   * Part k on server k mod {@code servers} ({@code tabulo.accumulo.AlignedBalancer}'s placement of a table's
   * k-th tablet): a B row is local to a part when its own part is on the same server.
   */
  public static Part[] of(BipartiteModel m, Assignment p, int servers) {
    long[][] c = new long[p.parts()][5];
    int[] seen = new int[m.rowsOfB()]; // 1: the part fetched row j already
    for (int i = 0; i < m.rowsOfA(); i++) {
      int k = p.ofA()[i];
      long[] w = c[k];
      w[0] += m.nnzA[i];
      w[4] += m.nnzC[i];
      for (int q = m.aStart[i]; q < m.aStart[i + 1]; q++) {
        w[3] += m.nnzB[m.aCol[q]];
      }
    }
    // the B rows each part needs, once: a pass per part (parts' rows interleave in key order)
    for (int k = 0; k < p.parts(); k++) {
      Arrays.fill(seen, 0);
      for (int i = 0; i < m.rowsOfA(); i++) {
        if (p.ofA()[i] != k) {
          continue;
        }
        for (int q = m.aStart[i]; q < m.aStart[i + 1]; q++) {
          int j = m.aCol[q];
          if (seen[j] == 0) {
            seen[j] = 1;
            c[k][p.ofB()[j] % servers == k % servers ? 1 : 2] += m.nnzB[j];
          }
        }
      }
    }
    Part[] out = new Part[p.parts()];
    for (int k = 0; k < p.parts(); k++) {
      out[k] = new Part(c[k][0], c[k][1], c[k][2], c[k][3], c[k][4]);
    }
    return out;
  }

  /**
   * Rows in the key ranges of tables split at {@code splits} (ascending): part t holds the keys above split t-1
   * up to split t inclusive, as an Accumulo tablet ends at its split point; rows of A and B with one key go to
   * one part, as tables split alike place them.
   */
  public static Assignment bySplits(BipartiteModel m, List<byte[]> splits) {
    int[] ofA = new int[m.rowsOfA()];
    int[] ofB = new int[m.rowsOfB()];
    for (int i = 0; i < ofA.length; i++) {
      ofA[i] = range(m.aKeys[i], splits);
    }
    for (int j = 0; j < ofB.length; j++) {
      ofB[j] = range(m.bKeys[j], splits);
    }
    return new Assignment(splits.size() + 1, ofA, ofB);
  }

  private static int range(byte[] key, List<byte[]> splits) {
    int t = 0;
    while (t < splits.size() && Arrays.compareUnsigned(key, splits.get(t)) > 0) {
      t++;
    }
    return t;
  }
}
