package tabulo.ops;

import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.kernel.RowReader;
import tabulo.math.BinaryOp;
import tabulo.math.Monoid;
import tabulo.math.Semiring;
import tabulo.math.UnaryOp;
import tabulo.ops.mxm.MxmOptions;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;

/**
 * A matrix stored in a table of a {@link Session}: row key, column key (family and qualifier), value in
 * the session's codec, visibility labels honoured. Operations read like math and return an
 * {@link Operation}, computed where it is put: {@code A.ewiseAdd(B, BinaryOps.MIN).into("C")}, or
 * {@code C.assign(A.ewiseMult(B, BinaryOps.TIMES), Mask.of(M).complement(), BinaryOps.PLUS)}.
 */
public final class Matrix {
  final Session session;
  final String table;
  final String transposeTable; // a table known to hold this matrix transposed, or null

  Matrix(Session session, String table, String transposeTable) {
    this.session = session;
    this.table = table;
    this.transposeTable = transposeTable;
  }

  public String table() {
    return table;
  }

  public Session session() {
    return session;
  }

  /** The same matrix, knowing that {@code table} holds its transpose (D4M's TedgeT, a --transpose-out). */
  public Matrix withTranspose(String table) {
    return new Matrix(session, this.table, table);
  }

  /** The table holding this matrix transposed, or null when none is known. */
  public String transposeTable() {
    return transposeTable;
  }

  /** C = A ∪ B: {@code op} where both have a key, else the one value. */
  public Ewise ewiseAdd(Matrix b, BinaryOp op) {
    return new Ewise(this, b, Ewise.Join.UNION, op);
  }

  /** C = A ∩ B: {@code op} where both have a key, nothing elsewhere. */
  public Ewise ewiseMult(Matrix b, BinaryOp op) {
    return new Ewise(this, b, Ewise.Join.INTERSECTION, op);
  }

  /** C = f(A): every entry through {@code f} (a built-in, or a class found by name in the kernels). */
  public Operation apply(UnaryOp f) {
    return new ApplySelect(this, ApplySelect.Mapping.of(f), Select.ALL);
  }

  /** C = op(x, A): every entry {@code a} becomes {@code op(x, a)} (GraphBLAS's bind-first apply). */
  public Operation applyBindFirst(BinaryOp op, double x) {
    return new ApplySelect(this, ApplySelect.Mapping.bound(op, x, true), Select.ALL);
  }

  /** C = op(A, y): every entry {@code a} becomes {@code op(a, y)} (GraphBLAS's bind-second apply). */
  public Operation applyBindSecond(BinaryOp op, double y) {
    return new ApplySelect(this, ApplySelect.Mapping.bound(op, y, false), Select.ALL);
  }

  /** C = f(select(A)): the entries {@code s} keeps, each through {@code f}, in one pass (select, then apply). */
  public Operation apply(UnaryOp f, Select s) {
    return new ApplySelect(this, ApplySelect.Mapping.of(f), s);
  }

  /** The entries {@code s} keeps: {@code A.select(Select.TRIU)}, {@code A.select(Select.gt(0))}. */
  public Operation select(Select s) {
    return new ApplySelect(this, ApplySelect.Mapping.NONE, s);
  }

  /** A^T: entry (r, c) becomes (c, r). */
  public Operation transpose() {
    return new Transpose(this, KeySpec.all(), KeySpec.all());
  }

  /** A(rows, cols)^T: reads only the cells of those rows and columns of A (the kernels read nothing else). */
  public Operation transpose(KeySpec rows, KeySpec cols) {
    return new Transpose(this, rows, cols);
  }

  /** A(rows, cols): the cells whose row and column keys match the D4M selections (SpRef). */
  public Operation extract(KeySpec rows, KeySpec cols) {
    return new Extract(this, rows, cols);
  }

  /** The vector of each row's fold with {@code monoid}: row key, one column named {@code column}. */
  public Operation reduceRows(Monoid monoid, String column) {
    return new Reduce(this, monoid, Reduce.Dim.ROWS, column);
  }

  /** {@link #reduceRows(Monoid, String)} into the column named as the monoid. */
  public Operation reduceRows(Monoid monoid) {
    return reduceRows(monoid, monoid.name());
  }

  /** The vector of each column's fold with {@code monoid}: the column key as row key, one column {@code column}. */
  public Operation reduceCols(Monoid monoid, String column) {
    return new Reduce(this, monoid, Reduce.Dim.COLS, column);
  }

