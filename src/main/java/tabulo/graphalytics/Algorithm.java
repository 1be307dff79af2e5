package tabulo.graphalytics;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import tabulo.storage.TabuloException;

/**
 * LDBC Graphalytics' six algorithms, by the names the driver takes, with the parameters each reads from
 * the dataset's properties and how its values compare when validated.
 */
public enum Algorithm {
  BFS(Comparison.EXACT), CDLP(Comparison.EXACT), LCC(Comparison.EPSILON), PR(Comparison.EPSILON),
  SSSP(Comparison.EPSILON), WCC(Comparison.EQUIVALENCE);

  /** LDBC's validation rules: equal values, equal up to 1e-4 relative, or the same partition. */
  public enum Comparison { EXACT, EPSILON, EQUIVALENCE }

  /** What an algorithm reads from the properties file: its source vertex, rounds and damping. */
  public record Parameters(long source, int iterations, double damping) {}

  private final Comparison comparison;

  Algorithm(Comparison comparison) {
    this.comparison = comparison;
  }

  public Comparison comparison() {
    return comparison;
  }

  /** The name the driver takes and reports (bfs, cdlp, ...). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The algorithm named {@code name}, or an error listing the names. */
  public static Algorithm named(String name) {
    for (Algorithm a : values()) {
      if (a.label().equals(name)) {
        return a;
      }
    }
    throw new TabuloException("unknown algorithm '" + name + "': one of "
        + Arrays.stream(values()).map(Algorithm::label).collect(Collectors.joining(" ")));
  }

  /** This algorithm's parameters from the dataset's properties: a missing one is an error naming the file. */
  public Parameters parameters(Dataset d) {
    String who = label();
    return switch (this) {
      case BFS -> new Parameters(d.integer("bfs.source-vertex", who), 0, 0);
      case SSSP -> {
        d.text("sssp.weight-property", who);
        yield new Parameters(d.integer("sssp.source-vertex", who), 0, 0);
      }
      case CDLP -> new Parameters(0, positive(d, "cdlp.max-iterations"), 0);
      case PR -> new Parameters(0, positive(d, "pr.num-iterations"), d.real("pr.damping-factor", who));
      case LCC, WCC -> new Parameters(0, 0, 0);
    };
  }

  private int positive(Dataset d, String key) {
    long n = d.integer(key, label());
    if (n < 1 || n > Integer.MAX_VALUE) {
      throw new TabuloException(d.properties() + ": graph." + d.name() + "." + key + " must be 1 or more, not " + n);
    }
    return (int) n;
  }
}
