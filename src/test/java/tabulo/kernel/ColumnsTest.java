package tabulo.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Nested columns (the single-table layout): unnested back exactly, in the order of (family, qualifier). */
class ColumnsTest {
  private static byte[] random(Random rnd) {
    byte[] b = new byte[rnd.nextInt(5)];
    byte[] alphabet = {0, 0, 1, (byte) 0xff, (byte) 0xfe, 'a', ':'};
    for (int i = 0; i < b.length; i++) {
      b[i] = alphabet[rnd.nextInt(alphabet.length)];
    }
    return b;
  }

  private static int compare(byte[] f1, byte[] q1, byte[] f2, byte[] q2) {
    int c = Arrays.compareUnsigned(f1, f2);
    return c != 0 ? c : Arrays.compareUnsigned(q1, q2);
  }

  @Test
  void nestKeepsOrderAndUnnestGivesTheColumnBack() {
    Random rnd = new Random(3);
    for (int i = 0; i < 20_000; i++) {
      byte[] f1 = random(rnd);
      byte[] q1 = random(rnd);
      byte[] f2 = random(rnd);
      byte[] q2 = random(rnd);
      byte[] n1 = Columns.nest(f1, q1);
      byte[] n2 = Columns.nest(f2, q2);
      byte[][] back = Columns.unnest(n1);
      assertArrayEquals(f1, back[0]);
      assertArrayEquals(q1, back[1]);
      assertEquals(Integer.signum(compare(f1, q1, f2, q2)), Integer.signum(Arrays.compareUnsigned(n1, n2)),
          () -> Arrays.toString(f1) + Arrays.toString(q1) + " vs " + Arrays.toString(f2) + Arrays.toString(q2));
    }
  }

  @Test
  void bytesNoNestMadeAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> Columns.unnest(new byte[] {'a', 'b'}));
    assertThrows(IllegalArgumentException.class, () -> Columns.unnest(new byte[] {'a', 0, 1}));
  }
}
