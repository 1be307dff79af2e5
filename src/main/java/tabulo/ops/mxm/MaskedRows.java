package tabulo.ops.mxm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;

import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowReader;
import tabulo.kernel.Scans;
import tabulo.storage.Scan;

/**
 * C&lt;M&gt; in the row-by-row multiply: each batch reads M's rows over the batch's span, beside the driver,
 * and drops a row of Y whose mask row admits nothing before its B rows are fetched ({@link #masked}); a
 * worker then marks, per row, the batch's columns the mask row holds ({@link Marks}), so the accumulator
 * multiplies only the columns the mask admits (the complement: only the others).
 */
final class MaskedRows {
  private MaskedRows() {}

  /**
   * The batch with each row's mask row; without the complement, only the rows whose mask row admits
   * something (the others have no entry in C, and their B rows are not fetched).
   */
  static RowBatch masked(BatchReads reads, String y, RowBatch batch) {
    MxmOptions options = reads.options();
    boolean driver = maskIsDriver(options, y, reads.singleTable());
    List<MatrixRow> maskRows = driver ? batch.rows : fetchMasks(reads, batch.rows);
    RowBatch out = new RowBatch(reads.singleTable());
    for (int i = 0; i < batch.rows.size(); i++) {
      MatrixRow m = maskRows.get(i);
      if (options.maskComplement || admitsAny(options, m)) {
        out.add(batch.rows.get(i));
        out.masks.add(m);
      }
    }
    return out;
  }

  /**
   * Whether each row's mask row is the driver row itself (C&lt;A&gt; = A B, as k-truss's support and
   * per-vertex triangles): the same table read with the same columns and authorizations, so it is not
   * read twice.
   */
  private static boolean maskIsDriver(MxmOptions options, String y, boolean singleTable) {
    return options.mask.equals(y) && options.cols.isAll() && options.inner.isAll() && !singleTable;
  }

  private static boolean admitsAny(MxmOptions options, MatrixRow m) {
    for (int e = 0; m != null && e < m.size; e++) {
      if (options.maskStructure || m.values[e] != 0) {
        return true;
      }
    }
    return false;
  }

  /** M's rows for the batch's rows (null where M has none): one scan of M over the batch's span. */
  private static List<MatrixRow> fetchMasks(BatchReads reads, List<MatrixRow> rows) {
    MxmOptions options = reads.options();
    List<MatrixRow> out = new ArrayList<>(rows.size());
    Range span = new Range(new Text(rows.get(0).row), true, new Text(rows.get(rows.size() - 1).row), true);
    try (Scan ms = reads.store().scan(options.mask, Scans.spec(List.of(span), options.cols, reads.auths()))) {
      RowReader reader = new RowReader(options.mask, ms, options.maskStructure ? null : reads.codec(),
          reads.counters().entriesRead);
      MatrixRow m = reader.next();
      for (MatrixRow r : rows) {
        while (m != null && Arrays.compareUnsigned(m.row, r.row) < 0) {
          m = reader.next();
        }
        boolean same = m != null && Arrays.equals(m.row, r.row);
        out.add(same ? m.copy() : null);
      }
    }
    return out;
  }

  /**
   * A worker's view of the batch's mask rows: {@code inMask[j] == stamp} when the mask row of the row being
   * computed holds column j (non-zero unless structural); each row has its own stamp, so no clearing.
   */
  static final class Marks {
    final int[] inMask;
    private final RowBatch batch;
    private final BRows bRows;
    private final boolean structural; // M read as all ones
    private int[] columnOfB; // with the driver as its own mask: the column number of each B row's key

    /** A worker's marks over a batch whose B rows are fetched. */
    Marks(RowBatch batch, BRows bRows, boolean structural) {
      this.batch = batch;
      this.bRows = bRows;
      this.structural = structural;
      this.inMask = new int[bRows.columns];
    }

    /** Marks the columns batch row {@code i}'s mask row holds, with {@code stamp}. */
    void mark(int i, int stamp) {
      MatrixRow row = batch.rows.get(i);
      MatrixRow maskRow = batch.masks.get(i);
      if (maskRow == row) {
        markOwnRow(row, batch.needs.get(i), columnOfB(), stamp);
      } else {
        mark(maskRow, stamp);
      }
    }

    /**
     * The column number of each B row's key (-1 where no column has it), computed on first use: a row that
     * is its own mask names its mask columns by its B rows, looked up once per batch.
     */
    private int[] columnOfB() {
      if (columnOfB == null) {
        int[] c = new int[batch.bKeys.size()];
        for (int b = 0; b < c.length; b++) {
          c[b] = bRows.ids.find(batch.bKeys.key(b));
        }
        columnOfB = c;
      }
      return columnOfB;
    }

    /** {@link #mark} for a driver row that is its own mask row: its entries' columns are its B rows' keys. */
    private void markOwnRow(MatrixRow row, int[] refs, int[] columnOfB, int stamp) {
      for (int e = 0; e < row.size; e++) {
        if (structural || row.values[e] != 0) {
          int id = columnOfB[refs[e]];
          if (id >= 0) {
            inMask[id] = stamp;
          }
        }
      }
    }

    private void mark(MatrixRow maskRow, int stamp) {
      for (int e = 0; maskRow != null && e < maskRow.size; e++) {
        if (structural || maskRow.values[e] != 0) {
          int id = bRows.ids.find(maskRow.columnKey(e));
          if (id >= 0) {
            inMask[id] = stamp;
          }
        }
      }
    }
  }
}
