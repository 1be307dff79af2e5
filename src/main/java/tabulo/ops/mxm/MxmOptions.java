package tabulo.ops.mxm;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.BinaryOp;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.math.ValueCodec;
import tabulo.select.KeySpec;

/**
 * How to compute C = op(A) (+.x) B on tables: the semiring and value encoding, whether A is transposed,
 * filters on C's rows, C's columns and the shared dimension (D4M syntax), an optional transposed copy
 * of C, the algorithm, and its tuning. Defaults: plus.times over decimal strings, no filters, auto.
 */
public final class MxmOptions {
  /** Which algorithm computes the product. */
  public enum Algorithm {
    /** Graphulo's TableMult: the outer product over the shared row dimension, plus done lazily by a combiner. */
    OUTER,
    /** Demirci and Aykanat's row-by-row multiply: batches of A rows, their B rows fetched together. */
    ROWWISE,
    /**
     * The outer product for A^T B when B has at most 1/256 of A's entries (row-by-row would first copy
     * all of A transposed), row-by-row otherwise: see {@link AlgorithmChoice}.
     */
    AUTO
  }

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

  /** Where the kernels run when the store can host them (Accumulo's tablet servers). */
  public enum Kernels {
    /** Inside the tablet servers, next to the data (the default). */
    SERVER,
    /** In this process, reading and writing through the store's client. */
    CLIENT
  }

  Semiring semiring = Semirings.PLUS_TIMES;
  ValueCodec codec = ValueCodec.named("decimal");
  boolean transposeA;
  KeySpec rows = KeySpec.all();
  KeySpec cols = KeySpec.all();
  KeySpec inner = KeySpec.all();
  String transposeOut;
  String aTranspose; // a table holding A^T, named by the caller; null: look for a D4M pair
  boolean findTranspose = true; // Mxm.multiply looks for A's D4M transpose when none is named
  String bTranspose; // B's D4M transpose (set by Mxm.multiply): row-by-row may fetch B's selected columns from it
  long bTransposeEntries; // entries of bTranspose's rows that the column filter selects
  Algorithm algorithm = Algorithm.AUTO;
  Authorizations auths; // null: all of the user's
  int workers = 2;
  int batchRows = 200_000; // B rows per batch: smaller batches run slower; the rate is flat well below this
  int unitEntries = 50_000;
  MxmProgress progress = MxmProgress.NONE;
  java.util.function.BooleanSupplier cancelled = () -> false;
  Kernels kernels = Kernels.SERVER;
  String mask; // C<M>: the mask table, or null (the Operation API takes it through its Target instead)
  boolean maskStructure;
  boolean maskComplement;
  BinaryOp accum; // C = C accum T into an existing C, or null
  boolean lookupRows; // set by the choice of algorithm: the outer product looks up A's rows by B's keys
  String plan; // mult --plan: the partition plan table placing the rows, or null
  int partWidth; // set for the kernel of a planned multiply: rows of A and B carry a part prefix this long
  Layout layout = Layout.TABLES; // a planned multiply's copies; the kernel reads and writes M's families when SINGLE_TABLE
  boolean strictlyUpper; // row-by-row: only columns after the row key (a positional mask in the accumulator)
  String jaccardDegrees; // row-by-row: the degree vector turning each count into a Jaccard index, or null
  BinaryOp keepOp; // row-by-row: only cells whose value v has keepOp(v, keepScalar) != 0 are written; null: all
  double keepScalar;

  public static MxmOptions defaults() {
    return new MxmOptions();
  }

  public MxmOptions semiring(Semiring s) {
    this.semiring = s;
    return this;
  }

  public MxmOptions codec(ValueCodec c) {
    this.codec = c;
    return this;
  }

  /** Multiply A^T instead of A. */
  public MxmOptions transposeA(boolean t) {
    this.transposeA = t;
    return this;
  }

  /** Keep only these rows of C. */
  public MxmOptions rows(KeySpec s) {
    this.rows = s;
    return this;
  }

  /** Keep only these columns of C (columns of B). */
  public MxmOptions cols(KeySpec s) {
    this.cols = s;
    return this;
  }

  /** Sum only over these keys of the shared dimension. */
  public MxmOptions inner(KeySpec s) {
    this.inner = s;
    return this;
  }

  /** Also write C^T to this table. */
  public MxmOptions transposeOut(String table) {
    this.transposeOut = table;
    return this;
  }

  /**
   * {@link Mxm#multiply(tabulo.storage.Store, String, String, String, MxmOptions)}: table {@code t} holds
   * A^T (a {@code --transpose-out} result, a D4M TedgeT), read instead of copying A transposed.
   */
  public MxmOptions aTranspose(String t) {
    this.aTranspose = t;
    return this;
  }

  /** Whether to look for A's D4M transpose (PREFIXTedgeT made by ingest) when none is named (default yes). */
  public MxmOptions findTranspose(boolean f) {
    this.findTranspose = f;
    return this;
  }

  public MxmOptions algorithm(Algorithm a) {
    this.algorithm = a;
    return this;
  }

  /** Read A and B with these authorizations (a subset of the user's). */
  public MxmOptions auths(Authorizations a) {
    this.auths = a;
    return this;
  }

