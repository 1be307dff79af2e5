package tabulo.gen;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import tabulo.math.CsrMatrix;
import tabulo.math.DecimalCodec;
import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;

/**
 * Writes an in-memory sparse matrix as a table, as {@link Graph500Table} writes a graph: row i, column j
 * (qualifier, empty family) as {@link VertexKeys} of one width, value a decimal; split into equal ranges of
 * row indices, so that two matrices of as many rows get the same split points (RRp's placement).
 */
public final class MatrixTable {
  private static final byte[] EMPTY = new byte[0];

  private MatrixTable() {}

  /** The key width for a matrix: the digits of its largest row or column index. */
  public static int width(CsrMatrix m) {
    return Long.toString(Math.max(1, Math.max(m.rows(), m.cols()) - 1)).length();
  }

  /** Creates {@code table} split at {@code splitPoints} and bulk-loads the matrix; keys are {@code width} digits. */
  public static void write(Store store, String table, CsrMatrix m, int width, List<byte[]> splitPoints) {
    TableNames.checkUserTable(table);
    List<String> splits = new ArrayList<>();
    for (byte[] s : splitPoints) {
      splits.add(new String(s, StandardCharsets.US_ASCII));
    }
    store.create(table, TableSettings.defaults().splits(splits));
    long ts = System.currentTimeMillis();
    try (SortedLoader loader = store.bulkLoad(table)) { // CSR rows are sorted: the keys come in order
      for (int i = 0; i < m.rows(); i++) {
        byte[] row = VertexKeys.key(i, width);
        for (int p = m.rowStart(i); p < m.rowStart(i) + m.rowLength(i); p++) {
          loader.append(row, EMPTY, VertexKeys.key(m.col(p), width), EMPTY, ts,
              DecimalCodec.INSTANCE.encode(m.value(p)));
        }
      }
    }
  }

  /**
   * The split points of {@code ranges} equal ranges of {@code rows} row indices (row i in range
   * floor(i ranges / rows)): each range's last row but the last range's.
   */
  public static List<byte[]> rangeSplits(long rows, int width, int ranges) {
    List<byte[]> out = new ArrayList<>();
    for (int t = 1; t < ranges; t++) {
      out.add(VertexKeys.key((rows * t + ranges - 1) / ranges - 1, width)); // a tablet ends at its split
    }
    return out;
  }
}
