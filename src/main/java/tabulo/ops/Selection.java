package tabulo.ops;

import java.util.List;
import java.util.Map;

import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.math.ValueCodec;

/**
 * C = select(A): the entries of A a {@link Select} keeps, unchanged. Its rows and columns are read only
 * (the input's selection, so a scan reads nothing else); its test runs on each entry in the kernel.
 */
final class Selection extends StreamOperation {
  static final String KIND = "select";
  private final Matrix a;
  private final Select select;

  Selection(Matrix a, Select select) {
    super(a.session);
    this.a = a;
    this.select = select;
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
    return new Plan(settings, select);
  }

  /** The kernel's plan: one input (its rows and columns selected), the entries kept, one output. */
  public static final class Plan extends StreamPlan {
    private final Select select;

    Plan(Settings settings, Select select) {
      super(settings);
      this.select = select;
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      return select.encode();
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      ValueCodec codec = codec();
      return (row, rows, out) -> {
        MatrixRow r = rows[0];
        for (int e = 0; r != null && e < r.size; e++) {
          if (select.keeps(row, r.families[e], r.qualifiers[e], r.values[e])) {
            out.put(0, row, r.families[e], r.qualifiers[e], r.visibilities[e], codec.encode(r.values[e]));
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
      return new Plan(StreamPlan.Settings.decode(options), Select.decode(options));
    }
  }
}
