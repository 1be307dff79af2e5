package tabulo.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

class KeySpecTest {
  private static final String EMOJI = "\uD83D\uDE00"; // U+1F600: UTF-16 sorts it before U+E000..U+FFFF, UTF-8 after
  private static final String REPLACEMENT = "\uFFFD";

  private static void assertSelects(String spec, List<String> in, List<String> out) {
    KeySpec ks = KeySpec.parse(spec);
    for (String key : in) {
      assertTrue(ks.matches(key), spec + " should match " + key);
      assertTrue(ks.matches(key.getBytes(StandardCharsets.UTF_8)), spec + " should match bytes of " + key);
      assertTrue(coveredByRanges(ks, key), spec + " ranges should cover " + key);
    }
    for (String key : out) {
      assertFalse(ks.matches(key), spec + " should not match " + key);
      assertFalse(ks.matches(key.getBytes(StandardCharsets.UTF_8)), spec + " should not match bytes of " + key);
      assertFalse(coveredByRanges(ks, key), spec + " ranges should not cover " + key);
    }
  }

  private static boolean coveredByRanges(KeySpec ks, String key) {
    Key k = new Key(new Text(key.getBytes(StandardCharsets.UTF_8)));
    return ks.rowRanges().stream().anyMatch(r -> r.contains(k));
  }

  private static String rejected(String spec) {
    return assertThrows(IllegalArgumentException.class, () -> KeySpec.parse(spec)).getMessage();
  }

  // ---- hand-worked examples ----

  @Test
  void colonAloneIsAll() {
    KeySpec all = KeySpec.parse(":");
    assertTrue(all.isAll());
    assertFalse(all.isEmpty());
    assertEquals(List.of(new Range()), all.rowRanges());
    assertSelects(":", List.of("", "a", ":", EMOJI, "\u0000"), List.of());
    assertTrue(KeySpec.all().isAll());
    assertEquals(":", KeySpec.all().toString());
  }

  @Test
  void listOfKeys() {
    assertSelects("a,b,c,", List.of("a", "b", "c"), List.of("", "ab", "d", "A", "a,"));
    KeySpec ks = KeySpec.parse("c,a,b,");
    assertFalse(ks.isAll());
    assertEquals(List.of(Range.exact("a"), Range.exact("b"), Range.exact("c")), ks.rowRanges());
  }

  @Test
  void exactKeysOnlyOfAListOfKeys() {
    assertEquals(List.of("c", "a", EMOJI), KeySpec.parse("c,a," + EMOJI + ",").exactKeys());
    assertEquals(List.of(), KeySpec.parse(",").exactKeys());
    for (String spec : List.of(":", "a,b*,", "a,:,c,", "a,c,:,", "*,")) {
      assertEquals(null, KeySpec.parse(spec).exactKeys(), spec);
    }
  }

  @Test
  void lastCharacterIsTheSeparator() {
    assertSelects("a;b;", List.of("a", "b"), List.of("a;b", "a,b"));
    assertSelects("a,b;c,d;", List.of("a,b", "c,d"), List.of("a", "b", "c", "d"));
    assertSelects("x\ny\n", List.of("x", "y"), List.of("x\ny"));
    assertSelects("p|q|", List.of("p", "q"), List.of("p|q"));
    assertSelects("one two ", List.of("one", "two"), List.of("one two"));
    assertSelects("a" + EMOJI + "b" + EMOJI, List.of("a", "b"), List.of("a" + EMOJI + "b"));
    // With ':' as the separator there can be no ':' token, so no ranges: ':' just splits.
    assertSelects("a:b:", List.of("a", "b"), List.of("a:b"));
    // Without a trailing separator, the last character is taken as one anyway (D4M's rule).
    assertSelects("alice", List.of("alic"), List.of("alice"));
  }

  @Test
  void separatorOnlyIsEmptyList() {
    for (String spec : List.of(",", ";", "\n", EMOJI)) {
      KeySpec ks = KeySpec.parse(spec);
      assertTrue(ks.isEmpty(), spec);
      assertFalse(ks.isAll(), spec);
      assertEquals(List.of(), ks.rowRanges());
      assertSelects(spec, List.of(), List.of("", "a", ",", ":"));
    }
  }

