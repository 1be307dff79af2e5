package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** The split of weighted rows into contiguous parts, against the closest prefix sums found by brute force. */
class WeightedSplitTest {
  @Test
  void eachCutIsTheClosestPrefixToItsShare() {
    Random random = new Random(3);
    for (int round = 0; round < 2000; round++) {
      int n = random.nextInt(30);
      long[] w = new long[n];
      for (int i = 0; i < n; i++) {
        w[i] = random.nextInt(4) == 0 ? random.nextInt(1000) : random.nextInt(5); // a few heavy rows
      }
      int parts = 1 + random.nextInt(5);
      int[] bounds = WeightedSplit.of(w, parts);
      assertEquals(parts + 1, bounds.length);
      assertEquals(0, bounds[0]);
      assertEquals(n, bounds[parts]);
      long[] prefix = new long[n + 1];
      for (int i = 0; i < n; i++) {
        prefix[i + 1] = prefix[i] + w[i];
      }
      for (int p = 1; p < parts; p++) {
        assertTrue(bounds[p - 1] <= bounds[p], "bounds ascend");
        double share = (double) prefix[n] * p / parts;
        double best = Double.MAX_VALUE;
        for (int i = 0; i <= n; i++) {
          best = Math.min(best, Math.abs(prefix[i] - share));
        }
        assertEquals(best, Math.abs(prefix[bounds[p]] - share), 1e-9, "cut " + p + " of " + java.util.Arrays.toString(w));
      }
    }
  }

  @Test
  void equalWeightsSplitEvenlyAndNoPartsIsAnError() {
    assertEquals(java.util.List.of(0, 5, 10), java.util.Arrays.stream(WeightedSplit.of(ones(10), 2)).boxed().toList());
    assertThrows(IllegalArgumentException.class, () -> WeightedSplit.of(ones(3), 0));
  }

  private static long[] ones(int n) {
    long[] w = new long[n];
    java.util.Arrays.fill(w, 1);
    return w;
  }
}
