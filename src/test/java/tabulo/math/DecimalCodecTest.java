package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.junit.jupiter.api.Test;

class DecimalCodecTest {
  private static final DecimalCodec CODEC = DecimalCodec.INSTANCE;

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static double decode(String s) {
    return CODEC.decode(ascii(s));
  }

  private static String encode(double d) {
    return new String(CODEC.encode(d), StandardCharsets.US_ASCII);
  }

  @Test
  void decodesTheGrammar() {
    assertEquals(7.0, decode("7"));
    assertEquals(-3.0, decode("-3"));
    assertEquals(4.0, decode("+4"));
    assertEquals(42.0, decode("042"));
    assertEquals(-2.5, decode("-2.5"));
    assertEquals(0.5, decode(".5"));
    assertEquals(1.0, decode("1."));
    assertEquals(1000.0, decode("1e3"));
    assertEquals(1000.0, decode("1E+3"));
    assertEquals(0.001, decode("1e-3"));
    assertEquals(0.1 + 0.2, decode("0.30000000000000004"));
    assertEquals(1e19, decode("10000000000000000000")); // beyond the fast path's 18 digits
    assertEquals(Double.POSITIVE_INFINITY, decode("Infinity"));
    assertEquals(Double.POSITIVE_INFINITY, decode("+Infinity"));
    assertEquals(Double.NEGATIVE_INFINITY, decode("-Infinity"));
    assertTrue(Double.isNaN(decode("NaN")));
  }

  /** isNumber: what decode reads, the words for non-finite values included; isDecimal leaves those out. */
  @Test
  void isNumberAcceptsWhatDecodeReads() {
    for (String s : new String[] {"7", "-2.5", ".5", "1e3", "NaN", "Infinity", "+Infinity", "-Infinity"}) {
      assertTrue(DecimalCodec.isNumber(ascii(s), 0, s.length()), s);
    }
    assertFalse(DecimalCodec.isDecimal(ascii("NaN"), 0, 3));
    for (String s : new String[] {"", "abc", "nan", "inf", "Inf", "infinity", "+NaN", "-NaN", "Infinity1"}) {
      assertFalse(DecimalCodec.isNumber(ascii(s), 0, s.length()), s);
    }
    byte[] b = ascii("xNaNx");
    assertTrue(DecimalCodec.isNumber(b, 1, 3));
  }

  @Test
  void decodesWithinALargerArray() {
    byte[] b = ascii("xx-125yy2.5e1zz");
    assertEquals(-125.0, CODEC.decode(b, 2, 4));
    assertEquals(25.0, CODEC.decode(b, 8, 5));
    ValueFormatException e = assertThrows(ValueFormatException.class, () -> CODEC.decode(b, 1, 4));
    assertArrayEquals(ascii("x-12"), e.bytes());
  }

  @Test
  void rejectsEverythingElseCarryingTheBytes() {
    for (String bad : new String[] {"abc", "", "1.2.3", "1e", "--1", " 1", "1 ", "0x10", "1d", "e5", ".", "+",
        "-", "1,5", "\u0661", "inf", "Inf", "infinity", "nan", "+NaN", "1e3.5", "12345678901234567x"}) {
      ValueFormatException e = assertThrows(ValueFormatException.class, () -> decode(bad), bad);
      assertArrayEquals(ascii(bad), e.bytes());
      assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
      assertEquals("Reader: value '" + bad + "' at row 'r7' is not a decimal number",
          e.at("at row 'r7'").in("Reader").getMessage());
    }
    byte[] longBad = ascii("z".repeat(100));
    String message = assertThrows(ValueFormatException.class, () -> CODEC.decode(longBad)).getMessage();
    assertTrue(message.contains("z".repeat(64) + "..."), message);
    assertFalse(message.contains("z".repeat(65)), message);
  }

  /** The fast integer path and the slow path agree with Double.parseDouble on random text. */
  @Test
  void decodeAgreesWithParseDouble() {
    Random rnd = new Random(11);
    for (int i = 0; i < 20000; i++) {
      String s;
      switch (i % 4) {
        case 0:
          s = Long.toString(rnd.nextLong() >> rnd.nextInt(64));
          break;
        case 1:
          s = (rnd.nextBoolean() ? "+" : "") + Long.toString(rnd.nextLong() & Long.MAX_VALUE);
          break;
        case 2:
          s = BigDecimal.valueOf(rnd.nextLong() >> rnd.nextInt(64), rnd.nextInt(30) - 10).toString();
          break;
        default:
          s = Double.toString(Double.longBitsToDouble(rnd.nextLong()));
          break;
      }
      if (s.contains("NaN")) {
        continue;
      }
      if (s.matches("[+-]?[0-9]+") && new BigDecimal(Double.parseDouble(s)).compareTo(new BigDecimal(s)) != 0
          && !DecimalCodec.format(Double.parseDouble(s)).equals(new java.math.BigInteger(s).toString())) {
        String integer = s; // a double holds no such integer, and would store other digits: refused
        assertThrows(ValueFormatException.class, () -> decode(integer), s);
        continue;
      }
      assertEquals(Double.parseDouble(s), decode(s), s);
    }
  }

