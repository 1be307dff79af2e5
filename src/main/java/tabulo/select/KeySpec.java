package tabulo.select;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;

/**
 * A key selection, in D4M's syntax: which row (or column) keys a query, scan, filter or kernel wants.
 *
 * <ul>
 *   <li>{@code :} alone selects every key.
 *   <li>Otherwise the last character of the spec is its separator, and the spec is a list of tokens
 *       each followed by that separator: {@code a,b,c,} or {@code a;b;c;}. A spec that is only the
 *       separator ({@code ,}) is the empty list.
 *   <li>{@code x,:,y,} selects x &lt;= key &lt;= y; {@code :,y,} (only as the first tokens) selects
 *       key &lt;= y and {@code x,:,} (only as the last tokens) selects key &gt;= x.
 *   <li>A token ending in {@code *} is a prefix: {@code pre*,} selects keys starting with "pre".
 * </ul>
 *
 * Keys are compared as unsigned UTF-8 bytes, which is Accumulo's sort order (it differs from Java's
 * UTF-16 {@link String} order for characters outside the BMP). A spec is immutable and thread-safe.
 */
public final class KeySpec {
  private static final String ALL_SPEC = ":";
  private static final String RANGE_TOKEN = ":";
  private static final Comparator<byte[]> UNSIGNED = Arrays::compareUnsigned;

  /** One selected item, in spec order; used to build Accumulo ranges. */
  private sealed interface Element permits Exact, Prefix, Between {}

  private record Exact(byte[] key) implements Element {}

  private record Prefix(byte[] prefix) implements Element {}

  /** Inclusive range; a null end is open. */
  private record Between(byte[] low, byte[] high) implements Element {}

  private final String spec;
  private final List<Element> elements;
  private final Intervals intervals;
  private final boolean all;

  private KeySpec(String spec, List<Element> elements) {
    this.spec = spec;
    this.elements = List.copyOf(elements);
    this.intervals = Intervals.of(this.elements);
    this.all = intervals.coversEverything();
  }

  /** Every key. */
  public static KeySpec all() {
    return new KeySpec(ALL_SPEC, List.of(new Between(null, null)));
  }

  /** D4M's StartsWith: keys beginning with any of the prefixes (none: the empty list). */
  public static KeySpec startsWith(String... prefixes) {
    String sep = separatorNotIn(prefixes);
    StringBuilder sb = new StringBuilder();
    for (String p : prefixes) {
      sb.append(p).append('*').append(sep);
    }
    if (prefixes.length == 0) {
      sb.append(sep);
    }
    // Build the text and parse it, so toString() is a spec that means exactly this.
    return parse(sb.toString());
  }

  /** Parses a D4M spec; throws IllegalArgumentException naming the spec and what is wrong. */
  public static KeySpec parse(String spec) {
    Objects.requireNonNull(spec, "spec");
    if (spec.isEmpty()) {
      throw new IllegalArgumentException("invalid key spec \"\": it is empty (use \":\" for all keys, \",\" for none)");
    }
    if (spec.equals(ALL_SPEC)) {
      return all();
    }
    return new KeySpec(spec, new SpecParser(spec).elements());
  }

  /** True when every key matches: ":" and also specs such as "*," or ":,m,m,:,". */
  public boolean isAll() {
    return all;
  }

  /** True when no key matches. */
  public boolean isEmpty() {
    return elements.isEmpty();
  }

  public boolean matches(String key) {
    if (all) {
      return true;
    }
    byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
    return intervals.contains(utf8, 0, utf8.length);
  }

  public boolean matches(byte[] utf8Key) {
    return matches(utf8Key, 0, utf8Key.length);
  }

  /** Matches the key held in {@code buf[offset, offset+length)}; allocation-free, for per-cell use. */
  public boolean matches(byte[] buf, int offset, int length) {
    return all || intervals.contains(buf, offset, length);
  }

  /** The keys, when the spec is a list of single keys (no range, prefix or ":"); else null. */
  public List<String> exactKeys() {
    List<String> keys = new ArrayList<>(elements.size());
    for (Element e : elements) {
      if (!(e instanceof Exact x)) {
        return null;
      }
      keys.add(new String(x.key(), StandardCharsets.UTF_8));
    }
    return keys;
  }

  /**
   * Accumulo row ranges covering exactly the selected keys, sorted and merged: one {@code new Range()}
   * for all keys, none for the empty list.
   */
  public List<Range> rowRanges() {
    if (isAll()) {
      return List.of(new Range());
    }
    List<Range> ranges = new ArrayList<>(elements.size());
    for (Element e : elements) {
      ranges.add(toRange(e));
    }
    return List.copyOf(Range.mergeOverlapping(ranges));
  }

