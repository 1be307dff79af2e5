package tabulo.ops;

import tabulo.math.BinaryOp;
import tabulo.math.Semiring;
import tabulo.ops.mxm.Mxm;
import tabulo.ops.mxm.MxmOptions;

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
  public Operation ewiseAdd(Matrix b, BinaryOp op) {
    return new EwiseAdd(this, b, op);
  }

  /** C = A (+.x) B over {@code semiring} (GraphBLAS mxm; B a one-column table: mxv). */
  public Operation mxm(Matrix b, Semiring semiring) {
    return Mxm.of(this, b, MxmOptions.defaults().semiring(semiring));
  }

  /**
   * C = op(A) (+.x) B with these options: the semiring, A transposed ({@code A^T v}, a frontier step, reads
   * only A's rows at v's keys), filters, algorithm and tuning; codec, authorizations and workers are the
   * session's.
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
