package tabulo.iterators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iterators.WrappingIterator;
import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.math.Monoid;
import tabulo.math.ValueCodec;

/**
 * One cell per row and column for each reader of a product table: folds, with a semiring's plus, the
 * cells of one row, family and qualifier that differ only in their visibility label. A product keeps
 * its partial sums under separate labels (so each user's view is exact); attached at scan scope only,
 * above the system visibility filter, this sees only the parts the scanning user may read and returns
 * their sum. ({@link MonoidCombiner}, like every Accumulo Combiner, folds only keys equal up to the
 * timestamp, so never across labels.)
 *
 * <p>A cell with one part comes out unchanged. A sum of several parts is labelled with the conjunction
 * of their labels (flattened, as {@link ColumnVisibility#flatten()}), newest timestamp: every label in
 * it is one the reader can read, and the reader satisfies it, so the reader scanning a copy of what it
 * read ({@code scan --vis | put}) sees the same cells again, and no one else sees more in the copy than
 * the parts they could read themselves.
 *
 * <p>Options as {@link MonoidCombiner}: {@code semiring} (or {@code monoid}) and {@code codec}.
 */
public class AcrossLabelsCombiner extends WrappingIterator implements OptionDescriber {
  private static final String NAME = "AcrossLabelsCombiner";
  private static final int LABEL_CACHE = 4096;

  /** Option: "true" returns the stored parts unfolded (what a writer that changes them must name). */
  public static final String PARTS = "parts";

  private Monoid plus;
  private ValueCodec codec;
  private boolean parts;
  private final Map<String, byte[]> conjunctions = new HashMap<>();
  private Key topKey;
  private Value topValue;

  /** Must stay public and argument-free: tablet servers instantiate the class by name. */
  public AcrossLabelsCombiner() {}

  /** A setting folding {@code semiring}'s plus across labels; attach it at the scan scope only. */
  public static IteratorSetting setting(int priority, String name, String semiring, String codec) {
    IteratorSetting is = new IteratorSetting(priority, name, AcrossLabelsCombiner.class);
    is.addOption(MonoidCombiner.SEMIRING, semiring);
    is.addOption(MonoidCombiner.CODEC, codec);
    return is;
  }

  /** A setting folding with {@code monoid} across labels (a reduce's parts); attach it at the scan scope only. */
  public static IteratorSetting monoidSetting(int priority, String name, String monoid, String codec) {
    IteratorSetting is = new IteratorSetting(priority, name, AcrossLabelsCombiner.class);
    is.addOption(MonoidCombiner.MONOID, monoid);
    is.addOption(MonoidCombiner.CODEC, codec);
    return is;
  }

  @Override
  public void init(SortedKeyValueIterator<Key, Value> source, Map<String, String> options, IteratorEnvironment env)
      throws IOException {
    super.init(source, options, env);
    parts = Boolean.parseBoolean(options.get(PARTS));
    if (!parts) {
      plus = MonoidCombiner.plusOf(options, NAME);
      codec = MonoidCombiner.codecOf(options);
    }
  }

