package tabulo.ops;

import java.util.List;
import java.util.Map;

import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOp;
import tabulo.math.ValueCodec;

/**
 * C = A ⊕ B (GraphBLAS eWiseAdd, {@link Join#UNION}) or C = A ⊗ B (eWiseMult, {@link Join#INTERSECTION}):
 * {@code op(a, b)} where both hold a key; elsewhere the one value (union) or nothing (intersection).
 * Labelled cells pair up per key: each pair gives a cell labelled with both labels. {@link #apply} maps
 * every result value through a unary operator in the same pass, C = f(A ⊕ B), so an iterative
 * algorithm's "combine, then map" is one operation instead of two.
 */
public final class Ewise extends StreamOperation {
  static final String KIND = "ewise";
  private static final String THEN = "then_"; // the map after the join: its options' prefix
  private final Matrix a;
  private final Matrix b;
  private final Join join;
  private final BinaryOp op;
  private final ApplySelect.Mapping then;

  /** How the keys of A and B combine; knows which inputs drive the kernel and how a row pair joins. */
  public static final class Join {
    /** A ∪ B: both inputs drive (a row only B holds still gives cells). */
    public static final Join UNION = new Join("union", true);
    /** A ∩ B: A drives; B is only read on A's rows. */
    public static final Join INTERSECTION = new Join("intersection", false);

    final String name;
    private final boolean bDrives;

    private Join(String name, boolean bDrives) {
      this.name = name;
      this.bDrives = bDrives;
    }

    RowStream.Input inputB(String table) {
      RowStream.Input b = RowStream.Input.of(table);
      return bDrives ? b : b.consulted();
    }

    /** The kernel's work on one row of A and B (either may be null). */
    RowStream.RowOp rowOp(BinaryOp op, UnaryOp then, ValueCodec codec) {
      RowPairs.Both both = then == null ? (x, y) -> codec.encode(op.apply(x, y))
          : (x, y) -> codec.encode(then.apply(op.apply(x, y)));
      if (bDrives) {
        RowPairs.One one = then == null ? codec::encode : v -> codec.encode(then.apply(v));
        return (row, rows, out) -> RowPairs.union(row, rows[0], rows[1], out, both, one);
      }
      return (row, rows, out) -> RowPairs.intersection(row, rows[0], rows[1], out, both);
    }

    static Join named(String name) {
      for (Join j : List.of(UNION, INTERSECTION)) {
        if (j.name.equals(name)) {
          return j;
        }
      }
      throw new IllegalArgumentException("unknown element-wise join '" + name + "'");
    }
  }

  Ewise(Matrix a, Matrix b, Join join, BinaryOp op) {
    this(a, b, join, op, ApplySelect.Mapping.NONE);
  }

  private Ewise(Matrix a, Matrix b, Join join, BinaryOp op, ApplySelect.Mapping then) {
    super(a.session);
    this.a = a;
    this.b = b;
    this.join = join;
    this.op = op;
    this.then = then;
  }

  /** C = f(A ⊕ B) (or f(A ⊗ B)), computed in one pass; an operation maps once (a second map is refused). */
  public Ewise apply(UnaryOp f) {
    return then(ApplySelect.Mapping.of(f));
  }

  /** C = op(A ⊕ B, y), computed in one pass (e.g. adding a scalar to every result value). */
  public Ewise applyBindSecond(BinaryOp op, double y) {
    return then(ApplySelect.Mapping.bound(op, y, false));
  }

  private Ewise then(ApplySelect.Mapping f) {
    if (then != ApplySelect.Mapping.NONE) {
      throw new IllegalStateException("an element-wise operation maps its values once: apply a temporary of it");
    }
    return new Ewise(a, b, join, op, f);
  }

  @Override
  protected Matrix driver() {
    return a;
  }

  @Override
  protected List<RowStream.Input> inputs() {
    return List.of(RowStream.Input.of(a.table), join.inputB(b.table));
  }

  @Override
  protected StreamPlan plan(StreamPlan.Settings settings) {
    return new Plan(settings, join, op, then);
  }

  /** The kernel's plan: A and B joined row by row, one output. */
  public static final class Plan extends StreamPlan {
    private final Join join;
    private final BinaryOp op;
    private final String opName;
    private final ApplySelect.Mapping then;

    Plan(Settings settings, Join join, BinaryOp op, ApplySelect.Mapping then) {
      super(settings);
      this.join = join;
      this.op = op;
      this.opName = OpNames.of(op); // refused here, on both hosts, if tablet servers could not find it
      this.then = then;
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      Map<String, String> m = new java.util.LinkedHashMap<>(Map.of("op", opName, "join", join.name));
      m.putAll(then.encode(THEN));
      return m;
    }

    @Override
    protected boolean emitsInRowOrder() {
      return true;
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      return join.rowOp(op, then.op(), codec());
    }
  }

  /** Decodes the plan in tablet servers. */
  public static final class Kind implements tabulo.kernel.KernelPlan.Kind {
    @Override
    public String name() {
      return KIND;
    }

    @Override
    public Plan decode(Map<String, String> options) {
      return new Plan(StreamPlan.Settings.decode(options), Join.named(options.get("join")),
          BinaryOps.named(options.get("op")), ApplySelect.Mapping.decode(options, THEN));
    }
  }
}
