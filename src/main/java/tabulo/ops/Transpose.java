package tabulo.ops;

import java.util.List;
import java.util.Map;

import tabulo.kernel.Columns;
import tabulo.kernel.KernelPlan;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.select.KeySpec;
import tabulo.storage.TableSettings;

/**
 * C = A^T: entry (r, c) becomes (c, r), value and label unchanged; the column key (family:qualifier when
 * the family is not empty) becomes the row, the row the qualifier. Not row-aligned: a mask is applied to
 * the result afterwards. The multiply copies its left side through this when its algorithm needs it, reading
 * only the cells its filters keep (A(rows, cols)^T).
 */
public final class Transpose extends StreamOperation {
  static final String KIND = "transpose";
  private static final byte[] EMPTY = new byte[0];
  private final Matrix a;
  private final KeySpec rows; // A's rows to read (the columns of the result)
  private final KeySpec cols; // A's columns to read (the rows of the result)

  Transpose(Matrix a, KeySpec rows, KeySpec cols) {
    super(a.session);
    this.a = a;
    this.rows = rows;
    this.cols = cols;
  }

  @Override
  protected Matrix driver() {
    return a;
  }

  @Override
  protected List<RowStream.Input> inputs() {
    return List.of(RowStream.Input.of(a.table).rows(rows).cols(cols));
  }

  @Override
  protected boolean rowAligned() {
    return false;
  }

  /** A's row splits say nothing of its column keys: the result starts as one tablet. */
  @Override
  protected TableSettings resultSettings() {
    return TableSettings.defaults();
  }

  @Override
  protected StreamPlan plan(StreamPlan.Settings settings) {
    return new Plan(settings);
  }

  /** The kernel's plan: each cell of the one input, row and column swapped. */
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
    protected RowStream.RowOp newRowOp() {
      return (row, rows, out) -> {
        var r = rows[0];
        if (r == null) {
          return;
        }
        for (int e = 0; e < r.size; e++) {
          out.put(0, Columns.key(r.families[e], r.qualifiers[e]), EMPTY, row, r.visibilities[e],
              codec().encode(r.values[e]));
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
