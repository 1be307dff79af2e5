package tabulo.math;

import java.util.List;
import java.util.Map;

/** The built-in per-cell finishes of a product ({@link EpilogueOp}), and finding one by name. */
public final class EpilogueOps {
  private EpilogueOps() {}

  /**
   * Intersection over union, {@code c / (x + y - c)}: with c = |S(i) ∩ S(j)| and x, y the sizes of the two
   * sets, |S(i) ∩ S(j)| / |S(i) ∪ S(j)| (the Jaccard index of the two sets).
   */
  public static final EpilogueOp IOU = new BuiltIn("iou") {
    @Override
    public double apply(double c, double x, double y) {
      return c / (x + y - c);
    }
  };

  /** {@code c / sqrt(x y)}: with c a dot product and x, y the squared norms of the two vectors, their cosine. */
  public static final EpilogueOp COSINE = new BuiltIn("cosine") {
    @Override
    public double apply(double c, double x, double y) {
      return c / Math.sqrt(x * y);
    }
  };

  private static final List<EpilogueOp> BUILT_INS = List.of(IOU, COSINE);

  private static final Map<String, EpilogueOp> BY_NAME = ByName.index(BUILT_INS, EpilogueOp::name);

  /**
   * The built-in finish with this name, else an instance of the class of that name (an {@link EpilogueOp}
   * with a public no-arg constructor), else {@link IllegalArgumentException} listing the known names.
   */
  public static EpilogueOp named(String name) {
    return ByName.find(name, BY_NAME, EpilogueOp.class, "epilogue operator");
  }

  /** The name of a built-in; the subclass supplies the arithmetic. */
  private abstract static class BuiltIn extends NamedValue implements EpilogueOp {
    BuiltIn(String name) {
      super(name);
    }
  }
}
