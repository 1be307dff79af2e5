package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * The accumulator against a map per row, many rows through one accumulator: sparse rows (put in order
 * by sorting) and dense ones (by scanning the marker), empty rows, repeated columns, with semirings whose
 * zero is not 0 (a first product must not be added to a stale or zero value).
 */
class SparseAccumulatorTest {
  @Test
  void everyRowEqualsItsSumsInAscendingColumns() {
    Random rnd = new Random(5);
    for (Semiring s : List.of(Semirings.PLUS_TIMES, Semirings.MIN_PLUS, Semirings.MAX_MIN)) {
      int columns = 200;
      SparseAccumulator acc = new SparseAccumulator(columns, s);
      for (int row = 0; row < 300; row++) {
        int touches = switch (row % 3) {
          case 0 -> 0;
          case 1 -> 1 + rnd.nextInt(columns / 16 - 1); // sorted
          default -> columns / 4 + rnd.nextInt(columns); // scanned
        };
        acc.startRow();
        Map<Integer, Double> expected = new TreeMap<>();
        while (touches > 0) {
          int n = 1 + rnd.nextInt(Math.min(touches, 6));
          touches -= n;
          int[] cols = new int[n + 2];
          double[] vals = new double[n + 2];
          for (int p = 0; p < cols.length; p++) {
            cols[p] = rnd.nextInt(columns);
            vals[p] = rnd.nextInt(7) - 3;
          }
          double a = rnd.nextInt(5) - 2;
          acc.addScaledRow(a, cols, vals, 1, n + 1); // a slice: the ends are not part of it
          for (int p = 1; p <= n; p++) {
            expected.merge(cols[p], s.multiply(a, vals[p]), s::add);
          }
        }
        int count = acc.finishRow();
        List<Integer> gotCols = new ArrayList<>();
        Map<Integer, Double> got = new TreeMap<>();
        for (int q = 0; q < count; q++) {
          gotCols.add(acc.column(q));
          got.put(acc.column(q), acc.value(acc.column(q)));
        }
        assertEquals(new ArrayList<>(expected.keySet()), gotCols, s.name() + " row " + row);
        assertEquals(expected, got, s.name() + " row " + row);
      }
    }
  }
}
