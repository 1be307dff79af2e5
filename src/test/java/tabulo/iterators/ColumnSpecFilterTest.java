package tabulo.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Filter;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.Test;

import tabulo.select.KeySpec;

class ColumnSpecFilterTest {
  private static final IteratorEnvironment ENV = null; // neither the filter nor SortedMapIterator needs one
  private static final Value V = new Value(new byte[] {'1'});

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Key key(String row, String family, String qualifier) {
    return new Key(b(row), b(family), b(qualifier), new byte[0], 1L);
  }

  private static List<Key> scan(SortedKeyValueIterator<Key, Value> it) throws IOException {
    it.seek(new Range(), List.of(), false);
    List<Key> out = new ArrayList<>();
    while (it.hasTop()) {
      out.add(new Key(it.getTopKey()));
      it.next();
    }
    return out;
  }

  private static ColumnSpecFilter filter(TreeMap<Key, Value> data, Map<String, String> options) throws IOException {
    ColumnSpecFilter f = new ColumnSpecFilter();
    f.init(new SortedMapIterator(data), options, ENV);
    return f;
  }

  private static Map<String, String> specOption(String spec) {
    IteratorSetting is = new IteratorSetting(20, "cols", ColumnSpecFilter.class);
    ColumnSpecFilter.setSpec(is, spec);
    return is.getOptions();
  }

  /** The D4M column string of a key, built the slow obvious way. */
  private static String column(Key k) {
    String family = new String(k.getColumnFamilyData().toArray(), StandardCharsets.UTF_8);
    String qualifier = new String(k.getColumnQualifierData().toArray(), StandardCharsets.UTF_8);
    return family.isEmpty() ? qualifier : family + ":" + qualifier;
  }

  private static List<Key> bruteForce(TreeMap<Key, Value> data, String spec) {
    KeySpec ks = KeySpec.parse(spec);
    return data.keySet().stream().filter(k -> ks.matches(column(k))).toList();
  }

  private static TreeMap<Key, Value> sample() {
    TreeMap<Key, Value> data = new TreeMap<>();
    for (Key k : List.of(key("r1", "", "a"), key("r1", "", "b"), key("r1", "", "c:x"), key("r1", "f", "a"),
        key("r1", "f", "q"), key("r2", "", "apple"), key("r2", "c", "x"), key("r2", "", "z"),
        key("r3", "", "\uFFFD"), key("r3", "", "\uD83D\uDE00"))) {
      data.put(k, V);
    }
    return data;
  }

  @Test
  void keepsMatchingColumns() throws IOException {
    TreeMap<Key, Value> data = sample();
    assertEquals(List.of(key("r1", "", "a"), key("r1", "", "b")), scan(filter(data, specOption("a,b,"))));
    // "f:a" is the family-qualified column, not qualifier "a".
    assertEquals(List.of(key("r1", "f", "a"), key("r1", "f", "q")), scan(filter(data, specOption("f:*,"))));
    assertEquals(List.of(key("r1", "f", "q")), scan(filter(data, specOption("f:q;"))));
    // "c:x" as a qualifier and family "c" + qualifier "x" read the same way.
    assertEquals(List.of(key("r1", "", "c:x"), key("r2", "c", "x")), scan(filter(data, specOption("c:x,"))));
    assertEquals(List.of(key("r1", "", "a"), key("r1", "", "b"), key("r2", "", "apple")),
        scan(filter(data, specOption("a,:,b,"))));
    assertEquals(List.of(key("r3", "", "\uD83D\uDE00")), scan(filter(data, specOption("\uFFFE,:,"))));
    assertEquals(new ArrayList<>(data.keySet()), scan(filter(data, specOption(":"))));
    assertEquals(List.of(), scan(filter(data, specOption(","))));
  }

  @Test
  void negateKeepsTheRest() throws IOException {
    TreeMap<Key, Value> data = sample();
    IteratorSetting is = new IteratorSetting(20, "cols", ColumnSpecFilter.class);
    ColumnSpecFilter.setSpec(is, "f:*,z,");
    Filter.setNegate(is, true);
    List<Key> kept = scan(filter(data, is.getOptions()));
    List<Key> expected = data.keySet().stream().filter(k -> !KeySpec.parse("f:*,z,").matches(column(k))).toList();
    assertEquals(expected, kept);
    assertEquals(data.size() - 3, kept.size());
  }

  @Test
  void deepCopyKeepsTheSpec() throws IOException {
    TreeMap<Key, Value> data = sample();
    ColumnSpecFilter f = filter(data, specOption("a,b,"));
    assertEquals(List.of(key("r1", "", "a"), key("r1", "", "b")), scan(f.deepCopy(ENV)));
  }

  @Test
  void optionsAreDescribedAndValidated() {
    ColumnSpecFilter f = new ColumnSpecFilter();
    assertTrue(f.describeOptions().getNamedOptions().containsKey(ColumnSpecFilter.SPEC_OPTION));
    assertTrue(f.describeOptions().getNamedOptions().containsKey("negate"));
    assertTrue(f.validateOptions(Map.of("spec", "a,:,c,")));
    String missing = assertThrows(IllegalArgumentException.class, () -> f.validateOptions(Map.of())).getMessage();
    assertTrue(missing.contains("'spec'"), missing);
    String bad = assertThrows(IllegalArgumentException.class, () -> f.validateOptions(Map.of("spec", "z,:,a,")))
        .getMessage();
    assertTrue(bad.contains("z,:,a,") && bad.contains("backwards"), bad);
    assertThrows(IllegalArgumentException.class, () -> filter(sample(), Map.of("spec", "a,,")));
    assertThrows(IllegalArgumentException.class, () -> filter(sample(), Map.of()));
    IteratorSetting is = new IteratorSetting(1, ColumnSpecFilter.class);
    assertThrows(IllegalArgumentException.class, () -> ColumnSpecFilter.setSpec(is, ""));
  }

  private static final String[] PIECES = {"a", "b", ":", "\u00E9", "\uFFFD", "\uD83D\uDE00", "\u0000"};

  private static String randomString(Random rnd, int maxLength) {
    StringBuilder sb = new StringBuilder();
    int n = rnd.nextInt(maxLength + 1);
    for (int i = 0; i < n; i++) {
      sb.append(PIECES[rnd.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }

  @Test
  void agreesWithBruteForceOnRandomTables() throws IOException {
    Random rnd = new Random(5);
    List<String> specs = List.of(":", ",", "a,", "a:b,", "a*,", ":*,", "a,:,b,", ":,a:,", "b,:,", "\u00E9*,a:*,",
        "a:a,:,b,\uD83D\uDE00*,", "\uFFFD,:,\uD83D\uDE00,", ":,\uFFFD,", "\u0000;a:\u0000*;");
    for (int trial = 0; trial < 20; trial++) {
      TreeMap<Key, Value> data = new TreeMap<>();
      for (int i = 0; i < 500; i++) {
        String family = rnd.nextBoolean() ? "" : randomString(rnd, 2);
        // Long families exercise growth of the filter's column buffer.
        if (rnd.nextInt(50) == 0) {
          family = "a".repeat(100 + rnd.nextInt(200));
        }
        data.put(key("r" + rnd.nextInt(20), family, randomString(rnd, 3)), V);
      }
      for (String spec : specs) {
        assertEquals(bruteForce(data, spec), scan(filter(data, specOption(spec))), spec);
      }
    }
  }
}
