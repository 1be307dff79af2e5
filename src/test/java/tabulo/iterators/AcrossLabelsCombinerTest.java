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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.apache.accumulo.core.iteratorsImpl.system.VisibilityFilter;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;

/**
 * Cells that differ only in their label, after the visibility filter: one cell each, the sum of what the
 * reader may read, also when the scan is torn down and re-seeked after every key as tablet servers do.
 */
class AcrossLabelsCombinerTest {
  private static final String[] LABELS = {"", "red", "blue", "blue&red", "blue|red"};

  /** Who may read a label, by hand. */
  private static boolean visible(String label, Set<String> auths) {
    return switch (label) {
      case "" -> true;
      case "red", "blue" -> auths.contains(label);
      case "blue&red" -> auths.contains("red") && auths.contains("blue");
      case "blue|red" -> auths.contains("red") || auths.contains("blue");
      default -> throw new IllegalArgumentException(label);
    };
  }

  @Test
  void oneCellPerRowAndColumnTheSumOfWhatTheReaderMayReadAlsoWhenResumedAfterEveryKey() throws IOException {
    Random rnd = new Random(3);
    TreeMap<Key, Value> data = new TreeMap<>();
    for (int r = 0; r < 4; r++) {
      for (int c = 0; c < 5; c++) {
        for (String label : LABELS) {
          if (rnd.nextInt(3) == 0) {
            data.put(new Key("r" + r, "f", "c" + c, label, rnd.nextInt(100)), new Value(Integer.toString(1 + rnd.nextInt(9))));
          }
        }
      }
    }
    for (Set<String> auths : List.of(Set.<String>of(), Set.of("red"), Set.of("blue"), Set.of("red", "blue"))) {
      // the oracle: per cell, the visible parts' sum, labelled like the one part or the parts' conjunction
      Map<String, String> expected = new TreeMap<>();
      Map<String, List<String>> labels = new TreeMap<>();
      Map<String, Integer> sums = new TreeMap<>();
      data.forEach((k, v) -> {
        String label = k.getColumnVisibility().toString();
        if (visible(label, auths)) {
          String cell = k.getRow() + " " + k.getColumnQualifier();
          sums.merge(cell, Integer.parseInt(v.toString()), Integer::sum);
          labels.computeIfAbsent(cell, x -> new ArrayList<>()).add(label);
        }
      });
      sums.forEach((cell, sum) -> {
        List<String> ls = labels.get(cell);
        TreeSet<String> nonEmpty = new TreeSet<>(ls);
        nonEmpty.remove("");
        String label = ls.size() == 1 ? ls.get(0) : nonEmpty.isEmpty() ? ""
            : new String(new ColumnVisibility("(" + String.join(")&(", nonEmpty) + ")").flatten());
        expected.put(cell, sum + " " + label);
      });
      assertEquals(expected, scan(data, auths, false), "auths " + auths);
      assertEquals(expected, scan(data, auths, true), "auths " + auths + ", re-seeked after every key");
      assertTrue(auths.isEmpty() || expected.values().stream().anyMatch(s -> s.contains("&")), "sums several labels");
    }
  }

  @Test
  void aCellWithOnePartComesOutUnchanged() throws IOException {
    TreeMap<Key, Value> data = new TreeMap<>();
    data.put(new Key("r", "", "c", "red", 5), new Value("007"));
    data.put(new Key("r", "", "d", "", 6), new Value("not a number"));
    SortedKeyValueIterator<Key, Value> it = combiner(data, Set.of("red"));
    it.seek(new Range(), List.of(), false);
    assertEquals(new Key("r", "", "c", "red", 5), it.getTopKey());
    assertEquals("007", it.getTopValue().toString());
    it.next();
    assertEquals("not a number", it.getTopValue().toString());
  }

  @Test
  void aValueTheCodecCannotReadNamesTheCell() throws IOException {
    TreeMap<Key, Value> data = new TreeMap<>();
    data.put(new Key("r", "", "c", "red", 5), new Value("1"));
    data.put(new Key("r", "", "c", "blue", 5), new Value("lots"));
    SortedKeyValueIterator<Key, Value> it = combiner(data, Set.of("red", "blue"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> it.seek(new Range(), List.of(), false));
    assertEquals("AcrossLabelsCombiner: value 'lots' at row 'r' column ':c' is not a decimal number", e.getMessage());
  }

  /** The cells a reader gets, as "row qualifier" -> "value label"; optionally a new iterator per key. */
  private static Map<String, String> scan(TreeMap<Key, Value> data, Set<String> auths, boolean reseekEveryKey)
      throws IOException {
    Map<String, String> out = new TreeMap<>();
    SortedKeyValueIterator<Key, Value> it = combiner(data, auths);
    it.seek(new Range(), List.of(), false);
    while (it.hasTop()) {
      String cell = it.getTopKey().getRow() + " " + it.getTopKey().getColumnQualifier();
      String previous = out.put(cell, it.getTopValue() + " " + it.getTopKey().getColumnVisibility());
      assertEquals(null, previous, "a second cell for " + cell);
      if (reseekEveryKey) {
        Key last = new Key(it.getTopKey());
        it = combiner(data, auths);
        it.seek(new Range(last, false, null, false), List.of(), false);
      } else {
        it.next();
      }
    }
    return out;
  }

  private static SortedKeyValueIterator<Key, Value> combiner(TreeMap<Key, Value> data, Set<String> auths)
      throws IOException {
    SortedKeyValueIterator<Key, Value> filtered = VisibilityFilter.wrap(new SortedMapIterator(data),
        new Authorizations(auths.toArray(new String[0])), "".getBytes(StandardCharsets.UTF_8));
    AcrossLabelsCombiner it = new AcrossLabelsCombiner();
    it.init(filtered, AcrossLabelsCombiner.setting(30, "pluslabels", "plus.times", "decimal").getOptions(),
        DecimalSumCombinerTest.env(IteratorScope.scan, false));
    return it.deepCopy(DecimalSumCombinerTest.env(IteratorScope.scan, false));
  }
}