  /**
   * The range of one element, as {@code Range.exact}, {@code Range.prefix} and the row-range constructor
   * make it, built from bytes: Hadoop's {@code Text} would initialise Hadoop's configuration and logging,
   * about half a second of a short query's start (KeySpecTest checks the ranges equal Accumulo's).
   */
  private static Range toRange(Element e) {
    if (e instanceof Exact x) {
      return new Range(new Key(x.key()), true, new Key(x.key()).followingKey(PartialKey.ROW), false);
    }
    if (e instanceof Prefix p) {
      // Range.prefix("") would start at the empty row rather than being unbounded.
      if (p.prefix().length == 0) {
        return new Range();
      }
      byte[] after = followingPrefix(p.prefix());
      return new Range(new Key(p.prefix()), true, after == null ? null : new Key(after), false);
    }
    Between b = (Between) e;
    return new Range(b.low() == null ? null : new Key(b.low()), true,
        b.high() == null ? null : new Key(b.high()).followingKey(PartialKey.ROW), false);
  }

  /** The smallest byte string greater than every string with this prefix; null if none exists (all 0xff). */
  private static byte[] followingPrefix(byte[] prefix) {
    int last = prefix.length - 1;
    while (last >= 0 && prefix[last] == (byte) 0xff) {
      last--;
    }
    if (last < 0) {
      return null;
    }
    byte[] next = Arrays.copyOf(prefix, last + 1);
    next[last]++;
    return next;
  }

  /** The spec as it was written. */
  @Override
  public String toString() {
    return spec;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeySpec other && other.spec.equals(spec);
  }

  @Override
  public int hashCode() {
    return spec.hashCode();
  }

  private static String separatorNotIn(String... prefixes) {
    String candidates = ",;|\n\t";
    for (int i = 0; i < candidates.length(); i++) {
      String sep = candidates.substring(i, i + 1);
      if (Arrays.stream(prefixes).noneMatch(p -> p.contains(sep))) {
        return sep;
      }
    }
    for (int cp = 0x2400; ; cp++) { // control pictures and beyond: practically never in keys
      String sep = Character.toString(cp);
      if (cp != '*' && Arrays.stream(prefixes).noneMatch(p -> p.contains(sep))) {
        return sep;
      }
    }
  }

  /** Turns the token list into elements, enforcing the grammar. */
  private static final class SpecParser {
    private final String spec;

    SpecParser(String spec) {
      this.spec = spec;
    }

    private void checkSurrogates() {
      for (int i = 0; i < spec.length(); i++) {
        char c = spec.charAt(i);
        if (Character.isHighSurrogate(c) && i + 1 < spec.length()
            && Character.isLowSurrogate(spec.charAt(i + 1))) {
          i++;
        } else if (Character.isSurrogate(c)) {
          throw error("it has an unpaired UTF-16 surrogate at character " + (i + 1));
        }
      }
    }

    List<Element> elements() {
      checkSurrogates(); // they would silently encode as '?'
      List<String> tokens = tokens();
      List<Element> out = new ArrayList<>();
      int i = 0;
      while (i < tokens.size()) {
        String token = tokens.get(i);
        int colon;
        byte[] low;
        if (token.equals(RANGE_TOKEN)) {
          if (i > 0) {
            // The token before a ':' becomes its start, so reaching one here means it was taken.
            throw error("token " + (i + 1) + " ':' has no start: '" + shown(tokens.get(i - 1)) + "' (token " + i
                + ") already ends a range");
          }
          low = null;
          colon = i;
        } else if (i + 1 < tokens.size() && tokens.get(i + 1).equals(RANGE_TOKEN)) {
          low = endpoint(token, i, "start");
          colon = i + 1;
        } else {
          out.add(single(token));
          i++;
          continue;
        }
        int endAt = colon + 1;
        byte[] high = null;
        if (endAt < tokens.size()) {
          if (tokens.get(endAt).equals(RANGE_TOKEN)) {
            throw error("tokens " + (colon + 1) + " and " + (endAt + 1) + " are both ':'");
          }
          high = endpoint(tokens.get(endAt), endAt, "end");
          i = endAt + 1;
        } else {
          i = endAt;
        }
        if (low != null && high != null && UNSIGNED.compare(low, high) > 0) {
          throw error("range '" + shown(tokens.get(colon - 1)) + "' to '" + shown(tokens.get(endAt))
              + "' is backwards: its start sorts after its end");
        }
        out.add(new Between(low, high));
      }
      return out;
    }

