package tabulo.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import tabulo.math.ValueCodec;

/** A row's value bytes: the stored ones while every entry kept them (copies too), else the codec's. */
public class MatrixRowTest {
  private static final ValueCodec DECIMAL = ValueCodec.named("decimal");
  private static final byte[] NONE = new byte[0];

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @Test
  void storedBytesPassThroughCopiesAndGrowth() {
    MatrixRow r = new MatrixRow();
    r.clear(b("r"));
    byte[] frame = b("[2.50|1e1]");
    r.add(NONE, b("x"), 2.5, NONE, frame, 1, 4);
    r.add(NONE, b("y"), 10, NONE, frame, 6, 3);
    for (int i = 0; i < 40; i++) { // past the initial arrays
      r.add(NONE, b("z" + i), i, NONE, b("0" + i), 0, ("0" + i).length());
    }
    assertEquals("2.50", text(r.valueBytes(0, DECIMAL)));
    assertEquals("1e1", text(r.valueBytes(1, DECIMAL)));
    assertEquals("039", text(r.valueBytes(41, DECIMAL)));
    MatrixRow c = r.copy();
    r.clear(b("s")); // the reader reuses its row: the copy keeps its own bytes
    r.add(NONE, b("x"), 7, NONE, b("7.0"), 0, 3);
    assertEquals("1e1", text(c.valueBytes(1, DECIMAL)));
    assertEquals("07", text(c.valueBytes(9, DECIMAL)));
    assertEquals("7.0", text(r.valueBytes(0, DECIMAL)));
  }

  @Test
  void aRowWithAnEntryAddedWithoutBytesEncodesEveryValue() {
    MatrixRow r = new MatrixRow();
    r.clear(b("r"));
    r.add(NONE, b("x"), 2.5, NONE, b("2.50"), 0, 4);
    r.add(NONE, b("y"), 3, NONE);
    assertEquals("2.5", text(r.valueBytes(0, DECIMAL)));
    assertEquals("3", text(r.valueBytes(1, DECIMAL)));
    assertEquals("3", text(r.copy().valueBytes(1, DECIMAL)));
    r.clear(b("s")); // a new row keeps bytes again
    r.add(NONE, b("x"), 2.5, NONE, b("2.50"), 0, 4);
    assertEquals("2.50", text(r.valueBytes(0, DECIMAL)));
  }
}
