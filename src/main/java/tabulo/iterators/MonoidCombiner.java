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

  @Override
  public void init(SortedKeyValueIterator<Key, Value> source, Map<String, String> options, IteratorEnvironment env)
      throws java.io.IOException {
    super.init(source, options, env);
    plus = Semirings.named(required(options, SEMIRING)).plus();
    codec = ValueCodec.named(options.getOrDefault(CODEC, "decimal"));
  }

  private static String required(Map<String, String> options, String name) {
    String v = options.get(name);
    if (v == null) {
      throw new IllegalArgumentException("MonoidCombiner needs the option '" + name + "'");
    }
    return v;
  }

  @Override
  public Value reduce(Key key, Iterator<Value> values) {
    double acc = plus.identity();
    while (values.hasNext()) {
      Value v = values.next();
      try {
        acc = plus.add(acc, codec.decode(v.get(), 0, v.getSize()));
      } catch (ValueFormatException e) {
        throw new IllegalArgumentException("MonoidCombiner: value '" + v + "' at row '" + key.getRow()
            + "' column '" + key.getColumnFamily() + ":" + key.getColumnQualifier() + "' is not a "
            + codec.name() + " number", e);
      }
    }
    return new Value(codec.encode(acc));
  }

  @Override
  public IteratorOptions describeOptions() {
    IteratorOptions io = super.describeOptions();
    io.setName("monoidCombiner");
    io.setDescription("folds all versions of a cell with a semiring's plus");
    io.addNamedOption(SEMIRING, "semiring whose plus folds the values, e.g. plus.times or min.plus");
    io.addNamedOption(CODEC, "value encoding: decimal (default), long or double");
    return io;
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    super.validateOptions(options);
    Semirings.named(required(options, SEMIRING));
    ValueCodec.named(options.getOrDefault(CODEC, "decimal"));
    return true;
  }
}
