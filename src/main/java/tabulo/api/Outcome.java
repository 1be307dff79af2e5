package tabulo.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a call tells its caller: the command line prints {@link #line} (and {@link #warning} on standard
 * error); Python returns the result table (with {@link #info}) or the {@link #value}, and raises the
 * warning as a RuntimeWarning.
 *
 * @param table the table written, or null
 * @param value the number computed (a count), or null
 * @param line the command line's report; null: "NAME: N cells written to TABLE" from the last kernel run
 *     (with an accumulator, and {@code oneOperation}, also how many cells the operation computed)
 * @param oneOperation whether the call is one operation, whose first kernel run computes the result
 * @param info what the run reported (rounds, iterations, ...), by name
 * @param warning something the caller should hear though the call succeeded, or null
 */
public record Outcome(String table, Number value, String line, Map<String, Object> info, String warning,
    boolean oneOperation) {
  /** A table was written by an algorithm; the command line says how many cells the last kernel run wrote. */
  public static Outcome cellsWritten(String table) {
    return new Outcome(table, null, null, Map.of(), null, false);
  }

  /**
   * A table was written by one operation; the command line says how many cells it wrote (and, with an
   * accumulator, how many it computed).
   */
  public static Outcome operation(String table) {
    return new Outcome(table, null, null, Map.of(), null, true);
  }

  /** A table was written; the command line prints {@code line}. */
  public static Outcome table(String table, String line) {
    return new Outcome(table, null, line, Map.of(), null, false);
  }

  /** A number was computed (Python returns it); the command line prints {@code line}. */
  public static Outcome value(Number value, String line) {
    return new Outcome(null, value, line, Map.of(), null, false);
  }

  /** The same, with {@code key = v} added to {@link #info}. */
  public Outcome with(String key, Object v) {
    Map<String, Object> m = new LinkedHashMap<>(info);
    m.put(key, v);
    return new Outcome(table, value, line, m, warning, oneOperation);
  }

  /** The same, with a warning. */
  public Outcome warning(String text) {
    return new Outcome(table, value, line, info, text, oneOperation);
  }
}
