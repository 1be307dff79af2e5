package tabulo.iterators;

import java.util.Iterator;
import java.util.Map;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.math.ValueCodec;
import tabulo.math.ValueFormatException;

/**
 * Folds every version of a cell with a semiring's plus: the lazy plus of an outer-product multiply,
 * which writes partial products and leaves their sum to scans and compactions (Graphulo's design).
 * Options: {@code semiring} (a name {@link Semirings#named} knows) and {@code codec} (decimal, long, double).
 */
public class MonoidCombiner extends Combiner {
  public static final String SEMIRING = "semiring";
  public static final String CODEC = "codec";
  /** Instead of {@link #SEMIRING}: the monoid ({@link Monoids#named}) that folds, as a reduce writes. */
  public static final String MONOID = "monoid";

  private Monoid plus;
  private ValueCodec codec;

  /** A setting combining all columns with {@code semiring}'s plus. */
  public static IteratorSetting setting(int priority, String name, String semiring, String codec) {
    IteratorSetting is = new IteratorSetting(priority, name, MonoidCombiner.class);
    Combiner.setCombineAllColumns(is, true);
    is.addOption(SEMIRING, semiring);
    is.addOption(CODEC, codec);
    return is;
  }

  /** A setting combining all columns with {@code monoid} (a name {@link Monoids#named} knows). */
  public static IteratorSetting monoidSetting(int priority, String name, String monoid, String codec) {
    IteratorSetting is = new IteratorSetting(priority, name, MonoidCombiner.class);
    Combiner.setCombineAllColumns(is, true);
    is.addOption(MONOID, monoid);
    is.addOption(CODEC, codec);
    return is;
  }

  @Override
  public void init(SortedKeyValueIterator<Key, Value> source, Map<String, String> options, IteratorEnvironment env)
      throws java.io.IOException {
    super.init(source, options, env);
    plus = plusOf(options, "MonoidCombiner");
    codec = codecOf(options);
  }

  /**
   * The monoid named by the option {@code monoid}, else the plus of the semiring named by the option
   * {@code semiring}; {@code iterator} needs one of them.
   */
  static Monoid plusOf(Map<String, String> options, String iterator) {
    if (options.containsKey(MONOID)) {
      return Monoids.named(options.get(MONOID));
    }
    String name = options.get(SEMIRING);
    if (name == null) {
      throw new IllegalArgumentException(iterator + " needs the option '" + SEMIRING + "' or '" + MONOID + "'");
    }
    return Semirings.named(name).plus();
  }

  /** The codec named by the option {@code codec}, decimal by default. */
  static ValueCodec codecOf(Map<String, String> options) {
    return ValueCodec.named(options.getOrDefault(CODEC, "decimal"));
  }

  /** Decodes {@code v}, stored at {@code key}; a value the codec cannot read is an error naming the cell. */
  static double decode(ValueCodec codec, Key key, Value v, String iterator) {
    try {
      return codec.decodeRounding(v.get(), 0, v.getSize());
    } catch (ValueFormatException e) {
      throw new IllegalArgumentException(iterator + ": value '" + v + "' at row '" + key.getRow()
          + "' column '" + key.getColumnFamily() + ":" + key.getColumnQualifier() + "' is not a "
          + codec.name() + " number", e);
    }
  }

  @Override
  public Value reduce(Key key, Iterator<Value> values) {
    double acc = plus.identity();
    while (values.hasNext()) {
      acc = plus.add(acc, decode(codec, key, values.next(), "MonoidCombiner"));
    }
    return new Value(codec.encode(acc));
  }

  @Override
  public IteratorOptions describeOptions() {
    IteratorOptions io = super.describeOptions();
    io.setName("monoidCombiner");
    io.setDescription("folds all versions of a cell with a semiring's plus");
    io.addNamedOption(SEMIRING, "semiring whose plus folds the values, e.g. plus.times or min.plus");
    io.addNamedOption(MONOID, "instead of semiring: the monoid that folds the values, e.g. plus or min");
    io.addNamedOption(CODEC, "value encoding: decimal (default), long or double");
    return io;
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    super.validateOptions(options);
    plusOf(options, "MonoidCombiner");
    codecOf(options);
    return true;
  }
}
