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
 * C = f(select(A)), entry by entry (GraphBLAS apply and select, which GraphBLAS also builds on one
 * index-unary operator): the entries a {@link Select} keeps, each value mapped through a unary operator
 * or a binary one with a bound scalar. {@code A.apply(f)} selects all; {@code A.select(s)} maps none.
 * The selection's rows and columns are the only ones read; keys and labels stay.
 */
final class ApplySelect extends StreamOperation {
  static final String KIND = "entries";
  private final Matrix a;
  private final Mapping f;
  private final Select select;

  ApplySelect(Matrix a, Mapping f, Select select) {
    super(a.session);
    this.a = a;
    this.f = f;
    this.select = select;
  }

  /**
   * The map, in a form that travels to tablet servers: none (values as they are), a unary operator, or a
   * binary one with {@code scalar} bound first (y -> op(scalar, y)) or second (x -> op(x, scalar)).
   */
  record Mapping(String unary, String binary, double scalar, boolean first) {
    static final Mapping NONE = new Mapping(null, null, 0, false);

    static Mapping of(UnaryOp op) {
      return new Mapping(OpNames.of(op), null, 0, false);
    }

    static Mapping bound(BinaryOp op, double scalar, boolean first) {
      return new Mapping(null, OpNames.of(op), scalar, first);
    }

    /** The operator, or null for none. */
    UnaryOp op() {
      if (unary != null) {
        return UnaryOps.named(unary);
      }
      if (binary == null) {
        return null;
      }
      BinaryOp op = BinaryOps.named(binary);
      return first ? BinaryOps.bindFirst(op, scalar) : BinaryOps.bindSecond(op, scalar);
    }

    Map<String, String> encode() {
      return encode("");
    }

    /** Its options, each name after {@code prefix} (an operation that maps after its own work: "then_"). */
    Map<String, String> encode(String prefix) {
      Map<String, String> m = new LinkedHashMap<>();
      if (unary != null) {
        m.put(prefix + "unary", unary);
      } else if (binary != null) {
        m.put(prefix + "binary", binary);
        m.put(prefix + "bound", Double.toString(scalar)); // exact: parseDouble reads back the same double
        m.put(prefix + "bind", first ? "first" : "second");
      }
      return m;
    }

    static Mapping decode(Map<String, String> m) {
      return decode(m, "");
    }

    static Mapping decode(Map<String, String> m, String prefix) {
      if (m.containsKey(prefix + "unary")) {
        return new Mapping(m.get(prefix + "unary"), null, 0, false);
      }
      if (m.containsKey(prefix + "binary")) {
        return new Mapping(null, m.get(prefix + "binary"), Double.parseDouble(m.get(prefix + "bound")),
            "first".equals(m.get(prefix + "bind")));
      }
      return NONE;
    }
  }

  @Override
  protected Matrix driver() {
    return a;
  }

  @Override
  protected List<RowStream.Input> inputs() {
    return List.of(RowStream.Input.of(a.table).rows(select.rows()).cols(select.cols()));
  }

  @Override
  protected StreamPlan plan(StreamPlan.Settings settings) {
    return new Plan(settings, f, select);
  }

  /** The kernel's plan: one input (its rows and columns selected), the entries kept and mapped, one output. */
  public static final class Plan extends StreamPlan {
    private final Mapping f;
    private final Select select;

    Plan(Settings settings, Mapping f, Select select) {
      super(settings);
      this.f = f;
      this.select = select;
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      Map<String, String> m = f.encode();
      m.putAll(select.encode());
      return m;
    }

    @Override
    protected boolean emitsInRowOrder() {
      return true;
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      ValueCodec codec = codec();
      UnaryOp op = f.op();
      return (row, rows, out) -> {
        MatrixRow r = rows[0];
        for (int e = 0; r != null && e < r.size; e++) {
          double v = r.values[e];
          if (select.keeps(row, r.families[e], r.qualifiers[e], v)) {
            out.put(0, row, r.families[e], r.qualifiers[e], r.visibilities[e], codec.encode(op == null ? v : op.apply(v)));
          }
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
      return new Plan(StreamPlan.Settings.decode(options), Mapping.decode(options), Select.decode(options));
    }
  }
}