  /** A number a double cannot hold, or an integer it would store as other digits, is refused, never changed. */
  @Test
  void refusesNumbersItWouldChange() {
    for (String s : new String[] {"1e400", "-1e400", "9007199254740993", "-9007199254740993", "123456789012345678901",
        "9223372036854775807"}) {
      assertThrows(ValueFormatException.class, () -> decode(s), s);
    }
    assertEquals(0x1p53, decode("9007199254740992"));
    assertEquals(0x1p53 + 2, decode("9007199254740994"));
    assertEquals(0x1p63, decode("9223372036854776000")); // the digits this codec writes for 2^63
    assertEquals(1e20, decode("100000000000000000000"));
    assertEquals(0.0, decode("1e-400")); // underflow to zero is a rounding, as 0.1 is
  }

  @Test
  void encodesIntegersWithoutAPointAndOthersShortest() {
    assertEquals("7", encode(7.0));
    assertEquals("-3", encode(-3.0));
    assertEquals("0", encode(-0.0));
    assertEquals("0", encode(0.0));
    assertEquals("1.5", encode(1.5));
    assertEquals("0.001", encode(0.001));
    assertEquals("0.0000001", encode(1e-7));
    assertEquals("1e-8", encode(1e-8));
    assertEquals("123456789.25", encode(123456789.25));
    assertEquals("-2.5e-10", encode(-2.5e-10));
    assertEquals("100000000000000000000", encode(1e20));
    assertEquals("2e21", encode(2e21));
    assertEquals("9223372036854774784", encode(0x1p63 - 1024)); // the largest double below 2^63
    // from 2^63 on, integers print the shortest digits that read back (as Double.toString's do)
    assertEquals("-9223372036854776000", encode(-0x1p63));
    assertEquals("9223372036854776000", encode(0x1p63));
    assertEquals("1.7976931348623157e308", encode(Double.MAX_VALUE));
    assertEquals("Infinity", encode(Double.POSITIVE_INFINITY));
    assertEquals("-Infinity", encode(Double.NEGATIVE_INFINITY));
    assertEquals("NaN", encode(Double.NaN));
  }

  /** Every encoding reads back to the same double and is in the grammar; format and encode agree. */
  @Test
  void everyEncodingRoundTrips() {
    Random rnd = new Random(7);
    for (int i = 0; i < 20000; i++) {
      double d = i % 2 == 0 ? Double.longBitsToDouble(rnd.nextLong()) : (double) (rnd.nextLong() >> rnd.nextInt(64));
      if (Double.isNaN(d)) {
        continue;
      }
      byte[] b = CODEC.encode(d);
      String s = new String(b, StandardCharsets.US_ASCII);
      assertEquals(DecimalCodec.format(d), s);
      assertEquals(d == 0 ? 0.0 : d, CODEC.decode(b), s);
      assertEquals(d == 0 ? 0.0 : d, Double.parseDouble(s), s);
      assertTrue(DecimalCodec.isDecimal(b, 0, b.length) || s.endsWith("Infinity"), s);
      assertFalse(s.contains("E"), s);
      if (d == Math.rint(d) && Math.abs(d) < 1e21) {
        assertFalse(s.contains(".") || s.contains("e"), s);
      }
    }
  }

  /**
   * Plain notation for 1e-7 &lt;= |d| &lt; 1e21 moves the shortest digits' point by hand: the same number
   * as the BigDecimal conversion of Double.toString it replaced (the oracle), in plain notation, with as
   * many digits or fewer (Java 17's Double.toString sometimes writes one digit more than needed), on random
   * doubles spread over that band.
   */
  @Test
  void plainNotationAsBigDecimalWritesIt() {
    Random rnd = new Random(5);
    for (int i = 0; i < 200000; i++) {
      double d = (rnd.nextBoolean() ? -1 : 1) * rnd.nextDouble() * Math.pow(10, rnd.nextInt(29) - 7);
      if (Math.abs(d) < 1e-7 || d == Math.rint(d)) {
        continue;
      }
      String oracle = new BigDecimal(Double.toString(d)).toPlainString();
      if (oracle.contains(".")) {
        oracle = oracle.replaceAll("0+$", "").replaceAll("\\.$", "");
      }
      String got = DecimalCodec.format(d);
      assertTrue(got.matches("-?[0-9]+\\.[0-9]*[1-9]"), got);
      assertEquals(d, Double.parseDouble(got), got);
      if (got.length() == oracle.length()) {
        assertEquals(oracle, got, Double.toString(d));
      } else {
        assertTrue(got.length() < oracle.length(), got + " longer than " + oracle);
      }
    }
  }

  @Test
  void exactLongsOverTheWholeRange() {
    for (long v : new long[] {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 9007199254740993L, -999999999999999999L}) {
      byte[] b = ascii(Long.toString(v));
      assertTrue(DecimalCodec.isLong(b, 0, b.length), Long.toString(v));
      assertEquals(v, DecimalCodec.parseLong(b, 0, b.length));
    }
    assertEquals(5, DecimalCodec.parseLong(ascii("+5"), 0, 2));
    assertEquals(42, DecimalCodec.parseLong(ascii("a42b"), 1, 2));
    BigInteger max = BigInteger.valueOf(Long.MAX_VALUE);
    for (String s : new String[] {max.add(BigInteger.ONE).toString(), "-" + max.add(BigInteger.TWO),
        "+9223372036854775808", "99999999999999999999", "1.0", "1e3", "", "-", "+", "12a"}) {
      byte[] b = ascii(s);
      assertFalse(DecimalCodec.isLong(b, 0, b.length), s);
      assertThrows(ValueFormatException.class, () -> DecimalCodec.parseLong(b, 0, b.length), s);
    }
  }
}
