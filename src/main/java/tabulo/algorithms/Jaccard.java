package tabulo.algorithms;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.ResidentJaccard;
import tabulo.math.EpilogueOps;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.PositionalMask;

/**
 * Jaccard similarity of the vertices of G's undirected graph A: J(u, v) = |N(u) ∩ N(v)| / |N(u) ∪ N(v)| for
 * u &lt; v (key order) sharing a neighbour.
 *
 * <p>Graphulo's fused Jaccard, as one kernel of the framework: the degrees d = reduceRows(A), then one
 * row-by-row multiply C = triu(A (plus.pair) A, 1) whose strictly upper positional mask
 * ({@link PositionalMask#UPPER}) is applied in the accumulator (the lower half and the diagonal are never
 * computed) and whose cells are finished as they are written by the epilogue intersection over union
 * ({@link EpilogueOps#IOU}) over d: each count c becomes c / (d(u) + d(v) - c), the degrees of the batch's
 * rows and columns read from d by the kernel ({@link MxmOptions#epilogue}). Fused, because the plain composition writes all of
 * A·A and then passes over it six times to bring the degrees to each entry.
 *
 * <p>Where G can be held in memory ({@link Resident}), {@link ResidentJaccard} computes the same over its
 * arrays instead.
 */
public final class Jaccard {
  /** No knobs: here so that every algorithm is called alike, {@code run(g, out, options)}. */
  public record Options() {
    public static Options defaults() {
      return new Options();
    }
  }

  private Jaccard() {}

  public static Matrix run(Matrix g, Target out, Options o) {
    ResidentGraph held = Resident.graphFor(g, out);
    if (held != null) {
      return ResidentJaccard.run(held, g, out.table());
    }
    Matrix a = Graph.undirected(g);
    Matrix degrees = a.reduceRows(Monoids.PLUS, Degrees.COLUMN).temporary(); // A's values are all 1
    return a.mxm(a, MxmOptions.defaults().semiring(Semirings.PLUS_PAIR).positional(PositionalMask.UPPER)
        .epilogue(EpilogueOps.IOU, degrees.table())).into(out);
  }
}
