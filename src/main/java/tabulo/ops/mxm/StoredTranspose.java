package tabulo.ops.mxm;

import tabulo.d4m.IngestedPair;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * The table holding A^T that a multiply of tables reads instead of copying A transposed: the one the
 * caller names ({@link MxmSettings#aTranspose}), or A's D4M transpose when the ingest made the pair
 * ({@link IngestedPair}); with the evidence, or why none is used, for the output.
 *
 * @param table the table holding A^T, or null
 * @param why the evidence for it, or why none is used
 */
public record StoredTranspose(String table, String why) {
  /** The transpose of table {@code a} to use under {@code s}. */
  public static StoredTranspose of(Store store, String a, MxmSettings s) {
    if (s.aTranspose != null) {
      return named(store, a, s.aTranspose);
    }
    if (!s.findTranspose) {
      return new StoredTranspose(null, "no stored A^T looked for");
    }
    IngestedPair p = IngestedPair.of(store, a);
    return new StoredTranspose(p.transpose(), p.why());
  }

  /**
   * How row-by-row reads B under {@code s}: from B's D4M transpose when it can use it, that is when B's
   * columns are filtered ({@code cols}: the transpose's selected rows hold exactly the cells of B the product
   * reads) and ingest made the pair (its cells have empty families, so a row of the transpose names one
   * column of B); else as stored.
   */
  public static MxmPlan.Reads forB(Store store, String b, KeySpec cols, MxmSettings s) {
    if (!s.findTranspose || cols.isAll()) {
      return MxmPlan.Reads.STORED;
    }
    IngestedPair p = IngestedPair.of(store, b);
    return p.transpose() == null ? MxmPlan.Reads.STORED
        : MxmPlan.Reads.STORED.rightTransposed(p.transpose(), IngestedPair.entriesInColumns(store, b, cols));
  }

  /**
   * A table the caller says holds A^T: refused when it cannot be (the tables hold different numbers of
   * entries where both are counted), since a wrong transpose would silently give a wrong C.
   */
  private static StoredTranspose named(Store store, String a, String t) {
    if (!store.exists(t)) {
      throw new TabuloException("--a-transpose: no such table: " + t);
    }
    if (t.equals(a)) {
      throw new TabuloException("--a-transpose: " + t + " is A itself (name the table holding A^T)");
    }
    long na;
    long nt;
    try {
      na = store.info(a).knownEntries();
      nt = store.info(t).knownEntries();
    } catch (TabuloException e) {
      return new StoredTranspose(t, "named with --a-transpose (entry counts unknown here, not compared)");
    }
    if (na >= 0 && nt >= 0 && na != nt) {
      throw new TabuloException(String.format("--a-transpose %s: it holds %,d entries and %s %,d, so it is not %s's "
          + "transpose (compact both if they were written with overwrites, or leave the option out)", t, nt, a, na, a));
    }
    return new StoredTranspose(t, na < 0 || nt < 0 ? "named with --a-transpose (entry counts unknown here)"
        : String.format("named with --a-transpose; both hold %,d entries", na));
  }
}
