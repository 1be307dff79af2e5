package tabulo.ops.mxm;

import tabulo.math.BinaryOp;
import tabulo.math.EpilogueOp;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.select.KeySpec;

/**
 * What C = op(A) (+.x) B computes on tables, as GraphBLAS's descriptor says it: the semiring, whether A is
 * transposed, filters on C's rows, C's columns and the shared dimension (D4M syntax), the mask and the
 * accumulator of a multiply of tables, an optional transposed copy of C, the kernel that computes it, and
 * what row-by-row offers inside its kernel to anyone: a positional mask (tril, triu, lower, upper), a
 * fused select on the values, and a per-cell epilogue with a vector's values at each cell's row and column.
 * Defaults: plus.times, no filters, auto. How it runs (batch sizes, placement, stored transposes) is
 * {@link MxmSettings}; the value encoding, authorizations, workers and units are the session's.
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

  Semiring semiring = Semirings.PLUS_TIMES;
  boolean transposeA;
  KeySpec rows = KeySpec.all();
  KeySpec cols = KeySpec.all();
  KeySpec inner = KeySpec.all();
  String transposeOut;
  Algorithm algorithm = Algorithm.AUTO;
  String mask; // C<M>: the mask table, or null (the Operation API takes it through its Target instead)
  boolean maskStructure;
  boolean maskComplement;
  BinaryOp accum; // C = C accum T into an existing C, or null
  PositionalMask positional; // row-by-row: only these positions of C are computed; null: all
  BinaryOp selectOp; // row-by-row: only cells whose value v has selectOp(v, selectScalar) != 0 are written; null: all
  double selectScalar;
  EpilogueOp epilogue; // row-by-row: each cell written as epilogue(c, x(row), x(column)); null: as computed
  String epilogueVector; // x: the vector table the epilogue reads

  public static MxmOptions defaults() {
    return new MxmOptions();
  }

  public MxmOptions semiring(Semiring s) {
    this.semiring = s;
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

  public MxmOptions algorithm(Algorithm a) {
    this.algorithm = a;
    return this;
  }

  /**
   * A multiply of tables ({@code Mxm.multiply}) writes C&lt;M&gt;: only keys where table {@code m} holds a
   * non-zero value ({@code structure}: any entry), or with {@code complement} the other keys.
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

  /**
   * Only the positions of C that {@code p} admits (e.g. {@link PositionalMask#UPPER}, select's upper: the
   * strictly upper triangle), applied in row-by-row's accumulator, so the others are never computed.
   */
  public MxmOptions positional(PositionalMask p) {
    this.positional = p;
    return this;
  }

  /**
   * Writes only the cells whose (finished) value v has {@code comparison(v, x)} true, e.g. GE and k-2 for
   * k-truss's support: select fused into row-by-row's writing, so the dropped cells are never written.
   */
  public MxmOptions select(BinaryOp comparison, double x) {
    this.selectOp = comparison;
    this.selectScalar = x;
    return this;
  }

  /**
   * Writes each cell C(i, j) = c as {@code op(c, x(i), x(j))}, with {@code vector} the table holding x (one
   * cell per key; a key's cells are summed): a finish fused into row-by-row's writing of each row, such as
   * {@link tabulo.math.EpilogueOps#IOU} over A's row degrees, which turns common-neighbour counts into
   * Jaccard indices. Every row and column of C needs a value in x.
   */
  public MxmOptions epilogue(EpilogueOp op, String vector) {
    this.epilogue = op;
    this.epilogueVector = vector;
    return this;
  }

  /** A copy, so an operation can settle its own values without changing the caller's. */
  public MxmOptions copy() {
    MxmOptions o = new MxmOptions();
    o.semiring = semiring;
    o.transposeA = transposeA;
    o.rows = rows;
    o.cols = cols;
    o.inner = inner;
    o.transposeOut = transposeOut;
    o.algorithm = algorithm;
    o.mask = mask;
    o.maskStructure = maskStructure;
    o.maskComplement = maskComplement;
    o.accum = accum;
    o.positional = positional;
    o.selectOp = selectOp;
    o.selectScalar = selectScalar;
    o.epilogue = epilogue;
    o.epilogueVector = epilogueVector;
    return o;
  }

  /** Whether it asks for what only row-by-row's kernel does: a positional mask, a fused select, an epilogue. */
  public boolean fusesIntoRows() {
    return positional != null || foldsLabels();
  }

  /** Whether row-by-row folds a cell's differently labelled parts into one cell to finish or select it. */
  boolean foldsLabels() {
    return epilogue != null || selectOp != null;
  }

  public Semiring semiring() {
    return semiring;
  }

  public boolean transposeA() {
    return transposeA;
  }

  public KeySpec rows() {
    return rows;
  }

  public KeySpec cols() {
    return cols;
  }

  public KeySpec inner() {
    return inner;
  }

  /** The table C^T is also written to, or null. */
  public String transposeOut() {
    return transposeOut;
  }

  public Algorithm algorithm() {
    return algorithm;
  }

  /** The mask table of a multiply of tables, or null. */
  public String mask() {
    return mask;
  }

  public boolean maskStructure() {
    return maskStructure;
  }

  public boolean maskComplement() {
    return maskComplement;
  }

  /** The accumulator of a multiply of tables, or null. */
  public BinaryOp accum() {
    return accum;
  }

  /** Whether the product is combined into an existing C. */
  public boolean accumulates() {
    return accum != null;
  }
}
