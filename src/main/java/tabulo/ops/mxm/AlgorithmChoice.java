package tabulo.ops.mxm;

import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.storage.Store;
import tabulo.storage.TableInfo;
import tabulo.storage.TabuloException;

/**
 * Which algorithm a multiply runs, and why. {@code --algorithm auto} picks the outer product only when A
 * is given as the outer product needs it (A^T B: A's rows are the shared dimension) and B has at most
 * 1/{@value #SMALL_B_FRACTION} of A's entries: row-by-row would first copy all of A transposed, while
 * the outer product reads only the rows of A that B's rows name. Otherwise row-by-row: it writes each
 * entry of C once where the outer product writes every partial product (measured 3x faster on Graph500
 * A^T B at SCALE 12-16, its transpose of A included). Entry counts come from {@link Store#info}; when
 * the host will not give them, row-by-row.
 *
 * <p>The counts cannot tell how many partial products B's rows will meet in A (a hub row of A meets
 * many): the fraction is measured, on a Graph500 SCALE 14 A (228,160 entries) and B made of some of its
 * rows, embedded: B at 1/1,140 of A, outer 1.05 s, row-by-row 1.45 s; at 1/256 (A's hub rows, 2.2M
 * partial products) 1.38 s and 1.58 s; at 1/114, even; at 1/23 (12M partial products) 3.4 s and 2.3 s.
 */
public record AlgorithmChoice(Algorithm algorithm, String reason) {
  /** B at most this fraction of A's entries counts as small. */
  static final int SMALL_B_FRACTION = 256;

  /** The algorithm for {@code options}, naming the one asked for or choosing one when it is auto. */
  static AlgorithmChoice of(Store store, String a, String b, MxmOptions options) {
    if (options.algorithm != Algorithm.AUTO) {
      return new AlgorithmChoice(options.algorithm, "asked for");
    }
    if (!options.transposeA) {
      return auto(false, 0, 0);
    }
    TableInfo infoA;
    TableInfo infoB;
    try {
      infoA = store.info(a);
      infoB = store.info(b);
    } catch (TabuloException e) { // Accumulo lets only administrators read file figures
      return new AlgorithmChoice(Algorithm.ROWWISE, "auto: table sizes unknown");
    }
    if (uncounted(infoA) || uncounted(infoB)) {
      return new AlgorithmChoice(Algorithm.ROWWISE, "auto: table sizes unknown (bulk-imported files not yet counted)");
    }
    return auto(true, infoA.entries(), infoB.entries());
  }

  /** Bytes on disk but no entries: Accumulo counts a bulk-imported file's entries only once compacted. */
  private static boolean uncounted(TableInfo info) {
    return info.entries() == 0 && info.bytes() > 0;
  }

  /** The rule of {@code --algorithm auto}, on what it looks at. */
  static AlgorithmChoice auto(boolean transposeA, long entriesA, long entriesB) {
    if (!transposeA) {
      return new AlgorithmChoice(Algorithm.ROWWISE, "auto: A B is row-by-row's native form");
    }
    String sizes = String.format("nnz(B) %,d, nnz(A) %,d", entriesB, entriesA);
    if (entriesB * SMALL_B_FRACTION <= entriesA) {
      return new AlgorithmChoice(Algorithm.OUTER, "auto: A^T B with B small (" + sizes
          + "): the outer product reads A as stored, row-by-row would copy all of A transposed first");
    }
    return new AlgorithmChoice(Algorithm.ROWWISE, "auto: A^T B with B not below 1/" + SMALL_B_FRACTION
        + " of A (" + sizes + "): row-by-row writes each entry of C once, the outer product every partial product");
  }
}
