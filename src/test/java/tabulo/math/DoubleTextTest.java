package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The fast writer and parser against the JDK's (the oracle) on random doubles over the whole range. */
class DoubleTextTest {
  @Test
  void shortestReadsBackAndIsNeverLongerThanDoubleToString() {
    Random rnd = new Random(11);
    for (int i = 0; i < 300000; i++) {
      double d = i % 3 == 0 ? Double.longBitsToDouble(rnd.nextLong()) : rnd.nextDouble() * Math.pow(10, rnd.nextInt(40) - 20);
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        continue;
      }
      String jdk = Double.toString(d);
      String got = DoubleText.shortest(d);
      assertEquals(d, Double.parseDouble(got), got);
      assertEquals(jdk.contains("E"), got.contains("E"), jdk + " vs " + got); // the same format
      int digitsJdk = new BigDecimal(jdk).stripTrailingZeros().precision();
      int digitsGot = new BigDecimal(got).stripTrailingZeros().precision();
      assertTrue(digitsGot <= digitsJdk, got + " has more digits than " + jdk);
      if (digitsGot == digitsJdk) {
        assertEquals(jdk, got); // where Java 17's digits are shortest too, the same text
      }
    }
  }

  @Test
  void parseAgreesWithParseDouble() {
    Random rnd = new Random(13);
    for (int i = 0; i < 300000; i++) {
      String s = switch (i % 4) {
        case 0 -> Double.toString(Double.longBitsToDouble(rnd.nextLong()));
        case 1 -> BigDecimal.valueOf(rnd.nextLong(), rnd.nextInt(40) - 10).toString(); // up to 19 digits
        case 2 -> (rnd.nextBoolean() ? "-" : "") + rnd.nextInt(1000) + "." + Long.toUnsignedString(rnd.nextLong())
            + "e" + (rnd.nextInt(700) - 350);
        default -> "0." + "0".repeat(rnd.nextInt(20)) + Long.toUnsignedString(rnd.nextLong());
      };
      if (s.contains("NaN") || s.contains("Infinity")) {
        continue;
      }
      assertEquals(Double.parseDouble(s), DoubleText.parse(s), s);
    }
  }
}
