package tabulo.iterators;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Filter;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

import tabulo.select.KeySpec;

/**
 * Keeps the cells whose column matches a D4M {@link KeySpec}. A cell's column, as D4M sees it, is its
 * qualifier when the family is empty and {@code family:qualifier} otherwise (raw bytes, no escaping).
 *
 * Runs per cell inside tablet servers and the embedded engine, so matching allocates no strings.
 */
public class ColumnSpecFilter extends Filter {
  /** Option holding the D4M column spec, e.g. {@code a,b,:,d,x*,}. */
  public static final String SPEC_OPTION = "spec";

  private KeySpec spec;
  private byte[] column = new byte[64]; // family ':' qualifier, reused across cells

  /** Sets the column spec on an iterator setting; throws IllegalArgumentException if it does not parse. */
  public static void setSpec(IteratorSetting is, String spec) {
    KeySpec.parse(spec);
    is.addOption(SPEC_OPTION, spec);
  }

  @Override
  public void init(SortedKeyValueIterator<Key, Value> source, Map<String, String> options, IteratorEnvironment env)
      throws IOException {
    super.init(source, options, env);
    spec = specFrom(options);
  }

  @Override
  public boolean accept(Key k, Value v) {
    ByteSequence qualifier = k.getColumnQualifierData();
    ByteSequence family = k.getColumnFamilyData();
    if (family.length() == 0) {
      return matches(qualifier);
    }
    int length = family.length() + 1 + qualifier.length();
    if (column.length < length) {
      column = new byte[Math.max(length, 2 * column.length)];
    }
    copy(family, column, 0);
    column[family.length()] = ':';
    copy(qualifier, column, family.length() + 1);
    return spec.matches(column, 0, length);
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    // Filter.deepCopy makes a fresh instance and copies only its own state.
    ColumnSpecFilter copy = (ColumnSpecFilter) super.deepCopy(env);
    copy.spec = spec;
    return copy;
  }

  @Override
  public IteratorOptions describeOptions() {
    IteratorOptions base = super.describeOptions();
    Map<String, String> named = new LinkedHashMap<>(base.getNamedOptions());
    named.put(SPEC_OPTION, "D4M column spec: ':' for all, else tokens each followed by the separator (the last"
        + " character), e.g. 'a,b,' or 'a,:,c,' (a range) or 'x*,' (a prefix)");
    return new IteratorOptions("columnSpec",
        "Keeps cells whose column (qualifier, or family:qualifier when the family is non-empty) matches a D4M spec",
        named, null);
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    super.validateOptions(options);
    specFrom(options);
    return true;
  }

  private boolean matches(ByteSequence bytes) {
    if (bytes.isBackedByArray()) {
      return spec.matches(bytes.getBackingArray(), bytes.offset(), bytes.length());
    }
    return spec.matches(bytes.toArray());
  }

  private static void copy(ByteSequence from, byte[] to, int at) {
    if (from.isBackedByArray()) {
      System.arraycopy(from.getBackingArray(), from.offset(), to, at, from.length());
    } else {
      for (int i = 0; i < from.length(); i++) {
        to[at + i] = from.byteAt(i);
      }
    }
  }

  private static KeySpec specFrom(Map<String, String> options) {
    String text = options.get(SPEC_OPTION);
    if (text == null) {
      throw new IllegalArgumentException(ColumnSpecFilter.class.getSimpleName() + " needs option '" + SPEC_OPTION
          + "', a D4M column spec such as 'a,b,' or ':'");
    }
    return KeySpec.parse(text);
  }
}
