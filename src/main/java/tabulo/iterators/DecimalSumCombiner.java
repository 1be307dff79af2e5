package tabulo.iterators;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;

import tabulo.math.DecimalCodec;
import tabulo.math.ValueFormatException;

/**
 * Sums values written as decimal strings, D4M's convention for numeric cells.
 *
 * <p>Values that are plain integers ({@code "3"}, {@code "-12"}, {@code "+4"}) are summed exactly as
 * a {@code long}. A value with a fraction or an exponent ({@code "2.5"}, {@code "1e3"}), an integer
 * too large for a {@code long}, or a {@code long} sum that overflows makes the result a
 * {@code double} sum (the exact integer part and the floating part are kept apart until the end, so
 * integers stay exact as long as they fit).
 *
 * <p>Values are read and a double result is written by {@link DecimalCodec}: its grammar (decimal
 * text, plus {@code "NaN"} and {@code "Infinity"} so that partial sums can be combined again) and its
 * output form (integral results without a decimal point, {@code "7"}; others in the shortest
 * round-trip digits, plain between 1e-7 and 1e21, {@code "0.001"}). A value it cannot read raises
 * {@link ValueFormatException} (an {@link IllegalArgumentException}) naming the row and column.
 *
 * <p>Configure like any {@link Combiner}: either on all columns ({@link #allColumns(int, String)}) or
 * on listed columns ({@link Combiner#setColumns}).
 */
public class DecimalSumCombiner extends Combiner {
  private static final DecimalCodec CODEC = DecimalCodec.INSTANCE;

  /** Must stay public and argument-free: tablet servers instantiate the class by name. */
  public DecimalSumCombiner() {}

  /** An iterator setting for this combiner applied to every column. */
  public static IteratorSetting allColumns(int priority, String name) {
    IteratorSetting s = new IteratorSetting(priority, name, DecimalSumCombiner.class);
    Combiner.setCombineAllColumns(s, true);
    return s;
  }

  @Override
  public Value reduce(Key key, Iterator<Value> iter) {
    long longSum = 0; // exact sum of the integers seen since the last overflow
    boolean useDouble = false; // set once the long sum overflowed or a non-integer was seen
    double doubleSum = 0.0;
    while (iter.hasNext()) {
      byte[] b = iter.next().get();
      if (DecimalCodec.isLong(b, 0, b.length)) {
        long v = DecimalCodec.parseLong(b, 0, b.length);
        long s = longSum + v;
        if (((longSum ^ s) & (v ^ s)) < 0) { // overflow: same-signed operands, result sign flipped
          useDouble = true;
          doubleSum += (double) longSum;
          longSum = v;
        } else {
          longSum = s;
        }
      } else {
        useDouble = true;
        doubleSum += decode(b, key);
      }
    }
    byte[] out = useDouble ? CODEC.encode(doubleSum + (double) longSum)
        : Long.toString(longSum).getBytes(StandardCharsets.US_ASCII);
    return new Value(out, false);
  }

  private static double decode(byte[] b, Key key) {
    try {
      return CODEC.decodeRounding(b, 0, b.length);
    } catch (ValueFormatException e) {
      throw e.in("DecimalSumCombiner").at("at row '" + key.getRow() + "' column '" + key.getColumnFamily() + ":"
          + key.getColumnQualifier() + "'");
    }
  }
}
