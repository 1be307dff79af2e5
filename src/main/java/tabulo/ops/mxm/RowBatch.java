package tabulo.ops.mxm;

import java.util.ArrayList;
import java.util.List;

import tabulo.kernel.Columns;
import tabulo.kernel.KeyDictionary;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.Sites;

/**
 * A batch of row-by-row's driver rows (rows of Y), their mask rows (with a mask), and the distinct B rows
 * they need, each numbered once: the unit of {@link RowByRow}, whose B rows are fetched by one scan.
 */
final class RowBatch {
  final List<MatrixRow> rows = new ArrayList<>();
  final List<MatrixRow> masks = new ArrayList<>(); // per row its row of M, or null (with a mask only)
  final List<int[]> needs = new ArrayList<>(); // per row, per entry: index of the B row, or -1
  final KeyDictionary bKeys = new KeyDictionary(); // the B rows, numbered
  final boolean singleTable; // Y's columns are nested in M's qualifiers

  RowBatch(boolean singleTable) {
    this.singleTable = singleTable;
  }
  Sites sites = Sites.NONE; // where the run is: which fetched rows lie on another server

  void add(MatrixRow r) {
    int[] refs = new int[r.size];
    for (int e = 0; e < r.size; e++) {
      byte[] k = singleTable ? nestedKey(r.qualifiers[e]) : r.columnKey(e);
      refs[e] = bKeys.add(k);
    }
    rows.add(r);
    needs.add(refs);
  }

  private static byte[] nestedKey(byte[] qualifier) {
    byte[][] column = Columns.unnest(qualifier);
    return Columns.key(column[0], column[1]);
  }
}