  /** Worker threads multiplying batches (row-by-row) or tablets (outer product). */
  public MxmOptions workers(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("workers must be at least 1, got " + n);
    }
    this.workers = n;
    return this;
  }

  /** Row-by-row: a batch of A rows grows until it needs this many distinct rows of B. */
  public MxmOptions batchRows(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("batch threshold must be at least 1 row of B, got " + n);
    }
    this.batchRows = n;
    return this;
  }

  /**
   * Outer product: entries of B per unit (a unit's B rows are held in memory; on Accumulo each unit
   * reports back to the client, and a torn-down kernel resumes after the last unit reported).
   */
  public MxmOptions unitEntries(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("a unit needs at least 1 entry, got " + n);
    }
    this.unitEntries = n;
    return this;
  }

  /** Run the kernels in the tablet servers (where the store can host them) or in this process. */
  public MxmOptions kernels(Kernels k) {
    this.kernels = k;
    return this;
  }

  /**
   * {@link Mxm#multiply(tabulo.storage.Store, String, String, String, MxmOptions)} writes C&lt;M&gt;: only
   * keys where table {@code m} holds a non-zero value ({@code structure}: any entry), or with
   * {@code complement} the other keys.
   */
  public MxmOptions mask(String m, boolean structure, boolean complement) {
    this.mask = m;
    this.maskStructure = structure;
    this.maskComplement = complement;
    return this;
  }

  /** Combine the product into the existing C (C = C accum T) instead of making a new table. */
  public MxmOptions accum(BinaryOp op) {
    this.accum = op;
    return this;
  }

  /** A copy, so an operation can settle its own values without changing the caller's. */
  MxmOptions copy() {
    MxmOptions o = new MxmOptions();
    o.semiring = semiring;
    o.codec = codec;
    o.transposeA = transposeA;
    o.rows = rows;
    o.cols = cols;
    o.inner = inner;
    o.transposeOut = transposeOut;
    o.aTranspose = aTranspose;
    o.findTranspose = findTranspose;
    o.bTranspose = bTranspose;
    o.bTransposeEntries = bTransposeEntries;
    o.algorithm = algorithm;
    o.auths = auths;
    o.workers = workers;
    o.batchRows = batchRows;
    o.unitEntries = unitEntries;
    o.progress = progress;
    o.cancelled = cancelled;
    o.kernels = kernels;
    o.mask = mask;
    o.maskStructure = maskStructure;
    o.maskComplement = maskComplement;
    o.accum = accum;
    o.lookupRows = lookupRows;
    o.plan = plan;
    o.partWidth = partWidth;
    o.layout = layout;
    o.strictlyUpper = strictlyUpper;
    o.jaccardDegrees = jaccardDegrees;
    o.keepOp = keepOp;
    o.keepScalar = keepScalar;
    return o;
  }

  /** Rows of A, B and C placed by partition plan table {@code table} (row-by-row only), or null. */
  public MxmOptions plan(String table) {
    this.plan = table;
    return this;
  }

  /** With a plan: where the placed copies are kept (three tables, or one with locality groups). */
  public MxmOptions layout(Layout l) {
    this.layout = l;
    return this;
  }

  /**
   * Only C's strictly upper triangle (column key after the row key, as select triu without the diagonal):
   * a positional mask row-by-row applies in its accumulator, so the other entries are never computed.
   */
  public MxmOptions strictlyUpper(boolean upper) {
    this.strictlyUpper = upper;
    return this;
  }

  /**
   * The Jaccard finish, fused into row-by-row's writing of each row: with a plus.pair product of an
   * undirected structure A (so C(u, v) = |N(u) ∩ N(v)|) and {@code degrees} a vector table of A's row
   * counts, C(u, v) is written as c / (d(u) + d(v) - c) ({@link BatchDegrees}); null: the product as is.
   */
  public MxmOptions jaccard(String degrees) {
    this.jaccardDegrees = degrees;
    return this;
  }

  /**
   * Writes only the cells whose (finished) value v has {@code comparison(v, x)} true, e.g. GE and k-2 for
   * k-truss's support: select fused into row-by-row's writing, so the dropped cells are never written.
   */
  public MxmOptions keep(BinaryOp comparison, double x) {
    this.keepOp = comparison;
    this.keepScalar = x;
    return this;
  }

  /** Whether row-by-row folds a cell's differently labelled parts into one cell to finish or filter it. */
  boolean foldsLabels() {
    return jaccardDegrees != null || keepOp != null;
  }

  public Layout layout() {
    return layout;
  }

  /** Polled at each kernel run and unit: once true, the multiply stops and leaves no temporaries (Ctrl-C). */
  public MxmOptions cancelled(java.util.function.BooleanSupplier c) {
    this.cancelled = c;
    return this;
  }

  public MxmOptions progress(MxmProgress p) {
    this.progress = p;
    return this;
  }

  /** Whether the product is combined into an existing C. */
  public boolean accumulates() {
    return accum != null;
  }

  /** The authorizations A and B are read with (null: all of the user's). */
  public Authorizations auths() {
    return auths;
  }

  public Semiring semiring() {
    return semiring;
  }

  public ValueCodec codec() {
    return codec;
  }
}
