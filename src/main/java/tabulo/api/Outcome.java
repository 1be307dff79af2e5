package tabulo.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a call tells its caller: the command line prints {@link #line} (its {@link #notes} and
 * {@link #warning} on standard error); Python returns the result table (with {@link #info}) or the
 * {@link #value}, and raises the warning as a RuntimeWarning.
 *
 * @param table the table written, or null
 * @param value the number computed, or null
 * @param report makes the command line's report (only when it prints it: it may read the result); null:
 *     "NAME: N cells written to TABLE" from the last kernel run (with an accumulator, and
 *     {@code oneOperation}, also how many cells the operation computed)
 * @param oneOperation whether the call is one operation, whose first kernel run computes the result
 * @param info what the run reported (rounds, iterations, ...), by name
 * @param warning something the caller should hear though the call succeeded, or null
 * @param notes what the command line also says on standard error, each as "NAME: note" (which algorithm ran
 *     and why); Python keeps what matters of it in {@link #info}
 */
public record Outcome(String table, Number value, Supplier<String> report, Map<String, Object> info, String warning,
    boolean oneOperation, List<String> notes) {
  public Outcome {
    notes = List.copyOf(notes);
  }

  /** A table was written by an algorithm; the command line says how many cells the last kernel run wrote. */
  public static Outcome cellsWritten(String table) {
    return new Outcome(table, null, null, Map.of(), null, false, List.of());
  }

  /**
   * A table was written by one operation; the command line says how many cells it wrote (and, with an
   * accumulator, how many it computed).
   */
  public static Outcome operation(String table) {
    return new Outcome(table, null, null, Map.of(), null, true, List.of());
  }

  /** A table was written; the command line prints {@code line}. */
  public static Outcome table(String table, String line) {
    return table(table, () -> line);
  }

  /** A table was written; the command line prints the line {@code report} makes when asked. */
  public static Outcome table(String table, Supplier<String> report) {
    return new Outcome(table, null, report, Map.of(), null, false, List.of());
  }

  /** A number was computed (Python returns it); the command line prints {@code line}. */
  public static Outcome value(Number value, String line) {
    return new Outcome(null, value, () -> line, Map.of(), null, false, List.of());
  }

  /** The command line's report, or null: it says how many cells were written. */
  public String line() {
    return report == null ? null : report.get();
  }

  /** The same, with {@code key = v} added to {@link #info}. */
  public Outcome with(String key, Object v) {
    Map<String, Object> m = new LinkedHashMap<>(info);
    m.put(key, v);
    return new Outcome(table, value, report, m, warning, oneOperation, notes);
  }

  /** The same, with a warning. */
  public Outcome warning(String text) {
    return new Outcome(table, value, report, info, text, oneOperation, notes);
  }

  /** The same, with {@code text} added to the {@link #notes} (null: none added). */
  public Outcome note(String text) {
    if (text == null) {
      return this;
    }
    List<String> n = new ArrayList<>(notes);
    n.add(text);
    return new Outcome(table, value, report, info, warning, oneOperation, n);
  }
}
