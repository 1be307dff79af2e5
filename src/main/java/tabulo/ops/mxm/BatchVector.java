package tabulo.ops.mxm;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowReader;
import tabulo.kernel.Scans;
import tabulo.kernel.Visibilities;
import tabulo.math.EpilogueOp;
import tabulo.math.ValueCodec;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * The values of the epilogue's vector x ({@link MxmOptions#epilogue}) a row-by-row batch needs: x(i) of each
 * batch row i and x(j) of each column j the batch's product can reach, read by one scan of the vector at
 * exactly those keys. The epilogue turns each cell c of a row into op(c, x(i), x(j)) as the row is written.
 * A vector cell's label joins the label of every cell it finishes.
 */
final class BatchVector {
  private static final byte[] EMPTY = new byte[0];

  final double[] ofRow; // per batch row
  final byte[][] rowLabel;
  final double[] ofColumn; // per column number of the batch
  final byte[][] columnLabel;
  final boolean labelled; // some cell of the vector carries a label

  private BatchVector(boolean labelled, double[] ofRow, byte[][] rowLabel, double[] ofColumn,
      byte[][] columnLabel) {
    this.ofRow = ofRow;
    this.rowLabel = rowLabel;
    this.ofColumn = ofColumn;
    this.columnLabel = columnLabel;
    this.labelled = labelled;
  }

  /**
   * The values in table {@code vector} (one cell per key, the sum of its row when several) of the batch rows
   * {@code rows} and of the columns {@code columnKeys} (by column number).
   */
  static BatchVector read(Store store, String vector, Authorizations auths, ValueCodec codec, List<byte[]> rows,
      byte[][] columnKeys, AtomicLong entriesRead) {
    Map<ByteBuffer, List<Integer>> rowIndex = new HashMap<>();
    Map<ByteBuffer, Integer> columnIndex = new HashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      rowIndex.computeIfAbsent(ByteBuffer.wrap(rows.get(i)), k -> new ArrayList<>(1)).add(i);
    }
    for (int j = 0; j < columnKeys.length; j++) {
      columnIndex.put(ByteBuffer.wrap(columnKeys[j]), j);
    }
    List<byte[]> keys = new ArrayList<>(rowIndex.size() + columnIndex.size());
    rowIndex.keySet().forEach(k -> keys.add(k.array()));
    columnIndex.keySet().stream().filter(k -> !rowIndex.containsKey(k)).forEach(k -> keys.add(k.array()));
    keys.sort(Arrays::compareUnsigned);
    List<Range> ranges = new ArrayList<>(keys.size());
    for (byte[] k : keys) {
      ranges.add(Range.exact(new Text(k)));
    }
    double[] ofRow = new double[rows.size()];
    double[] ofColumn = new double[columnKeys.length];
    Arrays.fill(ofRow, Double.NaN);
    Arrays.fill(ofColumn, Double.NaN);
    byte[][] rowLabel = new byte[rows.size()][];
    byte[][] columnLabel = new byte[columnKeys.length][];
    Arrays.fill(rowLabel, EMPTY);
    Arrays.fill(columnLabel, EMPTY);
    boolean labelled = false;
    Visibilities vis = new Visibilities();
    if (!ranges.isEmpty()) {
      try (Scan s = store.scan(vector, Scans.spec(ranges, KeySpec.all(), auths).unordered(2))) {
        RowReader reader = new RowReader(vector, s, codec, entriesRead);
        MatrixRow r;
        while ((r = reader.next()) != null) {
          double d = 0;
          byte[] label = EMPTY;
          for (int e = 0; e < r.size; e++) {
            d += r.values[e];
            label = r.labelled ? vis.and(label, r.visibilities[e]).getExpression() : label;
          }
          labelled |= label.length > 0;
          ByteBuffer key = ByteBuffer.wrap(r.row);
          for (int i : rowIndex.getOrDefault(key, List.of())) {
            ofRow[i] = d;
            rowLabel[i] = label;
          }
          Integer j = columnIndex.get(key);
          if (j != null) {
            ofColumn[j] = d;
            columnLabel[j] = label;
          }
        }
      }
    }
    return new BatchVector(labelled, ofRow, rowLabel, ofColumn, columnLabel);
  }

  /** The epilogue {@code op} of batch row {@code i}'s cell in column {@code j}, of value {@code c}. */
  double finish(EpilogueOp op, int i, int j, double c, byte[] rowKey, byte[] columnKey, String vector) {
    double x = ofRow[i];
    double y = ofColumn[j];
    if (Double.isNaN(x) || Double.isNaN(y)) {
      byte[] missing = Double.isNaN(x) ? rowKey : columnKey;
      throw new TabuloException("the vector table " + vector + " has no value for key " + RowReader.text(missing)
          + " (the " + op.name() + " epilogue needs one for every row and column of the product)");
    }
    return op.apply(c, x, y);
  }
}
