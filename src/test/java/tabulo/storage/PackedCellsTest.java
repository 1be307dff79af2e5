package tabulo.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;

/**
 * {@link PackedCells#appendSorted} against a comparison sort: key order, and of equal keys the last added
 * first, on runs far longer than the block it touches ahead (equal keys spanning blocks) and rows sharing
 * their first 8 bytes.
 */
class PackedCellsTest {
  private record Added(String key, int index) {}

  @Test
  void appendsInKeyOrderWithTheLastOfEqualKeysFirst() {
    Random rnd = new Random(3);
    PackedCells cells = new PackedCells();
    List<Added> added = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      // few distinct keys: runs of equal keys thousands long; a shared 8-byte prefix for all rows
      String row = "prefix--" + (char) ('a' + rnd.nextInt(3));
      String qualifier = "q" + rnd.nextInt(2);
      String vis = rnd.nextInt(4) == 0 ? "A" : "";
      cells.add(b(row), new byte[0], b(qualifier), b(vis), b(Integer.toString(i)));
      added.add(new Added(row + "\u0000" + qualifier + "\u0000" + vis, i));
    }
    List<String> expected = new ArrayList<>();
    added.stream().sorted(Comparator.comparing(Added::key).thenComparing(Added::index, Comparator.reverseOrder()))
        .forEach(a -> expected.add(a.key() + "=" + a.index()));
    List<String> actual = new ArrayList<>();
    cells.appendSorted(new SortedLoader() {
      @Override
      public void append(Key key, Value value) {
        actual.add(key.getRow() + "\u0000" + key.getColumnQualifier() + "\u0000" + key.getColumnVisibility() + "="
            + value);
      }

      @Override
      public void nextRun() {}

      @Override
      public void close() {}

      @Override
      public void abort() {}
    });
    assertEquals(expected, actual);
  }

  /**
   * Short rows (wholly in their 8-byte prefix, some equal but for trailing zero bytes), empty and non-empty
   * families, and qualifiers that share or differ in their first 8 bytes, added out of order: the order is
   * the brute-force byte order of (row, family, qualifier, visibility), the last of equal keys first.
   */
  @Test
  void shortRowsAreOrderedByQualifierPrefixesAsByFullKeys() {
    Random rnd = new Random(5);
    String[] rows = {"", "a", "a\u0000", "ab", "b", "12345678", "1234567", "123456789"};
    String[] families = {"", "", "", "f", "\u0000"};
    String[] qualifiers = {"", "q", "q\u0000", "qualifier-1", "qualifier-2", "qualifie", "\u00ff", "z"};
    PackedCells cells = new PackedCells();
    List<String[]> added = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      String[] cell = {rows[rnd.nextInt(rows.length)], families[rnd.nextInt(families.length)],
          qualifiers[rnd.nextInt(qualifiers.length)], rnd.nextInt(5) == 0 ? "A" : "", Integer.toString(i)};
      cells.add(b(cell[0]), b(cell[1]), b(cell[2]), b(cell[3]), b(cell[4]));
      added.add(cell);
    }
    Comparator<String[]> byBytes = (x, y) -> {
      for (int f = 0; f < 4; f++) {
        int c = java.util.Arrays.compareUnsigned(b(x[f]), b(y[f]));
        if (c != 0) {
          return c;
        }
      }
      return Integer.compare(Integer.parseInt(y[4]), Integer.parseInt(x[4]));
    };
    List<String> expected = new ArrayList<>();
    added.stream().sorted(byBytes).forEach(c -> expected.add(String.join("|", c)));
    List<String> actual = new ArrayList<>();
    cells.appendSorted(new SortedLoader() {
      @Override
      public void append(Key key, Value value) {
        actual.add(String.join("|", key.getRow().toString(), key.getColumnFamily().toString(),
            key.getColumnQualifier().toString(), key.getColumnVisibility().toString(), value.toString()));
      }

      @Override
      public void nextRun() {}

      @Override
      public void close() {}

      @Override
      public void abort() {}
    });
    assertEquals(expected, actual);
  }

  /**
   * Many rows of a few cells each (tie groups of every size up to past the radix pass's), the cells given
   * as slices of a larger array for half of them: the order is a comparison sort's of (row, qualifier),
   * the last of equal keys first, and each cell reads back as given.
   */
  @Test
  void rowsOfFewCellsGivenAsSlicesSortAsAComparisonSortsThem() {
    Random rnd = new Random(9);
    PackedCells cells = new PackedCells();
    List<String[]> added = new ArrayList<>();
    int i = 0;
    for (int row = 0; row < 400; row++) {
      String r = Integer.toString(rnd.nextInt(row < 200 ? 1000 : 100_000_000)); // repeats among the first
      for (int k = 1 + rnd.nextInt(40); k > 0; k--, i++) {
        String[] cell = {r, Integer.toString(rnd.nextInt(50)), "w" + i};
        if (rnd.nextBoolean()) {
          byte[] line = b("#" + cell[0] + " " + cell[1] + " " + cell[2] + "#");
          int rowTo = 1 + cell[0].length();
          int qualifierTo = rowTo + 1 + cell[1].length();
          cells.add(line, 1, rowTo, line, rowTo + 1, qualifierTo, line, qualifierTo + 1, line.length - 1);
        } else {
          cells.add(b(cell[0]), new byte[0], b(cell[1]), new byte[0], b(cell[2]));
        }
        added.add(cell);
      }
    }
    List<String> expected = new ArrayList<>();
    List<Integer> order = new ArrayList<>();
    for (int j = 0; j < added.size(); j++) {
      order.add(j);
    }
    order.sort((x, y) -> {
      int c = Arrays.compareUnsigned(b(added.get(x)[0]), b(added.get(y)[0]));
      c = c != 0 ? c : Arrays.compareUnsigned(b(added.get(x)[1]), b(added.get(y)[1]));
      return c != 0 ? c : Integer.compare(y, x);
    });
    order.forEach(j -> expected.add(String.join("|", added.get(j)[0], "", added.get(j)[1], "", added.get(j)[2])));
    List<String> actual = new ArrayList<>();
    cells.appendSorted(new SortedLoader() {
      @Override
      public void append(Key key, Value value) {
        actual.add(String.join("|", key.getRow().toString(), key.getColumnFamily().toString(),
            key.getColumnQualifier().toString(), key.getColumnVisibility().toString(), value.toString()));
      }

      @Override
      public void nextRun() {}

      @Override
      public void close() {}

      @Override
      public void abort() {}
    });
    assertEquals(expected, actual);
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
