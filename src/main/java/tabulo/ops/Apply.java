package tabulo.ops;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOp;
import tabulo.math.UnaryOps;
import tabulo.math.ValueCodec;

/**
 * C = f(A) (GraphBLAS apply): every stored entry mapped through a unary operator, or through a binary
 * operator with a scalar bound to one side ({@code op(x, a)} or {@code op(a, y)}). Keys and labels stay.
 */
public final class Apply extends StreamOperation {
  static final String KIND = "apply";
  private final Matrix a;
  private final Mapping f;

  Apply(Matrix a, Mapping f) {
    super(a.session);
    this.a = a;
    this.f = f;
  }

  /**
   * What is applied, in a form that travels to tablet servers: a unary operator, or a binary one with
   * {@code scalar} bound first (y -> op(scalar, y)) or second (x -> op(x, scalar)).
   */
  record Mapping(String unary, String binary, double scalar, boolean first) {
    static Mapping of(UnaryOp op) {
      return new Mapping(OpNames.of(op), null, 0, false);
    }

    static Mapping bound(BinaryOp op, double scalar, boolean first) {
      return new Mapping(null, OpNames.of(op), scalar, first);
    }

    UnaryOp op() {
      if (unary != null) {
        return UnaryOps.named(unary);
      }
      BinaryOp op = BinaryOps.named(binary);
      return first ? BinaryOps.bindFirst(op, scalar) : BinaryOps.bindSecond(op, scalar);
    }

    Map<String, String> encode() {
      Map<String, String> m = new LinkedHashMap<>();
      if (unary != null) {
        m.put("unary", unary);
      } else {
        m.put("binary", binary);
        m.put("scalar", Double.toString(scalar)); // exact: parseDouble reads back the same double
        m.put("bind", first ? "first" : "second");
      }
      return m;
    }

    static Mapping decode(Map<String, String> m) {
      if (m.containsKey("unary")) {
        return new Mapping(m.get("unary"), null, 0, false);
      }
      return new Mapping(null, m.get("binary"), Double.parseDouble(m.get("scalar")), "first".equals(m.get("bind")));
    }
  }

  @Override
  protected Matrix driver() {
    return a;
  }

  @Override
  protected List<RowStream.Input> inputs() {
    return List.of(RowStream.Input.of(a.table));
  }

  @Override
  protected StreamPlan plan(StreamPlan.Settings settings) {
    return new Plan(settings, f);
  }

  /** The kernel's plan: one input, each entry mapped, one output. */
  public static final class Plan extends StreamPlan {
    private final Mapping f;

    Plan(Settings settings, Mapping f) {
      super(settings);
      this.f = f;
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      return f.encode();
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      ValueCodec codec = codec();
      UnaryOp op = f.op();
      return (row, rows, out) -> {
        MatrixRow r = rows[0];
        for (int e = 0; r != null && e < r.size; e++) {
          out.put(0, row, r.families[e], r.qualifiers[e], r.visibilities[e], codec.encode(op.apply(r.values[e])));
        }
      };
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
      return new Plan(StreamPlan.Settings.decode(options), Mapping.decode(options));
    }
  }
}
