package tabulo.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.CsrMatrix;
import tabulo.partition.Assignment;
import tabulo.partition.BipartiteModel;
import tabulo.partition.PartCosts;
import tabulo.partition.StoredModel;
import tabulo.storage.ScanSpec;

/**
 * A generated matrix written as a table holds exactly its entries (row, column, value, keys of one width), and
 * the equal row ranges put row i of A and of B in range floor(i ranges / rows), counted by hand here.
 */
class MatrixTableTest {
  @TempDir
  Path dir;

  @Test
  void theTableHoldsTheMatrixSplitInEqualRowRanges() {
    CsrMatrix a = SparseMatrices.poisson2d(5); // 25 x 25, 4 and -1
    CsrMatrix p = SparseMatrices.aggregation2d(5, 3); // 25 x 4
    int width = Math.max(MatrixTable.width(a), MatrixTable.width(p));
    assertEquals(2, width); // indices up to 24
    int ranges = 3;
    List<byte[]> splits = MatrixTable.rangeSplits(a.rows(), width, ranges);
    // ranges of 25 rows in 3: rows 0-8, 9-16, 17-24 (floor(3 i / 25)); a tablet ends at its split point
    assertEquals(List.of("08", "16"), splits.stream().map(b -> new String(b, StandardCharsets.US_ASCII)).toList());
    try (EmbeddedStore store = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      MatrixTable.write(store, "A", a, width, splits);
      MatrixTable.write(store, "P", p, width, splits);
      assertEquals(List.of("08", "16"), List.copyOf(store.splits("A")));
      assertEquals(cells(a, width), read(store, "A"));
      assertEquals(cells(p, width), read(store, "P"));
      BipartiteModel m = StoredModel.read(store, "A", "P");
      Assignment byRanges = PartCosts.bySplits(m, splits);
      for (int i = 0; i < a.rows(); i++) {
        assertEquals(3 * i / 25, byRanges.ofA()[i], "row " + i + " of A");
        assertEquals(3 * i / 25, byRanges.ofB()[i], "row " + i + " of P");
      }
    }
  }

  private static List<String> cells(CsrMatrix m, int width) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < m.rows(); i++) {
      for (int q = m.rowStart(i); q < m.rowStart(i) + m.rowLength(i); q++) {
        out.add(String.format("%0" + width + "d %0" + width + "d %d", i, m.col(q), (long) m.value(q)));
      }
    }
    return out;
  }

  private static List<String> read(EmbeddedStore store, String table) {
    List<String> out = new ArrayList<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      assertEquals("", e.getKey().getColumnFamily().toString());
      out.add(e.getKey().getRow() + " " + e.getKey().getColumnQualifier() + " " + e.getValue());
    }
    return out;
  }
}