  /** {@link #reduceCols(Monoid, String)} into the column named as the monoid. */
  public Operation reduceCols(Monoid monoid) {
    return reduceCols(monoid, monoid.name());
  }

  /**
   * The fold of every cell the session may read with {@code monoid} (its identity when it reads none):
   * computed next to the data into a one-cell temporary, which is read and dropped.
   */
  public double reduce(Monoid monoid) {
    double[] small = foldIfAtMost(table, monoid, SMALL_FOLD);
    return small != null ? small[0] : reduceInKernels(monoid);
  }

  /**
   * The number of entries the session reads (GraphBLAS nvals): counted as they are read where they are few
   * (no kernel run, no table); else summed next to the data, where a cell held in parts under several
   * labels counts once per part.
   */
  public long nvals() {
    long n = session.store().countUpTo(table, ScanSpec.all().auths(session.auths()), SMALL_FOLD + 1L);
    if (n <= SMALL_FOLD) {
      return n;
    }
    Matrix ones = apply(tabulo.math.UnaryOps.ONE).temporary();
    try {
      return Math.round(ones.reduceInKernels(tabulo.math.Monoids.PLUS));
    } finally {
      session.releaseIfTemporary(ones);
    }
  }

  /** The fold of every cell the session reads, computed by the kernels (whatever the matrix's size). */
  double reduceInKernels(Monoid monoid) {
    Matrix t = new Reduce(this, monoid, Reduce.Dim.ALL, monoid.name()).temporary();
    try {
      // the table folds the parts this reader may read into one cell; folding what comes is exact either way
      return foldIfAtMost(t.table, monoid, Long.MAX_VALUE)[0];
    } finally {
      session.store().discard(t.table);
    }
  }

  /**
   * Up to this many cells are folded into a scalar here as they are read: kernels would write their partial
   * folds into a table first, a few table operations that cost far more than reading so few cells.
   */
  static final int SMALL_FOLD = 10_000;

  /**
   * The fold of every cell of {@code source} the session reads, if there are at most {@code limit} of them;
   * else null. A value that is not a number is reported as this matrix's.
   */
  private double[] foldIfAtMost(String source, Monoid monoid, long limit) {
    double acc = monoid.identity();
    long n = 0;
    try (tabulo.storage.Scan cells = session.store().scan(source, ScanSpec.all().auths(session.auths()))) {
      for (Entry<Key, Value> e : cells) {
        if (++n > limit) {
          return null;
        }
        Key k = e.getKey();
        acc = monoid.add(acc, RowReader.decode(session.codec(), e.getValue(), table, RowReader.bytes(k.getRowData()),
            RowReader.bytes(k.getColumnFamilyData()), RowReader.bytes(k.getColumnQualifierData())));
      }
    }
    return new double[] {acc};
  }

  /**
   * C(rows, cols) = A(rows, cols) into this existing matrix: its cells in the block become A's there; with
   * {@code accum} (may be null) C(rows, cols) accum= A; through {@code mask} (may be null) only the
   * block's keys the mask admits change. C's cells outside the block stay.
   */
  public Matrix assign(Matrix a, KeySpec rows, KeySpec cols, Mask mask, BinaryOp accum) {
    return Assign.run(this, a, rows, cols, mask, accum);
  }

  /** C = A (+.x) B over {@code semiring} (GraphBLAS mxm; B a one-column table: mxv). */
  public Operation mxm(Matrix b, Semiring semiring) {
    return Mxm.of(this, b, MxmOptions.defaults().semiring(semiring));
  }

  /**
   * C = op(A) (+.x) B with these options: the semiring, A transposed ({@code A^T v}, a frontier step, reads
   * only A's rows at v's keys), filters, algorithm, and row-by-row's fusions (positional mask, select,
   * epilogue); codec, authorizations and workers are the session's ({@link Mxm#of(Matrix, Matrix, MxmOptions,
   * tabulo.ops.mxm.MxmSettings)} takes how it runs).
   */
  public Operation mxm(Matrix b, MxmOptions options) {
    return Mxm.of(this, b, options);
  }

  /** This matrix combined with {@code t} (C = C accum T), through {@code mask} (may be null). */
  public Matrix assign(Operation t, Mask mask, BinaryOp accum) {
    if (accum == null) {
      throw new IllegalArgumentException("assigning into an existing matrix needs an accumulator");
    }
    return t.into(Target.table(table).mask(mask).accum(accum));
  }

  @Override
  public String toString() {
    return table;
  }
}
