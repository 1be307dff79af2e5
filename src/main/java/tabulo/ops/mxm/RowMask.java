package tabulo.ops.mxm;

import tabulo.kernel.MaskFilter;
import tabulo.kernel.MatrixRow;

/**
 * One row's mask, for row-by-row's labelled path ({@link LabelledRows}): which columns it admits and the
 * label it adds (the mask cell's label joins the label of the cell it admits, {@link MaskFilter}).
 */
final class RowMask {
  private static final byte[] EMPTY = new byte[0];

  final MatrixRow row; // null: none (every column admitted with the complement)
  final int[] inMask; // null: no mask
  final int stamp;
  final MaskFilter filter;
  private final boolean complement;

  RowMask(MatrixRow row, int[] inMask, int stamp, MaskFilter filter, boolean complement) {
    this.row = row;
    this.inMask = inMask;
    this.stamp = stamp;
    this.filter = filter;
    this.complement = complement;
  }

  boolean admits(int column) {
    return inMask == null || (inMask[column] == stamp) != complement;
  }

  /** The label the mask adds to a cell of the column (empty when none; null when it excludes the column). */
  byte[] label(BRows bRows, int column) {
    return inMask == null || row == null ? EMPTY
        : filter.admit(row, bRows.families[column], bRows.qualifiers[column], EMPTY);
  }
}
