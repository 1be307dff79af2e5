package tabulo.graphalytics;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import tabulo.util.Progress;

/**
 * Compares an output file with LDBC's reference output by LDBC's rules: BFS and CDLP values equal; PR,
 * LCC and SSSP within 1e-4 of the expected value, relatively (Infinity equal only to Infinity); WCC the
 * same partition, whatever the labels. Both files list every vertex once.
 */
public final class Validator {
  private static final double EPSILON = 1e-4;

  private Validator() {}

  /** The first difference, naming its vertex, or null when {@code actual} is valid. */
  public static String firstDifference(Algorithm a, Path expected, Path actual) {
    Map<Long, String> got = read(actual);
    Map<String, String> labelFor = new HashMap<>(); // WCC: expected label -> actual label, and back
    Map<String, String> labelBack = new HashMap<>();
    long seen = 0;
    try (TextLines lines = new TextLines(expected, Progress.silent())) {
      for (String[] f = lines.next(); f != null; f = lines.next()) {
        if (f.length == 0) {
          continue;
        }
        if (f.length != 2) {
          throw lines.error("expected 'id value', found " + f.length + " fields");
        }
        long id = lines.id(f[0]);
        String want = f[1];
        String have = got.get(id);
        seen++;
        if (have == null) {
          return "vertex " + id + ": expected " + want + ", missing from " + actual;
        }
        boolean same = switch (a.comparison()) {
          case EXACT -> want.equals(have) || numericallyEqual(want, have);
          case EPSILON -> close(want, have);
          case EQUIVALENCE -> labelFor.computeIfAbsent(want, k -> have).equals(have)
              && labelBack.computeIfAbsent(have, k -> want).equals(want);
        };
        if (!same) {
          return "vertex " + id + ": expected " + want + ", got " + have
              + (a.comparison() == Algorithm.Comparison.EQUIVALENCE ? " (not the same components)" : "");
        }
      }
    }
    if (got.size() != seen) {
      return got.size() + " vertices in " + actual + ", " + seen + " in " + expected;
    }
    return null;
  }

  private static boolean numericallyEqual(String want, String have) {
    try {
      return Long.parseLong(want) == Long.parseLong(have);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static boolean close(String want, String have) {
    double e;
    double x;
    try {
      e = Double.parseDouble(want);
      x = Double.parseDouble(have);
    } catch (NumberFormatException ex) {
      return false;
    }
    if (Double.isInfinite(e) || Double.isInfinite(x)) {
      return e == x;
    }
    return Math.abs(e - x) <= EPSILON * Math.abs(e);
  }

  private static Map<Long, String> read(Path file) {
    Map<Long, String> values = new HashMap<>();
    try (TextLines lines = new TextLines(file, Progress.silent())) {
      for (String[] f = lines.next(); f != null; f = lines.next()) {
        if (f.length == 2) {
          values.put(lines.id(f[0]), f[1]);
        } else if (f.length != 0) {
          throw lines.error("expected 'id value', found " + f.length + " fields");
        }
      }
    }
    return values;
  }
}
