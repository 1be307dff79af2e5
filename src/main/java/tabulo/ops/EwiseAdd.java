package tabulo.ops;

import java.util.List;
import java.util.Map;

import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.ValueCodec;

/**
 * C = A ∪ B (GraphBLAS eWiseAdd): {@code op(a, b)} where both hold a key, else the one value. Labelled
 * cells pair up per key: each pair gives a cell labelled with both labels.
 */
public final class EwiseAdd extends StreamOperation {
  static final String KIND = "ewise-add";
  private final Matrix a;
  private final Matrix b;
  private final BinaryOp op;

  EwiseAdd(Matrix a, Matrix b, BinaryOp op) {
    super(a.session);
    this.a = a;
    this.b = b;
    this.op = op;
  }

  @Override
  protected Matrix driver() {
    return a;
  }

  @Override
  protected List<RowStream.Input> inputs() {
    return List.of(RowStream.Input.of(a.table), RowStream.Input.of(b.table));
  }

  @Override
  protected StreamPlan plan(StreamPlan.Settings settings) {
    return new Plan(settings, op);
  }

  /** The kernel's plan: two inputs that both drive, one output. */
  public static final class Plan extends StreamPlan {
    private final BinaryOp op;
    private final String opName;

    Plan(Settings settings, BinaryOp op) {
      super(settings);
      this.op = op;
      this.opName = OpNames.of(op); // refused here, on both hosts, if tablet servers could not find it
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      return Map.of("op", opName);
    }

    @Override
    protected boolean emitsInRowOrder() {
      return true;
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      ValueCodec codec = codec();
      return (row, rows, out) -> RowPairs.union(row, rows[0], rows[1], out, (x, y) -> codec.encode(op.apply(x, y)),
          x -> codec.encode(x));
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
      return new Plan(StreamPlan.Settings.decode(options), BinaryOps.named(options.get("op")));
    }
  }
}
