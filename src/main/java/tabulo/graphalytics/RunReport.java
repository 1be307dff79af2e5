package tabulo.graphalytics;

import java.util.Locale;

/**
 * What one driver run measured, printed as one JSON object: load (this run's: reading the files into
 * tables, or checking that the loaded copy is current), processing (from the loaded tables to the output
 * file written) and makespan (the whole run); {@code valid} is null without --validate, and
 * {@code difference} names the first differing vertex when not valid; {@code graph} is the loaded graph's
 * table, {@code loadedNow} whether this run loaded it.
 */
public record RunReport(String dataset, String algorithm, String graph, boolean loadedNow, long vertices, long edges,
    double loadSeconds,
    double processingSeconds, double makespanSeconds, Boolean valid, String difference) {

  public String json() {
    return String.format(Locale.ROOT, "{\"dataset\": \"%s\", \"algorithm\": \"%s\", \"vertices\": %d, "
        + "\"edges\": %d, \"load_seconds\": %.3f, \"processing_seconds\": %.3f, \"makespan_seconds\": %.3f, "
        + "\"valid\": %s}", escape(dataset), algorithm, vertices, edges, loadSeconds, processingSeconds,
        makespanSeconds, valid == null ? "null" : valid.toString());
  }

  private static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
