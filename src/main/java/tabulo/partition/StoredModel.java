package tabulo.partition;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowReader;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * Builds the {@link BipartiteModel} of C = A B from two tables, reading each once in key order with the
 * user's authorizations. Structure only: nnz counts the cells a row holds (a column stored under two labels
 * counts twice, as the multiply reads it twice); an edge joins row i of A to the B row keyed by each distinct
 * column of row i (column key as {@code mult} forms it: the qualifier, or family:qualifier). nnz(c_i) is the
 * number of distinct column keys among the B rows row i needs.
 */
public final class StoredModel {
  private StoredModel() {}

  public static BipartiteModel read(Store store, String a, String b) {
    for (String t : new String[] {a, b}) {
      if (!store.exists(t)) {
        throw new TabuloException("no such table: " + t);
      }
    }
    // B first: its rows, their sizes, and their columns numbered as columns of C
    List<byte[]> bRows = new ArrayList<>();
    List<int[]> bCols = new ArrayList<>();
    List<Long> bSizes = new ArrayList<>();
    Map<ByteBuffer, Integer> cColumns = new HashMap<>();
    forEachRow(store, b, r -> {
      bRows.add(r.row);
      bSizes.add((long) r.size);
      int[] cols = new int[r.size];
      for (int e = 0; e < r.size; e++) {
        cols[e] = cColumns.computeIfAbsent(ByteBuffer.wrap(r.columnKey(e)), k -> cColumns.size());
      }
      bCols.add(cols);
    });
    List<byte[]> aRows = new ArrayList<>();
    List<byte[][]> aCols = new ArrayList<>(); // distinct column keys per row
    List<Long> aSizes = new ArrayList<>();
    Map<ByteBuffer, Boolean> bVertices = new HashMap<>();
    for (byte[] k : bRows) {
      bVertices.put(ByteBuffer.wrap(k), true);
    }
    forEachRow(store, a, r -> {
      aRows.add(r.row);
      aSizes.add((long) r.size);
      Map<ByteBuffer, Boolean> seen = new HashMap<>();
      List<byte[]> cols = new ArrayList<>();
      for (int e = 0; e < r.size; e++) {
        byte[] k = r.columnKey(e);
        if (seen.put(ByteBuffer.wrap(k), true) == null) {
          cols.add(k);
          bVertices.putIfAbsent(ByteBuffer.wrap(k), false);
        }
      }
      aCols.add(cols.toArray(new byte[0][]));
    });
    // B vertices: B's rows and A's columns, in key order
    byte[][] bKeys = new byte[bVertices.size()][];
    int n = 0;
    for (ByteBuffer k : bVertices.keySet()) {
      bKeys[n++] = k.array();
    }
    Arrays.sort(bKeys, Arrays::compareUnsigned);
    Map<ByteBuffer, Integer> bIndex = new HashMap<>();
    for (int j = 0; j < bKeys.length; j++) {
      bIndex.put(ByteBuffer.wrap(bKeys[j]), j);
    }
    long[] nnzB = new long[bKeys.length];
    int[] bStart = new int[bKeys.length + 1];
    int[][] colsOfB = new int[bKeys.length][];
    for (int r = 0; r < bRows.size(); r++) {
      int j = bIndex.get(ByteBuffer.wrap(bRows.get(r)));
      nnzB[j] = bSizes.get(r);
      colsOfB[j] = bCols.get(r);
    }
    for (int j = 0; j < bKeys.length; j++) {
      bStart[j + 1] = bStart[j] + (colsOfB[j] == null ? 0 : colsOfB[j].length);
    }
    int[] bCol = new int[bStart[bKeys.length]];
    for (int j = 0; j < bKeys.length; j++) {
      if (colsOfB[j] != null) {
        System.arraycopy(colsOfB[j], 0, bCol, bStart[j], colsOfB[j].length);
      }
    }
    int m = aRows.size();
    int[] aStart = new int[m + 1];
    for (int i = 0; i < m; i++) {
      aStart[i + 1] = aStart[i] + aCols.get(i).length;
    }
    int[] aCol = new int[aStart[m]];
    long[] nnzA = new long[m];
    for (int i = 0; i < m; i++) {
      nnzA[i] = aSizes.get(i);
      byte[][] cols = aCols.get(i);
      for (int e = 0; e < cols.length; e++) {
        aCol[aStart[i] + e] = bIndex.get(ByteBuffer.wrap(cols[e]));
      }
    }
    long[] nnzC = SymbolicProduct.rowCounts(m, aStart, aCol, bStart, bCol, cColumns.size());
    return new BipartiteModel(aRows.toArray(new byte[0][]), bKeys, aStart, aCol, nnzA, nnzB, nnzC);
  }

  private static void forEachRow(Store store, String table, java.util.function.Consumer<MatrixRow> each) {
    try (Scan s = store.scan(table, ScanSpec.all())) {
      RowReader reader = new RowReader(table, s, null, new AtomicLong());
      MatrixRow r;
      while ((r = reader.next()) != null) {
        each.accept(r.copy());
      }
    }
  }
}