  @Test
  void inclusiveRanges() {
    assertSelects("b,:,d,", List.of("b", "b\u0000", "c", "czzzz", "d"), List.of("", "a", "azzz", "d\u0000", "da", "e"));
    assertEquals(List.of(new Range("b", true, "d", true)), KeySpec.parse("b,:,d,").rowRanges());
    assertSelects("b,:,b,", List.of("b"), List.of("a", "b\u0000", "ba"));
  }

  @Test
  void rangesWithAbsentEnds() {
    assertSelects(":,m,", List.of("", "a", "lzzz", "m"), List.of("m\u0000", "ma", "n"));
    assertEquals(List.of(new Range(null, true, "m", true)), KeySpec.parse(":,m,").rowRanges());
    assertSelects("m,:,", List.of("m", "ma", "z", EMOJI), List.of("", "a", "lzzz"));
    assertEquals(List.of(new Range("m", true, null, true)), KeySpec.parse("m,:,").rowRanges());
    // ':' with neither end is everything.
    assertTrue(KeySpec.parse(":,").isAll());
    assertEquals(List.of(new Range()), KeySpec.parse(":,").rowRanges());
    // Both open ends together cover everything, and are reported as all.
    KeySpec halves = KeySpec.parse(":,m,m,:,");
    assertTrue(halves.isAll());
    assertEquals(List.of(new Range()), halves.rowRanges());
  }

  @Test
  void prefixes() {
    assertSelects("pre*,", List.of("pre", "prefix", "pre\u0000", "pre" + EMOJI), List.of("", "pr", "prd", "prf", "Pre"));
    assertEquals(List.of(Range.prefix("pre")), KeySpec.parse("pre*,").rowRanges());
    // Only the trailing '*' means prefix.
    assertSelects("a*b,", List.of("a*b"), List.of("ab", "a*bc"));
    assertSelects("a**,", List.of("a*", "a*x"), List.of("a", "ax"));
    // The empty prefix is everything.
    assertTrue(KeySpec.parse("*,").isAll());
    assertEquals(List.of(new Range()), KeySpec.parse("*,").rowRanges());
  }

  @Test
  void prefixEndsInByteOrder() {
    // "\uFFFF" is EF BF BF; 4-byte characters (F0 ..) sort after every key with that prefix.
    assertSelects("\uFFFF*,", List.of("\uFFFF", "\uFFFFa"), List.of("\uFFFE", EMOJI, "\uF000"));
  }

  @Test
  void everythingCombines() {
    String spec = "a,c,:,f,x*,";
    assertSelects(spec, List.of("a", "c", "d", "ezzz", "f", "x", "xylophone"),
        List.of("", "b", "ab", "f\u0000", "g", "w", "yx"));
    assertEquals(List.of(Range.exact("a"), new Range("c", true, "f", true), Range.prefix("x")),
        KeySpec.parse(spec).rowRanges());
    assertEquals(spec, KeySpec.parse(spec).toString());
  }

  @Test
  void overlappingPiecesMerge() {
    KeySpec ks = KeySpec.parse("a,:,m,c,b*,k,:,z,");
    assertEquals(List.of(new Range("a", true, "z", true)), ks.rowRanges());
    assertSelects("a,:,m,c,b*,k,:,z,", List.of("a", "bzz", "m", "n", "z"), List.of("", "z\u0000"));
  }

  // ---- byte order, not UTF-16 order ----

  @Test
  void comparesUtf8BytesNotUtf16() {
    // Java's String order puts the emoji before U+FFFD; Accumulo's byte order puts it after.
    assertTrue(EMOJI.compareTo(REPLACEMENT) < 0);
    assertSelects("\uE000,:," + REPLACEMENT + ",", List.of("\uE000", "\uF000", REPLACEMENT),
        List.of(EMOJI, "\uFFFE", "a"));
    assertSelects(REPLACEMENT + ",:," + EMOJI + ",", List.of(REPLACEMENT, "\uFFFF", EMOJI),
        List.of(EMOJI + "a", "\uE000", "z"));
    String backwards = rejected(EMOJI + ",:," + REPLACEMENT + ",");
    assertTrue(backwards.contains("backwards"), backwards);
    assertSelects(":,\uFFFF,", List.of("a", "\uFFFF"), List.of(EMOJI));
  }