  /** A scan-time override of {@code tableSetting} (same name and priority) that returns the stored parts. */
  public static IteratorSetting partsOf(IteratorSetting tableSetting) {
    return new IteratorSetting(tableSetting.getPriority(), tableSetting.getName(), AcrossLabelsCombiner.class,
        Map.of(PARTS, "true"));
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    AcrossLabelsCombiner copy = new AcrossLabelsCombiner();
    copy.setSource(getSource().deepCopy(env));
    copy.plus = plus;
    copy.codec = codec;
    copy.parts = parts;
    return copy;
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public void next() throws IOException {
    findTop();
  }

  /**
   * Seeks from the start of the cell the range starts in, so a scan resumed just after a sum (the
   * tablet server re-seeks after the last key returned) folds the same parts to the same key and skips it,
   * rather than returning the parts after that key as another cell.
   */
  @Override
  public void seek(Range range, Collection<ByteSequence> families, boolean inclusive) throws IOException {
    Range whole = range;
    Key start = range.getStartKey();
    if (start != null) {
      Key cellStart = new Key(start.getRow(), start.getColumnFamily(), start.getColumnQualifier());
      if (cellStart.compareTo(start) < 0) {
        whole = new Range(cellStart, true, range.getEndKey(), range.isEndKeyInclusive());
      }
    }
    getSource().seek(whole, families, inclusive);
    findTop();
    while (topKey != null && range.beforeStartKey(topKey)) {
      findTop();
    }
  }

  /** Reads the next cell's parts from the source: one as it is, several folded into one. */
  private void findTop() throws IOException {
    SortedKeyValueIterator<Key, Value> source = getSource();
    if (!source.hasTop()) {
      topKey = null;
      topValue = null;
      return;
    }
    Key first = new Key(source.getTopKey());
    Value firstValue = new Value(source.getTopValue());
    source.next();
    if (parts || !source.hasTop() || !source.getTopKey().equals(first, PartialKey.ROW_COLFAM_COLQUAL)) {
      topKey = first;
      topValue = firstValue;
      return;
    }
    double sum = plus.add(plus.identity(), MonoidCombiner.decode(codec, first, firstValue, NAME));
    TreeSet<String> labels = new TreeSet<>();
    addLabel(labels, first);
    long newest = first.getTimestamp();
    while (source.hasTop() && source.getTopKey().equals(first, PartialKey.ROW_COLFAM_COLQUAL)) {
      Key k = source.getTopKey();
      sum = plus.add(sum, MonoidCombiner.decode(codec, k, source.getTopValue(), NAME));
      addLabel(labels, k);
      newest = Math.max(newest, k.getTimestamp());
      source.next();
    }
    topKey = new Key(first.getRowData().toArray(), first.getColumnFamilyData().toArray(),
        first.getColumnQualifierData().toArray(), conjunction(labels), newest);
    topValue = new Value(codec.encode(sum));
  }

  private static void addLabel(TreeSet<String> labels, Key k) {
    ByteSequence v = k.getColumnVisibilityData();
    if (v.length() > 0) {
      labels.add(new String(v.toArray(), StandardCharsets.ISO_8859_1)); // one char per byte: any label survives
    }
  }

  /** The flattened conjunction of the labels; the empty label (no restriction) adds nothing. */
  private byte[] conjunction(TreeSet<String> labels) {
    if (labels.isEmpty()) {
      return new byte[0];
    }
    String joined = String.join(")&(", labels);
    byte[] cached = conjunctions.get(joined);
    if (cached == null) {
      cached = new ColumnVisibility(("(" + joined + ")").getBytes(StandardCharsets.ISO_8859_1)).flatten();
      if (conjunctions.size() >= LABEL_CACHE) {
        conjunctions.clear();
      }
      conjunctions.put(joined, cached);
    }
    return cached;
  }

  @Override
  public IteratorOptions describeOptions() {
    IteratorOptions io = new IteratorOptions("acrossLabelsCombiner",
        "folds the cells of one row and column that differ only in visibility with a semiring's plus", null, null);
    io.addNamedOption(MonoidCombiner.SEMIRING, "semiring whose plus folds the values, e.g. plus.times or min.plus");
    io.addNamedOption(MonoidCombiner.MONOID, "instead of semiring: the monoid that folds the values, e.g. plus");
    io.addNamedOption(MonoidCombiner.CODEC, "value encoding: decimal (default), long or double");
    io.addNamedOption(PARTS, "true: return the stored parts unfolded");
    return io;
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    if (Boolean.parseBoolean(options.get(PARTS))) {
      return true;
    }
    MonoidCombiner.plusOf(options, NAME);
    MonoidCombiner.codecOf(options);
    return true;
  }
}
