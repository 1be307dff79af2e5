package tabulo.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

class VertexKeysTest {
  @Test
  void widthIsTheDigitsOfTheLargestVertex() {
    assertEquals(1, VertexKeys.width(0)); // one vertex, 0
    assertEquals(1, VertexKeys.width(3)); // 7
    assertEquals(2, VertexKeys.width(4)); // 15
    assertEquals(4, VertexKeys.width(10)); // 1023
    assertEquals(5, VertexKeys.width(14)); // 16383
    assertEquals(8, VertexKeys.width(24)); // 16777215
    assertEquals(19, VertexKeys.width(63));
  }

  @Test
  void keysArePaddedDecimal() {
    assertArrayEquals("0005".getBytes(StandardCharsets.US_ASCII), VertexKeys.key(5, 4));
    assertArrayEquals("1023".getBytes(StandardCharsets.US_ASCII), VertexKeys.key(1023, 4));
    assertArrayEquals("0".getBytes(StandardCharsets.US_ASCII), VertexKeys.key(0, 1));
    assertThrows(IllegalArgumentException.class, () -> VertexKeys.key(10000, 4));
    assertThrows(IllegalArgumentException.class, () -> VertexKeys.key(-1, 4));
  }

  @Test
  void byteOrderIsNumericOrderAndParseInverts() {
    Random rnd = new Random(1);
    for (int scale : new int[] {1, 7, 10, 20, 40}) {
      int w = VertexKeys.width(scale);
      for (int i = 0; i < 2000; i++) {
        long a = rnd.nextLong() >>> (64 - scale);
        long b = rnd.nextLong() >>> (64 - scale);
        byte[] ka = VertexKeys.key(a, w);
        byte[] kb = VertexKeys.key(b, w);
        assertEquals(Long.signum(Long.compare(a, b)), Integer.signum(Arrays.compareUnsigned(ka, kb)));
        assertEquals(a, VertexKeys.parse(ka));
      }
    }
    byte[] framed = "xx0042yy".getBytes(StandardCharsets.US_ASCII);
    assertEquals(42, VertexKeys.parse(framed, 2, 4));
  }

  @Test
  void parseRejectsWhatIsNotAVertex() {
    for (String bad : new String[] {"", "-1", "1a", " 1", "99999999999999999999"}) {
      assertThrows(IllegalArgumentException.class, () -> VertexKeys.parse(bad.getBytes(StandardCharsets.UTF_8)),
          bad);
    }
  }
}
