package tabulo.api.algorithms;

import java.util.EnumSet;
import java.util.List;

import tabulo.algorithms.IterationListener;
import tabulo.algorithms.KTruss;
import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;

/** {@code ktruss G OUT --k K}: {@link KTruss}. */
public final class KTrussDeclaration {
  static final Parameter K = Parameter.required("k", Type.INTEGER, "K",
      "Each edge lies in at least K-2 triangles of the truss (K >= 3).").atLeast(3);

  public static final Declaration KTRUSS = new Declaration("ktruss", List.of(
      "The k-truss of G's undirected graph into OUT.",
      "OUT holds its edges in both directions, each valued with the triangles of the truss containing it. Repeats "
          + "C<A> = A (plus.pair) A, A = select(C >= k-2) until no edge goes; prints each iteration's edges left "
          + "and removed on a terminal."),
      List.of(GraphTables.G_UNWEIGHTED, GraphTables.OUT_OR_ACCUM, K),
      EnumSet.of(Group.READ, Group.OUTPUT, Group.IN_TABLES), KTrussDeclaration::run);

  private KTrussDeclaration() {}

  private static Outcome run(Call c) {
    String out = c.text(GraphTables.OUT_OR_ACCUM);
    KTruss.run(c.session().matrix(c.text(GraphTables.G_UNWEIGHTED)), c.target(out),
        KTruss.Options.defaults().k(c.integer(K)).listener(rounds(c)));
    return Outcome.cellsWritten(out);
  }

  /** Each iteration's edges left and removed, each counted once (KTruss counts both directions). */
  private static IterationListener rounds(Call c) {
    return new IterationListener() {
      @Override
      public void iteration(int iteration, double removed) {
        // KTruss tells the form below, with the edges left
      }

      @Override
      public void iteration(int iteration, double removed, long edges) {
        c.round(String.format("iteration %d, %,d edges left, %,d removed", iteration, edges / 2,
            Math.round(removed) / 2));
      }
    };
  }
}
