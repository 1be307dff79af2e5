package tabulo.python;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.storage.TabuloException;

/** The Python facade against a map of what was written (the last triple of a key wins). */
class BridgeTest {
  @TempDir
  Path dir;

  private static byte[] joined(String... keys) {
    return String.join("\0", keys).getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void keyListsRoundTripAndRefuseAWrongCount() {
    String[] keys = {"a", "", "é,b", "\uD83D\uDE00"};
    byte[][] split = KeyList.split(KeyList.join(keys), keys.length);
    for (int i = 0; i < keys.length; i++) {
      assertEquals(keys[i], new String(split[i], StandardCharsets.UTF_8));
    }
    assertNull(KeyList.join(new String[] {"a\0b"}), "a key holding NUL goes as an array");
    assertThrows(IllegalArgumentException.class, () -> KeyList.split(joined("a", "b"), 3));
    assertThrows(IllegalArgumentException.class, () -> KeyList.split(joined("a", "b", "c"), 2));
  }

  @Test
  void putThenQueryGivesTheLastValueOfEachKeyAcrossRuns() {
    int saved = Bridge.runCells;
    Bridge.runCells = 7; // many runs: a later run must win over an earlier one
    try (Bridge b = Bridge.open(dir.resolve("db").toString(), "root", false)) {
      b.create("T");
      Random random = new Random(3);
      int n = 100;
      String[] rowKeys = {"r1", "r2", "ü", "\uD83D\uDE00"};
      String[] colKeys = {"a", "b", "c"};
      int[] ri = new int[n];
      int[] ci = new int[n];
      double[] values = new double[n];
      Map<String, Double> expected = new TreeMap<>();
      for (int i = 0; i < n; i++) {
        ri[i] = random.nextInt(rowKeys.length);
        ci[i] = random.nextInt(colKeys.length);
        values[i] = random.nextInt(5) + 0.5;
        expected.put(rowKeys[ri[i]] + "\t" + colKeys[ci[i]], values[i]);
      }
      KeyedTriples t = new KeyedTriples().rowsJoined(KeyList.join(rowKeys), rowKeys.length, ri)
          .colsArray(colKeys, ci).numbers(values);
      b.put("T", t, false);
      QueryResult r = b.query("T", null, ":", ":");
      assertEquals(expected.size(), r.size());
      Map<String, Double> got = new TreeMap<>();
      for (int i = 0; i < r.size(); i++) {
        got.put(r.rowsArray()[r.rowIndex()[i]] + "\t" + r.colsArray()[r.colIndex()[i]], r.numbers()[i]);
      }
      assertEquals(expected, got);
      assertEquals(expected.size(), b.nnz("T"));
    } finally {
      Bridge.runCells = saved;
    }
  }

  @Test
  void stringValuesComeBackSortedAndAColumnQueryReadsTheTranspose() {
    try (Bridge b = Bridge.open(dir.resolve("db").toString(), "root", false)) {
      b.create("E");
      b.create("ET");
      KeyedTriples t = new KeyedTriples().rowsArray(new String[] {"x", "y"}, new int[] {0, 1, 1})
          .colsArray(new String[] {"k|1", "k|2"}, new int[] {0, 0, 1})
          .stringsArray(new String[] {"pear", "apple"}, new int[] {0, 1, 0});
      b.put("E", t, false);
      b.put("ET", t, true);
      QueryResult r = b.query("E", "ET", ":", "k|2,");
      assertEquals(1, r.size());
      assertArrayEquals(new String[] {"y"}, r.rowsArray());
      assertArrayEquals(new String[] {"k|2"}, r.colsArray());
      assertArrayEquals(new String[] {"pear"}, r.stringsArray());
      // the transpose alone holds it the other way round
      QueryResult tr = b.query("ET", null, "k|2,", ":");
      assertArrayEquals(new String[] {"k|2"}, tr.rowsArray());
      QueryResult all = b.query("E", null, ":", ":");
      assertArrayEquals(new String[] {"apple", "pear"}, all.stringsArray());
      assertArrayEquals(new int[] {1, 0, 1}, all.stringIndex()); // x|k|1 pear, y|k|1 apple, y|k|2 pear
    }
  }

  @Test
  void mistakesNameTheTableOrParameter() {
    try (Bridge b = Bridge.open(dir.resolve("db").toString(), "root", false)) {
      TabuloException e = assertThrows(TabuloException.class, () -> b.nnz("nope"));
      assertEquals("no such table: nope", e.getMessage());
      b.create("T");
      e = assertThrows(TabuloException.class, () -> b.query("T", null, "b,:,a,", ":"));
      assertTrue(e.getMessage().startsWith("rows: invalid key spec \"b,:,a,\""), e.getMessage());
      KeyedTriples bad = new KeyedTriples().rowsArray(new String[] {"a"}, new int[] {0, 1})
          .colsArray(new String[] {"c"}, new int[] {0, 0}).numbers(new double[] {1, 2});
      IllegalArgumentException i = assertThrows(IllegalArgumentException.class, () -> b.put("T", bad, false));
      assertEquals("row index 1 out of range 0..0", i.getMessage());
      assertEquals(0, b.nnz("T"), "nothing written");
    }
  }
}