  // ---- errors ----

  @Test
  void errorsQuoteTheSpecAndSayWhatIsWrong() {
    assertTrue(rejected("").contains("empty"));
    assertEquals("invalid key spec \"a,,b,\": token 2 is empty (the separator is ',', the last character)",
        rejected("a,,b,"));
    assertEquals("invalid key spec \",,\": token 1 is empty (the separator is ',', the last character)", rejected(",,"));
    assertEquals("invalid key spec \"a,:,:,b,\": tokens 2 and 3 are both ':'", rejected("a,:,:,b,"));
    assertEquals("invalid key spec \":,:,\": tokens 1 and 2 are both ':'", rejected(":,:,"));
    assertEquals("invalid key spec \"z,:,a,\": range 'z' to 'a' is backwards: its start sorts after its end",
        rejected("z,:,a,"));
    assertEquals("invalid key spec \"a,:,b,:,c,\": token 4 ':' has no start: 'b' (token 3) already ends a range",
        rejected("a,:,b,:,c,"));
    assertEquals("invalid key spec \"x,:,y,:,\": token 4 ':' has no start: 'y' (token 3) already ends a range",
        rejected("x,:,y,:,"));
    assertEquals("invalid key spec \"a*,:,c,\": range start 'a*' (token 1) cannot be a prefix", rejected("a*,:,c,"));
    assertEquals("invalid key spec \"a,:,c*,\": range end 'c*' (token 3) cannot be a prefix", rejected("a,:,c*,"));
    // Control characters are shown escaped so the message stays on one line.
    String msg = rejected("a\n\nb\n");
    assertFalse(msg.contains("\n"), msg);
    assertTrue(msg.contains("a\\n\\nb\\n"), msg);
    assertTrue(rejected("a\uD800,").contains("unpaired"));
  }

  @Test
  void openStartRangeOnlyAtTheBeginning() {
    // After any token, ':' takes it as the start, so ':,y,' in the middle never means "<= y".
    assertSelects("a,:,y,", List.of("a", "m", "y"), List.of("0"));
  }

  // ---- StartsWith ----

  @Test
  void startsWithBuildsAPrefixList() {
    KeySpec ks = KeySpec.startsWith("ab", "x,y");
    assertSelects(ks.toString(), List.of("ab", "abc", "x,y", "x,yz"), List.of("a", "x", "y", "x,"));
    assertEquals(ks, KeySpec.parse(ks.toString()));
    assertEquals(List.of(Range.prefix("ab"), Range.prefix("x,y")), ks.rowRanges());
    assertTrue(KeySpec.startsWith().isEmpty());
    assertTrue(KeySpec.startsWith("").isAll());
    assertTrue(KeySpec.startsWith(":", "*").matches(":x"));
    assertTrue(KeySpec.startsWith(":", "*").matches("*"));
    assertFalse(KeySpec.startsWith(":", "*").matches("x"));
    // Every usual separator is taken: it still finds one.
    KeySpec crowded = KeySpec.startsWith(",;|\n\t", "q");
    assertTrue(crowded.matches(",;|\n\tz"));
    assertTrue(crowded.matches("q"));
    assertFalse(crowded.matches(","));
  }

  @Test
  void matchesWithOffset() {
    KeySpec ks = KeySpec.parse("b,:,d,");
    byte[] buf = "xxcxx".getBytes(StandardCharsets.UTF_8);
    assertTrue(ks.matches(buf, 2, 1));
    assertFalse(ks.matches(buf, 1, 2)); // "xc"
    assertFalse(ks.matches(buf, 0, 0)); // ""
  }

  // ---- brute-force oracle ----

  private static final String[] ALPHABET = {"a", "b", "\u0000", "\u00E9", "\uE000", REPLACEMENT, EMOJI, "*", ":", "\u007F"};
  private static final String[] SEPARATORS = {",", ";", "\n", "|", "\t", "\u2603"};

