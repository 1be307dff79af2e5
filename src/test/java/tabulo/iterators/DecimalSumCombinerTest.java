package tabulo.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.client.sample.SamplerConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.spi.common.ServiceEnvironment;
import org.junit.jupiter.api.Test;

class DecimalSumCombinerTest {

  /** Just enough of an iterator environment for a Combiner. */
  static IteratorEnvironment env(IteratorScope scope, boolean fullMajc) {
    return new IteratorEnvironment() {
      @Override
      public SortedKeyValueIterator<Key, Value> reserveMapFileReader(String name) {
        throw new UnsupportedOperationException();
      }

      @Override
      public IteratorScope getIteratorScope() {
        return scope;
      }

      @Override
      public boolean isFullMajorCompaction() {
        return fullMajc;
      }

      @Override
      public void registerSideChannel(SortedKeyValueIterator<Key, Value> iter) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Authorizations getAuthorizations() {
        return Authorizations.EMPTY;
      }

      @Override
      public IteratorEnvironment cloneWithSamplingEnabled() {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean isSamplingEnabled() {
        return false;
      }

      @Override
      public SamplerConfiguration getSamplerConfiguration() {
        return null;
      }

      @Override
      public boolean isUserCompaction() {
        return false;
      }

      @Override
      public ServiceEnvironment getServiceEnv() {
        throw new UnsupportedOperationException();
      }

      @Override
      public PluginEnvironment getPluginEnv() {
        throw new UnsupportedOperationException();
      }

      @Override
      public TableId getTableId() {
        return TableId.of("t");
      }
    };
  }

  static Key key(String row, String cf, String cq, long ts) {
    return new Key(row, cf, cq, ts);
  }

  static Value val(String s) {
    return new Value(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Runs the combiner (configured by {@code setting}) over {@code data}; returns copies of its output. */
  static TreeMap<Key, String> run(TreeMap<Key, Value> data, IteratorSetting setting, IteratorScope scope)
      throws IOException {
    DecimalSumCombiner c = new DecimalSumCombiner();
    c.init(new SortedMapIterator(data), setting.getOptions(), env(scope, true));
    c.seek(new Range(), List.of(), false);
    TreeMap<Key, String> out = new TreeMap<>();
    while (c.hasTop()) {
      assertFalse(out.containsKey(c.getTopKey()), "duplicate key " + c.getTopKey());
      out.put(new Key(c.getTopKey()), c.getTopValue().toString());
      c.next();
    }
    return out;
  }

  static TreeMap<Key, String> runAll(TreeMap<Key, Value> data) throws IOException {
    return run(data, DecimalSumCombiner.allColumns(10, "sum"), IteratorScope.scan);
  }

  /** The combined output for one cell written with these values at timestamps 1..n. */
  static String sum(String... values) throws IOException {
    TreeMap<Key, Value> data = new TreeMap<>();
    for (int i = 0; i < values.length; i++) {
      data.put(key("r1", "f", "q", i + 1), val(values[i]));
    }
    TreeMap<Key, String> out = runAll(data);
    assertEquals(1, out.size());
    Key k = out.firstKey();
    assertEquals(values.length, k.getTimestamp(), "combined key carries the newest timestamp");
    return out.firstEntry().getValue();
  }

  @Test
  void integersSumExactly() throws IOException {
    assertEquals("7", sum("3", "4"));
    assertEquals("7", sum("1", "2", "4"));
    assertEquals("-5", sum("-12", "7"));
    assertEquals("5", sum("+5"));
    assertEquals("0", sum("-0", "0"));
    assertEquals("42", sum("042"));
    assertEquals(Long.toString(Long.MAX_VALUE), sum(Long.toString(Long.MAX_VALUE - 5), "5"));
    assertEquals(Long.toString(Long.MIN_VALUE), sum(Long.toString(Long.MIN_VALUE)));
    assertEquals(Long.toString(Long.MIN_VALUE + 1), sum(Long.toString(Long.MIN_VALUE), "1"));
    // exact beyond double precision: 2^53 + 1
    assertEquals("9007199254740993", sum("9007199254740992", "1"));
  }

  @Test
  void fractionsAndExponentsSumAsDouble() throws IOException {
    assertEquals("3.5", sum("2.5", "1"));
    assertEquals("1001", sum("1e3", "1"));
    assertEquals("1001", sum("1E3", "1"));
    assertEquals("7", sum("3.0", "4"));
    assertEquals("0.001", sum("0.0005", "0.0005"));
    assertEquals("0.0001", sum("1e-4"));
    assertEquals("1.5", sum(".5", "1."));
    assertEquals("-1.5", sum("-2", "0.5"));
    assertEquals(Double.toString(0.1 + 0.2), sum("0.1", "0.2"));
    assertEquals("12345678.5", sum("12345678", "0.5"));
    assertEquals("2e21", sum("1e21", "1e21"));
    assertEquals("1.5e-9", sum("1.5e-9"));
    assertEquals("100000000000000000000", sum("1e20"));
  }

  @Test
  void longOverflowFallsBackToDouble() throws IOException {
    String max = Long.toString(Long.MAX_VALUE);
    // beyond the long range, the digits are the shortest that read back to the double sum
    assertEquals("9223372036854776000", sum(max, "1"));
    assertEquals((double) Long.MAX_VALUE + 1.0, Double.parseDouble(sum(max, "1")));
    assertEquals("-18446744073709552000",
        sum(Long.toString(Long.MIN_VALUE), Long.toString(Long.MIN_VALUE)));
    // too many digits for a long
    assertEquals("100000000000000000000", sum("99999999999999999999", "1"));
    // once overflowed, the sum is a double: close to the exact 1, but not exact
    double d = Double.parseDouble(sum(max, max, "-" + max, "-" + max, "1"));
    assertTrue(Math.abs(d - 1) <= Math.ulp((double) Long.MAX_VALUE), Double.toString(d));
  }

  @Test
  void infinitiesAndNaNRoundTrip() throws IOException {
    assertEquals("Infinity", sum("1e308", "1e308"));
    assertEquals("Infinity", sum("Infinity", "1"));
    assertEquals("-Infinity", sum("-Infinity", "1"));
    assertEquals("NaN", sum("Infinity", "-Infinity"));
    assertEquals("NaN", sum("NaN", "2"));
  }

  @Test
  void badValuesNameTheRowAndColumn() {
    for (String bad : new String[] {"abc", "", "1.2.3", "1e", "--1", " 1", "1 ", "0x10", "1d", "e5",
        ".", "+", "-", "1,5", "١"}) {
      TreeMap<Key, Value> data = new TreeMap<>();
      data.put(key("rowX", "fam", "qual", 2), val("1"));
      data.put(key("rowX", "fam", "qual", 1), val(bad));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> runAll(data), "value '" + bad + "'");
      assertTrue(e.getMessage().contains("row 'rowX'"), e.getMessage());
      assertTrue(e.getMessage().contains("column 'fam:qual'"), e.getMessage());
      assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
      assertEquals("DecimalSumCombiner: value '" + bad + "' at row 'rowX' column 'fam:qual' is not a decimal number",
          e.getMessage());
    }
  }

  @Test
  void combinesOnlyConfiguredColumns() throws IOException {
    TreeMap<Key, Value> data = new TreeMap<>();
    data.put(key("a", "deg", "x", 1), val("1"));
    data.put(key("a", "deg", "x", 2), val("2"));
    data.put(key("a", "raw", "x", 1), val("5"));
    data.put(key("a", "raw", "x", 2), val("6"));
    data.put(key("b", "deg", "y", 7), val("2.25"));
    IteratorSetting s = new IteratorSetting(10, "sum", DecimalSumCombiner.class);
    Combiner.setColumns(s, List.of(new IteratorSetting.Column("deg")));
    TreeMap<Key, String> out = run(data, s, IteratorScope.majc);
    TreeMap<Key, String> expected = new TreeMap<>();
    expected.put(key("a", "deg", "x", 2), "3");
    expected.put(key("a", "raw", "x", 2), "6");
    expected.put(key("a", "raw", "x", 1), "5");
    expected.put(key("b", "deg", "y", 7), "2.25");
    assertEquals(expected, out);
  }

  @Test
  void distinctVisibilitiesAreDistinctCells() throws IOException {
    TreeMap<Key, Value> data = new TreeMap<>();
    data.put(new Key("r", "f", "q", "a", 1), val("1"));
    data.put(new Key("r", "f", "q", "a", 2), val("2"));
    data.put(new Key("r", "f", "q", "b", 3), val("10"));
    TreeMap<Key, String> out = runAll(data);
    assertEquals(Map.of(new Key("r", "f", "q", "a", 2), "3", new Key("r", "f", "q", "b", 3), "10"),
        out);
  }

  /** Random cells and values against an independent BigDecimal/BigInteger computation. */
  @Test
  void bruteForceAgainstExactArithmetic() throws IOException {
    Random rnd = new Random(20240611L);
    for (int round = 0; round < 50; round++) {
      TreeMap<Key, Value> data = new TreeMap<>();
      Map<String, List<String>> written = new TreeMap<>();
      int cells = 1 + rnd.nextInt(30);
      for (int c = 0; c < cells; c++) {
        String row = String.format("r%03d", rnd.nextInt(1000));
        String cq = "q" + rnd.nextInt(5);
        String cell = row + "/" + cq;
        if (written.containsKey(cell)) {
          continue;
        }
        List<String> vals = new ArrayList<>();
        int versions = 1 + rnd.nextInt(8);
        for (int v = 0; v < versions; v++) {
          String s = randomValue(rnd, round);
          vals.add(s);
          data.put(key(row, "f", cq, v + 1), val(s));
        }
        written.put(cell, vals);
      }
      TreeMap<Key, String> out = runAll(data);
      assertEquals(written.size(), out.size());
      for (Map.Entry<Key, String> e : out.entrySet()) {
        String cell = e.getKey().getRow() + "/" + e.getKey().getColumnQualifier();
        check(written.get(cell), e.getValue());
      }
    }
  }

  private static String randomValue(Random rnd, int round) {
    int kind = rnd.nextInt(round % 3 == 0 ? 3 : 6); // some rounds are integer-only
    switch (kind) {
      case 0:
        return Integer.toString(rnd.nextInt(2001) - 1000);
      case 1:
        return Long.toString(rnd.nextLong() >> rnd.nextInt(64));
      case 2:
        return Long.toString(rnd.nextBoolean() ? Long.MAX_VALUE - rnd.nextInt(10)
            : Long.MIN_VALUE + rnd.nextInt(10));
      case 3:
        return BigDecimal.valueOf(rnd.nextInt(200000) - 100000, rnd.nextInt(6)).toPlainString();
      case 4:
        return (rnd.nextInt(19) - 9) + "e" + (rnd.nextInt(11) - 5);
      default:
        return Double.toString(rnd.nextGaussian() * 1000);
    }
  }

  private static void check(List<String> values, String got) {
    boolean allIntegers = values.stream().allMatch(v -> v.matches("[+-]?[0-9]+"));
    BigDecimal exact = BigDecimal.ZERO;
    for (String v : values) {
      exact = exact.add(new BigDecimal(v));
    }
    if (allIntegers) {
      BigInteger big = exact.toBigIntegerExact();
      if (big.bitLength() < 64 && sumStaysInLongRange(values)) {
        assertEquals(big.toString(), got, "exact long sum of " + values);
        return;
      }
    }
    assertFalse(got.contains("E"), got);
    double g = Double.parseDouble(got);
    double x = exact.doubleValue();
    double tol = 1e-9 * values.stream().mapToDouble(v -> Math.abs(Double.parseDouble(v))).sum();
    assertTrue(Math.abs(g - x) <= tol, "sum of " + values + ": got " + got + ", exact " + exact);
    if (g == Math.rint(g) && Math.abs(g) < 1e21) {
      assertFalse(got.contains("."), "integral result printed with a point: " + got);
    }
  }

  /** Whether the running sum, in the order the combiner sees the values (newest first), never overflows. */
  private static boolean sumStaysInLongRange(List<String> values) {
    BigInteger s = BigInteger.ZERO;
    for (int i = values.size() - 1; i >= 0; i--) {
      s = s.add(new BigInteger(values.get(i)));
      if (s.bitLength() >= 64) {
        return false;
      }
    }
    return true;
  }

  @Test
  void loadsByNameAndDeepCopies() throws Exception {
    Object o = Class.forName("tabulo.iterators.DecimalSumCombiner").getDeclaredConstructor()
        .newInstance();
    DecimalSumCombiner c = assertInstanceOf(DecimalSumCombiner.class, o);
    TreeMap<Key, Value> data = new TreeMap<>();
    data.put(key("r", "f", "q", 1), val("1"));
    data.put(key("r", "f", "q", 2), val("2"));
    c.init(new SortedMapIterator(data), DecimalSumCombiner.allColumns(10, "s").getOptions(),
        env(IteratorScope.scan, false));
    SortedKeyValueIterator<Key, Value> copy = c.deepCopy(env(IteratorScope.scan, false));
    assertInstanceOf(DecimalSumCombiner.class, copy);
    copy.seek(new Range(), List.of(), false);
    assertTrue(copy.hasTop());
    assertEquals("3", copy.getTopValue().toString());
    assertTrue(c.validateOptions(DecimalSumCombiner.allColumns(10, "s").getOptions()));
  }
}
