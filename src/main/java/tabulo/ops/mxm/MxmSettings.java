package tabulo.ops.mxm;

/**
 * How a multiply runs, apart from what it computes ({@link MxmOptions}) and the session's settings (value
 * encoding, authorizations, workers, units, where kernels run): row-by-row's batch size, a partition plan
 * placing the rows and the layout of the placed copies, which stored A^T a multiply of tables reads, and
 * who hears its progress. None of them changes C.
 */
public final class MxmSettings {
  /** Where a planned multiply keeps its placed copies of A, B and C. */
  public enum Layout {
    /** Three tables split alike: A's copy, B's copy and the product. */
    TABLES,
    /**
     * One table M with families A, B and C in locality groups (paper 001, section 3.5): a row's cells of A
     * and of C are in the same tablet, so C is written where it is computed ({@link SingleTableLayout}).
     */
    SINGLE_TABLE
  }

  String aTranspose; // a table holding A^T, named by the caller; null: look for a D4M pair
  boolean findTranspose = true; // a multiply of tables looks for A's D4M transpose when none is named
  String plan; // mult --plan: the partition plan table placing the rows, or null
  Layout layout = Layout.TABLES;
  int batchRows = 200_000; // B rows per batch: smaller batches run slower; the rate is flat well below this
  MxmProgress progress = MxmProgress.NONE;

  public static MxmSettings defaults() {
    return new MxmSettings();
  }

  /**
   * A multiply of tables reads table {@code t} as A^T (a {@code --transpose-out} result, a D4M TedgeT)
   * instead of copying A transposed.
   */
  public MxmSettings aTranspose(String t) {
    this.aTranspose = t;
    return this;
  }

  /** Whether to look for A's D4M transpose (PREFIXTedgeT made by ingest) when none is named (default yes). */
  public MxmSettings findTranspose(boolean f) {
    this.findTranspose = f;
    return this;
  }

  /** Rows of A, B and C placed by partition plan table {@code table} (row-by-row only), or null. */
  public MxmSettings plan(String table) {
    this.plan = table;
    return this;
  }

  /** With a plan: where the placed copies are kept (three tables, or one with locality groups). */
  public MxmSettings layout(Layout l) {
    this.layout = l;
    return this;
  }

  /** Row-by-row: a batch of A rows grows until it needs this many distinct rows of B. */
  public MxmSettings batchRows(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("batch threshold must be at least 1 row of B, got " + n);
    }
    this.batchRows = n;
    return this;
  }

  public MxmSettings progress(MxmProgress p) {
    this.progress = p;
    return this;
  }

  /** The table named as A^T, or null. */
  public String aTranspose() {
    return aTranspose;
  }

  public boolean findTranspose() {
    return findTranspose;
  }

  /** The partition plan table, or null. */
  public String plan() {
    return plan;
  }

  public Layout layout() {
    return layout;
  }

  public int batchRows() {
    return batchRows;
  }

  public MxmProgress progress() {
    return progress;
  }
}
