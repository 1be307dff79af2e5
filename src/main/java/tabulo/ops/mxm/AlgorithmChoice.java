package tabulo.ops.mxm;

import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableInfo;
import tabulo.storage.TabuloException;

/**
 * Which algorithm a multiply runs, and why. {@code --algorithm auto} picks the outer product only when A
 * is at hand as the outer product needs it (A^T B: A's rows are the shared dimension; or A B with a table
 * known to hold A^T, such as D4M's TedgeT) and B has at most 1/{@value #SMALL_B_FRACTION} of A's entries:
 * then the outer product looks up only the rows of A that B's rows name (a frontier vector v in
 * u = A^T v reads only the rows of A at v's keys), while row-by-row would first copy all of A transposed
 * (or, for A B, read all of A). Otherwise row-by-row: it writes each entry of C once where the outer
 * product writes every partial product (faster on Graph500 A^T B, its
 * transpose of A included), it copies only a small A transposed (v^T A reads only the rows of A at v's
 * keys), and it applies a mask in its accumulator, where the outer product computes every partial product
 * and masks its result afterwards (so with a mask, row-by-row unless B is small: then the outer product's
 * result is small too). Entry counts come from {@link Store#info}; when the host will not give them,
 * row-by-row. An outer product asked for only needs to know whether B is small: a small B is counted by
 * reading it, and A only up to the fraction.
 *
 * <p>The counts cannot tell how many partial products B's rows will meet in A (a hub row of A meets
 * many): the fraction was chosen by timing both algorithms on a Graph500 A and a B made of some of its
 * rows, embedded: the outer product wins when B is a small fraction of A and loses once B is a few per
 * cent of it (docs/benchmarks.md).
 *
 * @param lookupRows the outer product looks up A's rows by B's row keys rather than reading A over the
 *     span of each unit's rows (B is small, so its rows are few and far between in A)
 */
public record AlgorithmChoice(Algorithm algorithm, String reason, boolean lookupRows) {
  /** B at most this fraction of A's entries counts as small. */
  static final int SMALL_B_FRACTION = 256;

  public AlgorithmChoice(Algorithm algorithm, String reason) {
    this(algorithm, reason, false);
  }

  /** The algorithm for {@code options}, naming the one asked for or choosing one when it is auto. */
  static AlgorithmChoice of(Store store, String a, String b, MxmOptions options) {
    return of(store, a, b, options, false, false);
  }

  /**
   * The same for a multiply through a mask ({@code masked}), knowing whether a table holding A^T exists
   * ({@code transposeKnown}).
   */
  public static AlgorithmChoice of(Store store, String a, String b, MxmOptions options, boolean masked,
      boolean transposeKnown) {
    boolean outerNative = options.transposeA || transposeKnown;
    if (options.algorithm == Algorithm.ROWWISE || (options.algorithm == Algorithm.AUTO && !outerNative)) {
      return options.algorithm == Algorithm.AUTO ? auto(false, 0, 0, masked)
          : new AlgorithmChoice(Algorithm.ROWWISE, "asked for");
    }
    if (options.algorithm == Algorithm.OUTER) {
      Boolean small = smallByCounting(store, a, b);
      if (small != null) {
        return asked(masked, small);
      }
    }
    TableInfo infoA;
    TableInfo infoB;
    try {
      infoA = store.info(a);
      infoB = store.info(b);
    } catch (TabuloException e) { // Accumulo lets only administrators read file figures
      return options.algorithm == Algorithm.OUTER ? asked(masked, false)
          : new AlgorithmChoice(Algorithm.ROWWISE, "auto: table sizes unknown");
    }
    if (uncounted(infoA) || uncounted(infoB)) {
      return options.algorithm == Algorithm.OUTER ? asked(masked, false)
          : new AlgorithmChoice(Algorithm.ROWWISE, "auto: table sizes unknown (bulk-imported files not yet counted)");
    }
    if (options.algorithm == Algorithm.OUTER) {
      return asked(masked, small(infoA.entries(), infoB.entries()));
    }
    AlgorithmChoice c = auto(true, infoA.entries(), infoB.entries(), masked);
    if (c.algorithm() == Algorithm.OUTER && !options.transposeA) {
      return new AlgorithmChoice(c.algorithm(), c.reason().replace("auto: A^T B with", "auto: A B, A^T stored, with")
          .replace("row-by-row would copy all of A transposed first", "row-by-row would read all of A"), true);
    }
    return c;
  }

  private static AlgorithmChoice asked(boolean masked, boolean lookupRows) {
    return new AlgorithmChoice(Algorithm.OUTER, masked ? "asked for; it computes every partial product, then "
        + "masks the result" : "asked for", lookupRows);
  }

  /** B at most this many entries is counted by reading it (and A up to the fraction): no flush, no file figures. */
  static final int COUNTED_B = 4096;

  /**
   * Whether B is small beside A, counted by reading B and at most {@link #SMALL_B_FRACTION} times as many
   * of A's entries; null when B has more than {@link #COUNTED_B} (then the host's figures answer). An
   * iterative algorithm multiplies small tables each round, where figures would flush both every time.
   */
  private static Boolean smallByCounting(Store store, String a, String b) {
    long entriesB = store.countUpTo(b, ScanSpec.all(), COUNTED_B + 1);
    if (entriesB > COUNTED_B) {
      return null;
    }
    long bound = entriesB * SMALL_B_FRACTION;
    return store.countUpTo(a, ScanSpec.all(), bound) >= bound;
  }

  private static boolean small(long entriesA, long entriesB) {
    return entriesB * SMALL_B_FRACTION <= entriesA;
  }

  /** Bytes on disk but no entries: Accumulo counts a bulk-imported file's entries only once compacted. */
  private static boolean uncounted(TableInfo info) {
    return info.entries() == 0 && info.bytes() > 0;
  }

  /** The rule of {@code --algorithm auto}, on what it looks at, without a mask. */
  static AlgorithmChoice auto(boolean transposeA, long entriesA, long entriesB) {
    return auto(transposeA, entriesA, entriesB, false);
  }

  /** The rule of {@code --algorithm auto}, on what it looks at. */
  static AlgorithmChoice auto(boolean transposeA, long entriesA, long entriesB, boolean masked) {
    if (!transposeA) {
      return new AlgorithmChoice(Algorithm.ROWWISE, "auto: A B is row-by-row's native form"
          + (masked ? ", and it applies the mask in its accumulator" : ""));
    }
    String sizes = String.format("nnz(B) %,d, nnz(A) %,d", entriesB, entriesA);
    if (small(entriesA, entriesB)) {
      return new AlgorithmChoice(Algorithm.OUTER, "auto: A^T B with B small (" + sizes
          + "): the outer product looks up only the rows of A that B's rows name, row-by-row would copy all of A "
          + "transposed first" + (masked ? "; the mask applies to its small result afterwards" : ""), true);
    }
    if (masked) {
      return new AlgorithmChoice(Algorithm.ROWWISE, "auto: a mask (" + sizes + "): row-by-row skips masked-out "
          + "columns in its accumulator, the outer product would compute every partial product and mask afterwards");
    }
    if (small(entriesB, entriesA)) {
      return new AlgorithmChoice(Algorithm.ROWWISE, "auto: A^T B with A small (" + sizes + "): row-by-row copies "
          + "only A transposed and fetches only the rows of B that A's rows name");
    }
    return new AlgorithmChoice(Algorithm.ROWWISE, "auto: A^T B with B not below 1/" + SMALL_B_FRACTION
        + " of A (" + sizes + "): row-by-row writes each entry of C once, the outer product every partial product");
  }
}