    private List<String> tokens() {
      int sepStart = spec.offsetByCodePoints(spec.length(), -1);
      String sep = spec.substring(sepStart);
      String body = spec.substring(0, sepStart);
      if (body.isEmpty()) {
        return List.of();
      }
      List<String> tokens = List.of(body.split(Pattern.quote(sep), -1));
      for (int i = 0; i < tokens.size(); i++) {
        if (tokens.get(i).isEmpty()) {
          throw error("token " + (i + 1) + " is empty (the separator is '" + shown(sep) + "', the last character)");
        }
      }
      return tokens;
    }

    private static Element single(String token) {
      if (token.endsWith("*")) {
        return new Prefix(utf8(token.substring(0, token.length() - 1)));
      }
      return new Exact(utf8(token));
    }

    private byte[] endpoint(String token, int index, String which) {
      if (token.endsWith("*")) {
        throw error("range " + which + " '" + shown(token) + "' (token " + (index + 1) + ") cannot be a prefix");
      }
      return utf8(token);
    }

    private IllegalArgumentException error(String problem) {
      return new IllegalArgumentException("invalid key spec \"" + shown(spec) + "\": " + problem);
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Makes control characters visible so error messages stay on one line. */
  private static String shown(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        case '\r' -> sb.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            sb.append(String.format("\\u%04X", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }

  /**
   * The selected keys as sorted, disjoint byte intervals [low, high] or [low, high), so a match is one
   * binary search whatever the mix of exact keys, prefixes and ranges.
   */
  private static final class Intervals {
    private final byte[][] lows; // lows[0] may be null: unbounded below
    private final byte[][] highs; // null: unbounded above
    private final boolean[] highInclusive;

    private Intervals(byte[][] lows, byte[][] highs, boolean[] highInclusive) {
      this.lows = lows;
      this.highs = highs;
      this.highInclusive = highInclusive;
    }

    private record Interval(byte[] low, byte[] high, boolean highInclusive) {}

    static Intervals of(List<Element> elements) {
      List<Interval> all = new ArrayList<>();
      for (Element e : elements) {
        all.add(toInterval(e));
      }
      all.sort((a, b) -> compareLows(a.low(), b.low()));
      List<Interval> merged = new ArrayList<>();
      for (Interval next : all) {
        Interval last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
        // Starts are inclusive, so a start at or before the previous end continues it.
        if (last != null && (last.high() == null || UNSIGNED.compare(next.low(), last.high()) <= 0)) {
          merged.set(merged.size() - 1, new Interval(last.low(), maxHigh(last, next), maxHighInclusive(last, next)));
        } else {
          merged.add(next);
        }
      }
      int n = merged.size();
      byte[][] lows = new byte[n][];
      byte[][] highs = new byte[n][];
      boolean[] inclusive = new boolean[n];
      for (int i = 0; i < n; i++) {
        lows[i] = merged.get(i).low();
        highs[i] = merged.get(i).high();
        inclusive[i] = merged.get(i).highInclusive();
      }
      return new Intervals(lows, highs, inclusive);
    }

    private static Interval toInterval(Element e) {
      if (e instanceof Exact x) {
        return new Interval(x.key(), x.key(), true);
      }
      if (e instanceof Prefix p) {
        return new Interval(p.prefix(), followingPrefix(p.prefix()), false);
      }
      Between b = (Between) e;
      return new Interval(b.low(), b.high(), true);
    }

    private static int compareLows(byte[] a, byte[] b) {
      if (a == null || b == null) {
        return a == b ? 0 : (a == null ? -1 : 1);
      }
      return UNSIGNED.compare(a, b);
    }

    private static byte[] maxHigh(Interval a, Interval b) {
      if (a.high() == null || b.high() == null) {
        return null;
      }
      return UNSIGNED.compare(a.high(), b.high()) >= 0 ? a.high() : b.high();
    }

    private static boolean maxHighInclusive(Interval a, Interval b) {
      if (a.high() == null || b.high() == null) {
        return false;
      }
      int c = UNSIGNED.compare(a.high(), b.high());
      return c > 0 ? a.highInclusive() : c < 0 ? b.highInclusive() : a.highInclusive() || b.highInclusive();
    }

    boolean coversEverything() {
      return lows.length == 1 && (lows[0] == null || lows[0].length == 0) && highs[0] == null;
    }

    boolean contains(byte[] buf, int offset, int length) {
      // Find the last interval whose low is <= key.
      int lo = 0;
      int hi = lows.length - 1;
      int found = -1;
      int end = offset + length;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        byte[] low = lows[mid];
        if (low == null || Arrays.compareUnsigned(low, 0, low.length, buf, offset, end) <= 0) {
          found = mid;
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      if (found < 0) {
        return false;
      }
      byte[] high = highs[found];
      if (high == null) {
        return true;
      }
      int c = Arrays.compareUnsigned(buf, offset, end, high, 0, high.length);
      return c < 0 || (c == 0 && highInclusive[found]);
    }
  }
}
