package tabulo.d4m;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;

/**
 * The element-wise operations on two {@link Assoc}s ({@code minus}, {@code and}, {@code or},
 * GraphBLAS's eWiseAdd and eWiseMult): one walk over both arrays' entries in (row, column) order, on
 * the union of their keys, with a rule for what each position emits.
 */
final class AssocMerge {
  private AssocMerge() {}

  /** A - B over the union: B's values negated where A has none. */
  static Assoc minus(Assoc a, Assoc b) {
    Assoc x = a.numeric();
    Assoc y = b.numeric();
    return merge(x, y, true, (e, r, c, pa, pb) -> e.add(r, c, (pa < 0 ? 0 : x.numbers[pa]) - (pb < 0 ? 0 : y.numbers[pb])));
  }

  /**
   * The smaller value where both have an entry (UTF-8 order for two string arrays, else numerically on
   * the {@link Assoc#logical} of a string side); over the union ({@code or}) or the intersection ({@code and}).
   */
  static Assoc min(Assoc a, Assoc b, boolean union) {
    if (a.isString() && b.isString()) {
      return merge(a, b, union, (e, r, c, pa, pb) -> e.add(r, c,
          pa < 0 ? b.texts[pb] : pb < 0 ? a.texts[pa] : Collision.MIN.combine(a.texts[pa], b.texts[pb])));
    }
    return union ? ewiseAdd(a, b, BinaryOps.MIN) : ewiseMult(a, b, BinaryOps.MIN);
  }

  /** GraphBLAS's eWiseAdd: {@code op(a, b)} where both have an entry, the lone value where one has. */
  static Assoc ewiseAdd(Assoc a, Assoc b, BinaryOp op) {
    Assoc x = a.numeric();
    Assoc y = b.numeric();
    return merge(x, y, true, (e, r, c, pa, pb) -> e.add(r, c,
        pa < 0 ? y.numbers[pb] : pb < 0 ? x.numbers[pa] : op.apply(x.numbers[pa], y.numbers[pb])));
  }

  /** GraphBLAS's eWiseMult: {@code op(a, b)} where both have an entry. */
  static Assoc ewiseMult(Assoc a, Assoc b, BinaryOp op) {
    Assoc x = a.numeric();
    Assoc y = b.numeric();
    return merge(x, y, false, (e, r, c, pa, pb) -> e.add(r, c, op.apply(x.numbers[pa], y.numbers[pb])));
  }

  /** Receives one position of the merged key space: {@code pa} or {@code pb} is -1 where that side is absent. */
  private interface MergeEmitter {
    void emit(AssocEntries out, int row, int col, int pa, int pb);
  }

  /** Walks the union (or intersection) of two arrays' entries in (row, column) order over the union of their keys. */
  private static Assoc merge(Assoc a, Assoc b, boolean union, MergeEmitter emit) {
    String[] rowKeys = KeyOrder.union(a.rows, b.rows);
    String[] colKeys = KeyOrder.union(a.cols, b.cols);
    int[] aRow = KeyOrder.positions(a.rows, rowKeys);
    int[] bRow = KeyOrder.positions(b.rows, rowKeys);
    int[] aCol = KeyOrder.positions(a.cols, colKeys);
    int[] bCol = KeyOrder.positions(b.cols, colKeys);
    AssocEntries out = new AssocEntries(a.isString() && b.isString());
    int ia = 0;
    int ib = 0;
    for (int r = 0; r < rowKeys.length; r++) {
      int pa = 0;
      int endA = 0;
      int pb = 0;
      int endB = 0;
      if (ia < aRow.length && aRow[ia] == r) {
        pa = a.rowStart[ia];
        endA = a.rowStart[++ia];
      }
      if (ib < bRow.length && bRow[ib] == r) {
        pb = b.rowStart[ib];
        endB = b.rowStart[++ib];
      }
      while (pa < endA || pb < endB) {
        int ca = pa < endA ? aCol[a.colIndex[pa]] : Integer.MAX_VALUE;
        int cb = pb < endB ? bCol[b.colIndex[pb]] : Integer.MAX_VALUE;
        if (ca == cb) {
          emit.emit(out, r, ca, pa++, pb++);
        } else if (ca < cb) {
          if (union) {
            emit.emit(out, r, ca, pa, -1);
          }
          pa++;
        } else {
          if (union) {
            emit.emit(out, r, cb, -1, pb);
          }
          pb++;
        }
      }
    }
    return AssocAssembly.condensed(rowKeys, colKeys, out);
  }
}
