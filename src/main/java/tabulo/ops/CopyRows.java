package tabulo.ops;

import java.util.List;
import java.util.Map;

import tabulo.kernel.KernelPlan;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;

/** C = A, cell for cell: with a mask, C&lt;M&gt; = A (how a mask reaches results no kernel could mask). */
final class CopyRows extends StreamOperation {
  static final String KIND = "copy";
  private final Matrix a;
  private final boolean intoCombining;

  CopyRows(Matrix a) {
    this(a, false);
  }

  /** With {@code intoCombining}, the output sums what is written, so a host must not write a unit twice. */
  CopyRows(Matrix a, boolean intoCombining) {
    super(a.session);
    this.a = a;
    this.intoCombining = intoCombining;
  }

  @Override
  protected boolean outputCombines() {
    return intoCombining;
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
    return new Plan(settings);
  }

  /** The kernel's plan: each cell of the one input, unchanged. */
  public static final class Plan extends StreamPlan {
    Plan(Settings settings) {
      super(settings);
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      return Map.of();
    }

    @Override
    protected boolean emitsInRowOrder() {
      return true;
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      return (row, rows, out) -> {
        var r = rows[0];
        if (r == null) {
          return;
        }
        for (int e = 0; e < r.size; e++) {
          out.put(0, row, r.families[e], r.qualifiers[e], r.visibilities[e], codec().encode(r.values[e]));
        }
      };
    }
  }

  /** Decodes the plan in tablet servers. */
  public static final class Kind implements KernelPlan.Kind {
    @Override
    public String name() {
      return KIND;
    }

    @Override
    public Plan decode(Map<String, String> options) {
      return new Plan(StreamPlan.Settings.decode(options));
    }
  }
}
