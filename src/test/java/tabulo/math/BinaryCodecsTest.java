package tabulo.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Random;

import org.junit.jupiter.api.Test;

class BinaryCodecsTest {
  @Test
  void longsAreEightBigEndianBytes() {
    LongCodec c = LongCodec.INSTANCE;
    assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 1, 2}, c.encode(258));
    assertArrayEquals(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1}, c.encode(-1));
    Random rnd = new Random(5);
    for (int i = 0; i < 1000; i++) {
      long v = rnd.nextLong() >> (11 + rnd.nextInt(53)); // at most 53 bits: exact as a double
      byte[] b = c.encode(v);
      assertArrayEquals(ByteBuffer.allocate(8).putLong(v).array(), b);
      assertEquals((double) v, c.decode(b));
    }
    byte[] framed = {9, 0, 0, 0, 0, 0, 0, 0, 7, 9};
    assertEquals(7.0, c.decode(framed, 1, 8));
    assertEquals(-0x1p63, c.decode(c.encode(-0x1p63)));
  }

  @Test
  void longCodecRefusesWhatItCannotStore() {
    for (double bad : new double[] {0.5, -2.25, Double.NaN, Double.POSITIVE_INFINITY, 0x1p63, -0x1p64}) {
      assertThrows(IllegalArgumentException.class, () -> LongCodec.INSTANCE.encode(bad), Double.toString(bad));
    }
    ValueFormatException e = assertThrows(ValueFormatException.class,
        () -> LongCodec.INSTANCE.decode(new byte[] {'4', '2'}));
    assertArrayEquals(new byte[] {'4', '2'}, e.bytes());
  }

  @Test
  void doublesAreExactIeeeBits() {
    DoubleCodec c = DoubleCodec.INSTANCE;
    Random rnd = new Random(6);
    for (int i = 0; i < 1000; i++) {
      double d = i == 0 ? Double.NaN : Double.longBitsToDouble(rnd.nextLong());
      byte[] b = c.encode(d);
      assertArrayEquals(ByteBuffer.allocate(8).putLong(Double.doubleToLongBits(d)).array(), b); // NaN canonical
      assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(c.decode(b)));
    }
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(c.decode(c.encode(-0.0))));
    assertThrows(ValueFormatException.class, () -> c.decode(new byte[7]));
    assertThrows(ValueFormatException.class, () -> c.decode(new byte[9]));
  }

  @Test
  void codecsByName() {
    assertSame(DecimalCodec.INSTANCE, ValueCodec.named("decimal"));
    assertSame(LongCodec.INSTANCE, ValueCodec.named("long"));
    assertSame(DoubleCodec.INSTANCE, ValueCodec.named("double"));
    for (ValueCodec c : new ValueCodec[] {DecimalCodec.INSTANCE, LongCodec.INSTANCE, DoubleCodec.INSTANCE}) {
      assertSame(c, ValueCodec.named(c.name()));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ValueCodec.named("hex"));
    assertEquals("unknown value codec 'hex'; known: decimal, long, double", e.getMessage());
  }
}
