package tabulo.partition;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.SortedLoader;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * A partition plan stored as a table, one row per row key of A or B:
 *
 * <pre>
 *   row = the row key (as in A and B)   column = A (empty family, qualifier "A")   value = part of A's row (and C's)
 *   row = the row key                   column = B (qualifier "B")                 value = part of B's row
 * </pre>
 *
 * Parts are decimal integers 0 .. K-1. A key that is a row of both A and B has both cells (they may differ). A
 * key that is only a column of A (no row in B) has a B cell too: it is a vertex of the model. The table is new
 * and appears whole or not at all.
 */
public final class PlanTable {
  public static final String A = "A";
  public static final String B = "B";
  private static final byte[] EMPTY = new byte[0];

  private PlanTable() {}

  public static void write(Store store, String table, BipartiteModel m, Assignment p) {
    if (store.exists(table)) {
      throw new TabuloException("table " + table + " exists: give a new table for the plan");
    }
    store.create(table, TableSettings.defaults());
    SortedLoader loader = store.atomicLoad(table);
    try {
      List<byte[][]> cells = new ArrayList<>(); // {row, qualifier, part}
      for (int i = 0; i < m.rowsOfA(); i++) {
        cells.add(new byte[][] {m.aKeys[i], bytes(A), bytes(Integer.toString(p.ofA()[i]))});
      }
      for (int j = 0; j < m.rowsOfB(); j++) {
        cells.add(new byte[][] {m.bKeys[j], bytes(B), bytes(Integer.toString(p.ofB()[j]))});
      }
      cells.sort((x, y) -> {
        int c = Arrays.compareUnsigned(x[0], y[0]);
        return c != 0 ? c : Arrays.compareUnsigned(x[1], y[1]);
      });
      for (byte[][] c : cells) {
        loader.append(new Key(c[0], EMPTY, c[1], EMPTY, 0), new Value(c[2]));
      }
    } catch (RuntimeException | Error e) {
      loader.abort();
      store.delete(table);
      throw e;
    }
    loader.close();
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
