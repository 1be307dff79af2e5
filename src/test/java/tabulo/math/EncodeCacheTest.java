package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** The cache gives exactly the codec's bytes, for repeated values and for values colliding in its slots. */
public class EncodeCacheTest {
  @Test
  void givesTheCodecsBytes() {
    for (String name : new String[] {"decimal", "double"}) {
      ValueCodec codec = ValueCodec.named(name);
      EncodeCache cache = new EncodeCache(codec);
      Random rnd = new Random(3);
      for (int i = 0; i < 200_000; i++) {
        // few distinct ratios (hits), then arbitrary doubles (misses and evictions), -0.0 and 0.0 apart
        double v = switch (i % 4) {
          case 0 -> (1 + rnd.nextInt(20)) / (double) (1 + rnd.nextInt(300));
          case 1 -> rnd.nextDouble() * 1e6 - 5e5;
          case 2 -> rnd.nextBoolean() ? -0.0 : 0.0;
          default -> rnd.nextInt(1000);
        };
        assertArrayEquals(codec.encode(v), cache.encode(v), name + " " + v);
      }
    }
  }
}
