package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.LabelPropagation;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;
import tabulo.ops.Target;

/** {@code cdlp G OUT --iterations N}: {@link LabelPropagation}. */
public final class LabelPropagationDeclaration {
  static final Parameter ITERATIONS = Parameter.required("iterations", Type.INTEGER, "N",
      "Rounds of label propagation (LDBC's max-iterations); rounds after one that changes no label are skipped, "
          + "as they would change none.").atLeast(0);
  static final Parameter DIRECTED = Parameter.flag("directed", "G is directed: count each vertex's in- and "
      + "out-neighbours, a neighbour linked both ways twice (LDBC's directed graphs). Without it G ∪ G^T is the "
      + "undirected graph, each neighbour counted once.");

  public static final Declaration CDLP = new Declaration("cdlp", List.of(
      "Community detection by label propagation (LDBC's CDLP) into OUT(v, label).",
      "Every vertex starts with its own key as label; each round, synchronously, it takes the label most frequent "
          + "among its neighbours' labels, ties to the smallest label; a vertex without neighbours keeps its own. "
          + "Labels compare as integers where keys are integers (so 9 before 10), integer keys before any other; "
          + "other keys in key order. Self-loops are ignored; G must be unlabelled (no visibilities). Embedded: G read once "
          + "into arrays. In tables (--in-tables, Accumulo's tablet servers): two multiplies a round, the client "
          + "turning the winners into the next labels (|V| cells, never the edges). Rounds print on a terminal; OUT "
          + "appears only at the end."),
      List.of(GraphTables.G_UNWEIGHTED, GraphTables.OUT, ITERATIONS, DIRECTED), EnumSet.of(Group.READ, Group.IN_TABLES),
      LabelPropagationDeclaration::run);

  private LabelPropagationDeclaration() {}

  private static Outcome run(Call c) {
    String g = c.text(GraphTables.G_UNWEIGHTED);
    String out = c.text(GraphTables.OUT);
    int rounds = LabelPropagation.run(c.session().matrix(g), Target.table(out), LabelPropagation.Options.defaults()
        .iterations(c.integer(ITERATIONS)).directed(c.flag(DIRECTED)).listener(c.rounds("labels changed")));
    return Outcome.table(out, String.format("cdlp: %s written to %s after %d rounds, column %s", g, out, rounds,
        LabelPropagation.COLUMN)).with("rounds", rounds);
  }
}