  /** What a spec element means, written directly from the D4M rules. */
  private record Piece(String exact, String prefix, String low, String high, boolean isRange) {
    boolean matches(byte[] key) {
      if (exact != null) {
        return Arrays.equals(key, utf8(exact));
      }
      if (prefix != null) {
        byte[] p = utf8(prefix);
        return key.length >= p.length && Arrays.equals(key, 0, p.length, p, 0, p.length);
      }
      return (low == null || Arrays.compareUnsigned(utf8(low), key) <= 0)
          && (high == null || Arrays.compareUnsigned(key, utf8(high)) <= 0);
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String randomString(Random rnd, int maxLength) {
    StringBuilder sb = new StringBuilder();
    int n = rnd.nextInt(maxLength + 1);
    for (int i = 0; i < n; i++) {
      sb.append(ALPHABET[rnd.nextInt(ALPHABET.length)]);
    }
    return sb.toString();
  }

  /** A token that is read literally: non-empty, not ':' and not ending in '*'. */
  private static String literal(Random rnd) {
    String s = randomString(rnd, 3);
    return s.isEmpty() || s.equals(":") || s.endsWith("*") ? s + "a" : s;
  }

  @Test
  void matchesAgreesWithRulesAndRanges() {
    Random rnd = new Random(42);
    for (int trial = 0; trial < 2000; trial++) {
      String sep = SEPARATORS[rnd.nextInt(SEPARATORS.length)];
      List<Piece> pieces = new ArrayList<>();
      StringBuilder spec = new StringBuilder();
      int count = rnd.nextInt(5);
      for (int i = 0; i < count; i++) {
        int kind = rnd.nextInt(4);
        if (kind == 0) {
          String x = literal(rnd);
          pieces.add(new Piece(x, null, null, null, false));
          spec.append(x).append(sep);
        } else if (kind == 1) {
          String p = randomString(rnd, 2);
          pieces.add(new Piece(null, p, null, null, false));
          spec.append(p).append('*').append(sep);
        } else {
          String lo = literal(rnd);
          String hi = literal(rnd);
          if (Arrays.compareUnsigned(utf8(lo), utf8(hi)) > 0) {
            String t = lo;
            lo = hi;
            hi = t;
          }
          // An open start is only possible first; an open end only last.
          boolean openStart = pieces.isEmpty() && rnd.nextInt(4) == 0;
          boolean openEnd = i == count - 1 && rnd.nextInt(4) == 0;
          pieces.add(new Piece(null, null, openStart ? null : lo, openEnd ? null : hi, true));
          spec.append(openStart ? "" : lo + sep).append(':').append(sep).append(openEnd ? "" : hi + sep);
        }
      }
      if (spec.length() == 0) {
        spec.append(sep);
      }
      KeySpec ks = KeySpec.parse(spec.toString());
      List<Range> ranges = ks.rowRanges();
      for (int r = 1; r < ranges.size(); r++) {
        assertTrue(ranges.get(r - 1).getEndKey().compareTo(ranges.get(r).getStartKey()) <= 0,
            "sorted and disjoint: " + ranges);
      }
      List<String> keys = new ArrayList<>();
      for (int k = 0; k < 60; k++) {
        keys.add(randomString(rnd, 4));
      }
      for (Piece p : pieces) { // boundaries are where bugs live
        for (String s : Arrays.asList(p.exact(), p.prefix(), p.low(), p.high())) {
          if (s != null) {
            keys.add(s);
            keys.add(s + "\u0000");
            keys.add(s + EMOJI);
            if (!s.isEmpty()) {
              keys.add(s.substring(0, s.offsetByCodePoints(s.length(), -1)));
            }
          }
        }
      }
      for (String key : keys) {
        byte[] b = utf8(key);
        boolean expected = pieces.stream().anyMatch(p -> p.matches(b));
        String why = "spec " + spec + " key " + key;
        assertEquals(expected, ks.matches(key), why);
        assertEquals(expected, ks.matches(b), why);
        assertEquals(expected, coveredByRanges(ks, key), why + " ranges " + ranges);
      }
      assertEquals(pieces.isEmpty(), ks.isEmpty());
      assertEquals(spec.toString(), ks.toString());
    }
  }
}
