package tabulo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.math.BinaryOps;
import tabulo.math.UnaryOps;
import tabulo.select.KeySpec;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Operations that pass a value through unchanged write the bytes it is stored as (decimal text that is not
 * in the codec's own form, such as "2.50" or "1e1", stays so); values they compute are written in the
 * codec's form. Hand-worked expectations, on tables split in two with units of two entries.
 */
public class StoredValueBytesTest {
  @TempDir
  Path dir;

  private static void write(Store store, String table, String... rowColValue) {
    store.create(table, TableSettings.defaults().splits(List.of("m")));
    try (TableWriter w = store.writer(table)) {
      for (int i = 0; i < rowColValue.length; i += 3) {
        Mutation m = new Mutation(rowColValue[i]);
        m.put("", rowColValue[i + 1], new Value(rowColValue[i + 2].getBytes(StandardCharsets.UTF_8)));
        w.addMutation(m);
      }
    }
  }

  /** "row col" to the stored value, as text. */
  private static Map<String, String> cells(Store store, String table) {
    Map<String, String> m = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      m.put(e.getKey().getRow() + " " + e.getKey().getColumnQualifier(), e.getValue().toString());
    }
    return m;
  }

  @Test
  void passedThroughValuesKeepTheirBytesComputedOnesAreEncoded() {
    try (Store store = EwiseAddTest.open(dir)) {
      write(store, "A", "a", "x", "2.50", "a", "y", "1e1", "n", "x", "007", "z", "z", "-0.50");
      write(store, "B", "a", "x", "0.5", "b", "y", "+3", "z", "z", "1.0");
      try (Session s = Session.open(store).unitEntries(2)) {
        Matrix a = s.matrix("A");
        a.extract(KeySpec.all(), KeySpec.all()).into("E");
        assertEquals(Map.of("a x", "2.50", "a y", "1e1", "n x", "007", "z z", "-0.50"), cells(store, "E"));
        a.transpose().into("T");
        assertEquals(Map.of("x a", "2.50", "y a", "1e1", "x n", "007", "z z", "-0.50"), cells(store, "T"));
        a.select(Select.gt(1)).into("S");
        assertEquals(Map.of("a x", "2.50", "a y", "1e1", "n x", "007"), cells(store, "S"));
        a.ewiseAdd(s.matrix("B"), BinaryOps.PLUS).into("U");
        assertEquals(Map.of("a x", "3", "a y", "1e1", "b y", "+3", "n x", "007", "z z", "0.5"), cells(store, "U"));
        a.apply(UnaryOps.AINV).into("N");
        assertEquals(Map.of("a x", "-2.5", "a y", "-10", "n x", "-7", "z z", "0.5"), cells(store, "N"));
      }
    }
  }
}
